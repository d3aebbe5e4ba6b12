import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import { alpha } from '@mui/material/styles';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import Box from '@mui/material/Box';

/** The tiles the CSP allows (img-src https://*.tile.openstreetmap.org). Offline the map stays usable, just blank. */
const TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** The contiguous US, until the address gives a place. */
const US_CENTRE: [number, number] = [39.5, -98.35];

// Leaflet looks for its marker images next to its CSS; bundled, they live elsewhere.
const pinIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

export type LatLng = { lat: number; lng: number };

function FollowPin({ position, zoom }: { position: LatLng | null; zoom: number }) {
  const map = useMap();
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) map.setView([lat, lng], Math.max(map.getZoom(), zoom));
  }, [map, lat, lng, zoom]);
  return null;
}

function ClickToPlace({ onPick }: { onPick: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
/** A map point as stored: six decimals, longitude wrapped into [-180, 180]. */
const snap = (p: LatLng): LatLng => ({ lat: round6(p.lat), lng: round6(L.Util.wrapNum(p.lng, [-180, 180], true)) });

/**
 * The site on a map: the pin follows the address lookup; dragging it (or clicking the map) sets
 * latitude and longitude, and the page fills the rest by reverse geocoding.
 */
export function AddressMap({ position, onPick }: { position: LatLng | null; onPick: (p: LatLng) => void }) {
  const pick = (p: LatLng) => onPick(snap(p));
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => onPick(snap((e.target as L.Marker).getLatLng())),
    }),
    [onPick],
  );
  return (
    <Box
      data-testid="address-map"
      sx={(t) => ({
        height: { xs: 280, md: 360 },
        borderRadius: 2,
        overflow: 'hidden',
        border: `1px solid ${t.palette.divider}`,
        // Grey, not white, where tiles do not load (offline).
        '& .leaflet-container': { height: '100%', width: '100%', bgcolor: t.palette.mode === 'dark' ? '#1b2433' : '#e6eaf0', fontFamily: 'inherit' },
        // Leaflet's attribution is #0078a8 on translucent white: 3.3:1 over the dark map. The
        // theme's paper and colours instead (AA in both modes).
        '& .leaflet-container .leaflet-control-attribution': { bgcolor: alpha(t.palette.background.paper, 0.92), color: t.palette.text.primary },
        '& .leaflet-container .leaflet-control-attribution a': { color: t.palette.primary.main },
      })}
    >
      <MapContainer center={position ? [position.lat, position.lng] : US_CENTRE} zoom={position ? 16 : 4} scrollWheelZoom>
        <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
        <ClickToPlace onPick={pick} />
        <FollowPin position={position} zoom={16} />
        {position && <Marker position={[position.lat, position.lng]} draggable icon={pinIcon} eventHandlers={handlers} title="Site location: drag to adjust" />}
      </MapContainer>
    </Box>
  );
}
