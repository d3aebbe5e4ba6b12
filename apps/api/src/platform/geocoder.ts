import { createRequire } from 'node:module';
import { normaliseAddressComponents, type AddressComponent } from '@sunstamp/domain/jobs/address.rules';
import { STATES } from '@sunstamp/domain/catalogue/option-lists.data';

/**
 * Address lookup behind one interface (spec §7 maps service): forward, reverse by coordinates,
 * and by place id. The default answers offline from the US ZIP dataset shipped inside the
 * `zipcodes` npm package (ZIP → city, state, centre; city + state → centre), so a fresh install
 * fills state, city and a map centre with no network and no key. Nominatim and Google are chosen
 * with GEOCODER=nominatim|google (GOOGLE_MAPS_API_KEY for Google). Every provider turns its
 * answer into Google-style address components and lets the domain rule normalise them, so Puerto
 * Rico is a state with its municipality as the city whichever provider answered.
 */
export type GeocodeHit = {
  street_address: string;
  zip_code: string;
  city: string;
  state_name: string;
  state_abbreviation: string;
  lat: number;
  lng: number;
  formatted_address: string;
  place_id: string | null;
  source: 'offline' | 'nominatim' | 'google';
};

export interface Geocoder {
  readonly name: GeocodeHit['source'];
  forward(address: string): Promise<GeocodeHit[]>;
  reverse(lat: number, lng: number): Promise<GeocodeHit[]>;
  place(placeId: string): Promise<GeocodeHit[]>;
}

/** A provider failure; `status` fills 'Geocoder failed due to: {status}' (spec §8). */
export class GeocoderFailure extends Error {
  constructor(public readonly status: string) {
    super(`Geocoder failed due to: ${status}`);
  }
}

const US_STATES = STATES.items;
const stateByAbbr = new Map(US_STATES.map((s) => [s.abbreviation.toUpperCase(), s]));
const stateByName = new Map(US_STATES.map((s) => [s.label.toLowerCase(), s]));

function hitOf(components: AddressComponent[], lat: number, lng: number, extra: { formatted: string; placeId: string | null; source: GeocodeHit['source'] }): GeocodeHit {
  const a = normaliseAddressComponents(components);
  return {
    street_address: a.street_address,
    zip_code: a.zip_code,
    city: a.city,
    state_name: a.state_name,
    state_abbreviation: a.state_abbreviation,
    lat,
    lng,
    formatted_address: extra.formatted,
    place_id: extra.placeId,
    source: extra.source,
  };
}

const comp = (long_name: string, short_name: string, ...types: string[]): AddressComponent => ({ long_name, short_name, types });

// ---------------------------------------------------------------------------------------------
// Offline: the zipcodes package

type ZipRow = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
type ZipCodes = {
  lookup(zip: string): ZipRow | undefined;
  lookupByName(city: string, state: string): ZipRow[];
  codes: Record<string, ZipRow>;
};
let zipcodes: ZipCodes | undefined;
const zips = () => (zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipCodes);

/** Only the rows of states we list (US states, DC, territories); not military APO/FPO or Canada. */
const isListed = (r: ZipRow | undefined): r is ZipRow => !!r && r.country === 'US' && stateByAbbr.has(r.state);

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Nearest ZIP centre within this distance counts as "here" for a reverse lookup. */
const REVERSE_MAX_KM = 30;

/**
 * The state a US ZIP is in, from the ZIP dataset (any geocoder: the ZIP is the user's, the dataset
 * is the postal service's), or null for a ZIP it does not list. Used by the address agreement
 * check at submit (issue 29, item 6).
 */
export function zipStateOf(zip: string): { name: string; abbreviation: string } | null {
  const five = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip)?.[1];
  if (!five) return null;
  const row = zips().lookup(five);
  if (!isListed(row)) return null;
  const s = stateByAbbr.get(row.state)!;
  return { name: s.label, abbreviation: s.abbreviation };
}

/** A pin this close to a ZIP centre of the job's own state is taken to be in it (border towns). */
export const PIN_STATE_TOLERANCE_KM = 40;

/**
 * The state a map pin lies in when it is clearly not `expected`: the state of the nearest ZIP
 * centre (within REVERSE_MAX_KM) when no ZIP centre of `expected` is within
 * PIN_STATE_TOLERANCE_KM. ZIP centres are not borders, so a pin near a border is given the benefit
 * of the doubt; null when the pin is in `expected` as far as we can tell, or nowhere we know.
 */
export function pinStateOf(lat: number, lng: number, expected: string | null): { name: string; abbreviation: string } | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  let best: ZipRow | undefined;
  let bestKm = Infinity;
  let expectedKm = Infinity;
  for (const row of Object.values(zips().codes)) {
    if (!isListed(row) || Math.abs(row.latitude - lat) > 1 || Math.abs(row.longitude - lng) > 1.5) continue;
    const km = haversineKm(lat, lng, row.latitude, row.longitude);
    if (km < bestKm) { best = row; bestKm = km; }
    if (row.state === expected && km < expectedKm) expectedKm = km;
  }
  if (!best || bestKm > REVERSE_MAX_KM || best.state === expected || expectedKm <= PIN_STATE_TOLERANCE_KM) return null;
  const s = stateByAbbr.get(best.state)!;
  return { name: s.label, abbreviation: s.abbreviation };
}

export class OfflineGeocoder implements Geocoder {
  readonly name = 'offline' as const;

  private hit(row: ZipRow, street: string, withZip: boolean, centre?: { lat: number; lng: number }): GeocodeHit {
    const state = stateByAbbr.get(row.state)!;
    const components = [
      ...(street ? [comp(street, street, 'route')] : []),
      comp(row.city, row.city, 'locality'),
      comp(state.label, state.abbreviation, 'administrative_area_level_1'),
      comp('United States', 'US', 'country'),
      ...(withZip ? [comp(row.zip, row.zip, 'postal_code')] : []),
    ];
    const lat = centre?.lat ?? row.latitude;
    const lng = centre?.lng ?? row.longitude;
    const formatted = [street, row.city, `${state.abbreviation}${withZip ? ` ${row.zip}` : ''}`].filter(Boolean).join(', ');
    return hitOf(components, lat, lng, { formatted, placeId: withZip ? `zip:${row.zip}` : `city:${row.city}|${row.state}`, source: 'offline' });
  }

  private cityHit(city: string, stateAbbr: string, street: string): GeocodeHit | null {
    const rows = zips().lookupByName(city, stateAbbr).filter(isListed);
    if (!rows.length) return null;
    // The city's centre: the mean of its ZIP centres.
    const lat = rows.reduce((s, r) => s + r.latitude, 0) / rows.length;
    const lng = rows.reduce((s, r) => s + r.longitude, 0) / rows.length;
    return this.hit(rows[0]!, street, rows.length === 1, { lat: Math.round(lat * 1e4) / 1e4, lng: Math.round(lng * 1e4) / 1e4 });
  }

  async forward(address: string): Promise<GeocodeHit[]> {
    const text = address.trim();
    const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
    const zipMatch = /\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/.exec(text);
    if (zipMatch) {
      const row = zips().lookup(zipMatch[1]!);
      if (isListed(row)) {
        // The street is the first part when there is more than one and it is not the ZIP itself.
        const street = parts.length > 1 && !parts[0]!.includes(zipMatch[1]!) ? parts[0]! : '';
        return [this.hit(row, street, true)];
      }
    }
    // "City, ST" / "City, State" / "Street, City, ST", the state possibly followed by a ZIP we did not know.
    if (parts.length >= 2) {
      const stateText = parts[parts.length - 1]!.replace(/\b\d{5}(?:-\d{4})?\b/, '').trim();
      const state = stateByAbbr.get(stateText.toUpperCase()) ?? stateByName.get(stateText.toLowerCase());
      if (state) {
        const city = parts[parts.length - 2]!;
        const street = parts.length > 2 ? parts[0]! : '';
        const hit = this.cityHit(city, state.abbreviation, street);
        if (hit) return [hit];
      }
    }
    return [];
  }

  async reverse(lat: number, lng: number): Promise<GeocodeHit[]> {
    let best: ZipRow | undefined;
    let bestKm = Infinity;
    for (const row of Object.values(zips().codes)) {
      if (!isListed(row) || Math.abs(row.latitude - lat) > 1 || Math.abs(row.longitude - lng) > 1.5) continue;
      const km = haversineKm(lat, lng, row.latitude, row.longitude);
      if (km < bestKm) { best = row; bestKm = km; }
    }
    if (!best || bestKm > REVERSE_MAX_KM) return [];
    const hit = this.hit(best, '', true);
    return [{ ...hit, lat, lng }];
  }

  async place(placeId: string): Promise<GeocodeHit[]> {
    const zip = /^zip:(\d{5})$/.exec(placeId);
    if (zip) {
      const row = zips().lookup(zip[1]!);
      return isListed(row) ? [this.hit(row, '', true)] : [];
    }
    const city = /^city:(.+)\|([A-Z]{2})$/.exec(placeId);
    if (city) {
      const hit = this.cityHit(city[1]!, city[2]!, '');
      return hit ? [hit] : [];
    }
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Network providers (documented APIs; they cannot be reached from the build machines, so their
// parsing is tested on recorded answers)

export type Fetch = (url: string, init?: { headers?: Record<string, string>; signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const TIMEOUT_MS = 10_000;

async function getJson(fetchFn: Fetch, url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let res;
  try {
    res = await fetchFn(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new GeocoderFailure((e as Error)?.name === 'TimeoutError' ? 'TIMEOUT' : 'NETWORK_ERROR');
  }
  if (!res.ok) throw new GeocoderFailure(`HTTP_${res.status}`);
  try {
    return await res.json();
  } catch {
    throw new GeocoderFailure('INVALID_RESPONSE');
  }
}

/** One Nominatim place (format=jsonv2, addressdetails=1). */
export type NominatimPlace = {
  place_id?: number;
  osm_type?: string;
  osm_id?: number;
  lat: string;
  lon: string;
  display_name?: string;
  address?: Record<string, string>;
};

/** Nominatim's address breakdown to Google-style components (Puerto Rico is its own country code there). */
export function parseNominatimPlace(p: NominatimPlace): GeocodeHit {
  const a = p.address ?? {};
  const cc = (a.country_code ?? '').toUpperCase();
  const lvl4 = a['ISO3166-2-lvl4'] ?? '';
  const isPr = cc === 'PR' || lvl4 === 'US-PR';
  const stateAbbr = lvl4.startsWith('US-') ? lvl4.slice(3) : '';
  const city = a.city ?? a.town ?? a.village ?? a.hamlet ?? a.municipality ?? a.suburb ?? '';
  const components: AddressComponent[] = [];
  if (a.house_number) components.push(comp(a.house_number, a.house_number, 'street_number'));
  if (a.road) components.push(comp(a.road, a.road, 'route'));
  if (city) components.push(comp(city, city, 'locality'));
  if (isPr) {
    components.push(comp('Puerto Rico', 'PR', 'country'));
  } else {
    if (a.state) components.push(comp(a.state, stateAbbr || stateByName.get(a.state.toLowerCase())?.abbreviation || a.state, 'administrative_area_level_1'));
    if (cc) components.push(comp(a.country ?? cc, cc, 'country'));
  }
  if (a.postcode) components.push(comp(a.postcode, a.postcode, 'postal_code'));
  const placeId = p.osm_type && p.osm_id ? `${p.osm_type[0]!.toUpperCase()}${p.osm_id}` : null;
  return hitOf(components, Number(p.lat), Number(p.lon), { formatted: p.display_name ?? '', placeId, source: 'nominatim' });
}

/** Nominatim answers a list for search and lookup, one object (or {error}) for reverse. */
export function parseNominatimResponse(body: unknown): GeocodeHit[] {
  if (Array.isArray(body)) return body.filter((p) => p && p.lat && p.lon).map((p) => parseNominatimPlace(p as NominatimPlace));
  if (body && typeof body === 'object') {
    if ('error' in body) return [];
    if ('lat' in body && 'lon' in body) return [parseNominatimPlace(body as NominatimPlace)];
  }
  throw new GeocoderFailure('INVALID_RESPONSE');
}

export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim' as const;
  constructor(private base: string, private userAgent: string, private fetchFn: Fetch = fetch as unknown as Fetch) {}

  private async get(path: string, params: Record<string, string>) {
    const q = new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params });
    // The public instance's usage policy requires an identifying User-Agent.
    return parseNominatimResponse(await getJson(this.fetchFn, `${this.base.replace(/\/$/, '')}/${path}?${q}`, { 'user-agent': this.userAgent }));
  }

  forward(address: string) { return this.get('search', { q: address, limit: '5', countrycodes: 'us,pr' }); }
  reverse(lat: number, lng: number) { return this.get('reverse', { lat: String(lat), lon: String(lng) }); }
  place(placeId: string) {
    // Our Nominatim place ids are the OSM ids the lookup endpoint takes: N123, W456, R789.
    if (!/^[NWR]\d{1,15}$/.test(placeId)) return Promise.resolve([]);
    return this.get('lookup', { osm_ids: placeId });
  }
}

export type GoogleResult = {
  address_components: AddressComponent[];
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
  place_id: string;
};

/** The Geocoding API's envelope: OK answers results; ZERO_RESULTS is "no results"; other statuses are failures. */
export function parseGoogleResponse(body: unknown): GeocodeHit[] {
  const b = body as { status?: string; results?: GoogleResult[] } | null;
  if (!b || typeof b.status !== 'string') throw new GeocoderFailure('INVALID_RESPONSE');
  if (b.status === 'ZERO_RESULTS') return [];
  if (b.status !== 'OK') throw new GeocoderFailure(b.status);
  return (b.results ?? []).map((r) =>
    hitOf(r.address_components, r.geometry.location.lat, r.geometry.location.lng, { formatted: r.formatted_address, placeId: r.place_id, source: 'google' }));
}

export class GoogleGeocoder implements Geocoder {
  readonly name = 'google' as const;
  constructor(private apiKey: string, private fetchFn: Fetch = fetch as unknown as Fetch, private base = 'https://maps.googleapis.com/maps/api/geocode/json') {}

  private async get(params: Record<string, string>) {
    const q = new URLSearchParams({ ...params, key: this.apiKey });
    return parseGoogleResponse(await getJson(this.fetchFn, `${this.base}?${q}`));
  }

  forward(address: string) { return this.get({ address, components: 'country:US|country:PR' }); }
  reverse(lat: number, lng: number) { return this.get({ latlng: `${lat},${lng}` }); }
  place(placeId: string) { return this.get({ place_id: placeId }); }
}

/**
 * Picks the provider from the environment: GEOCODER=offline (default) | nominatim | google;
 * NOMINATIM_URL, NOMINATIM_USER_AGENT, GOOGLE_MAPS_API_KEY. (Parsed in config.ts (Config.lookup); kept as a record here
 * so this module stays self-contained; the values are validated the same way, at start-up.)
 */
export function geocoderFromEnv(env: Record<string, string | undefined>, fetchFn?: Fetch): Geocoder {
  const kind = (env.GEOCODER ?? 'offline').toLowerCase();
  if (kind === 'offline') return new OfflineGeocoder();
  if (kind === 'nominatim') {
    return new NominatimGeocoder(env.NOMINATIM_URL ?? 'https://nominatim.openstreetmap.org', env.NOMINATIM_USER_AGENT ?? 'Sunstamp/0.1 (permit design portal)', fetchFn);
  }
  if (kind === 'google') {
    if (!env.GOOGLE_MAPS_API_KEY) throw new Error('Invalid configuration: GEOCODER=google needs GOOGLE_MAPS_API_KEY');
    return new GoogleGeocoder(env.GOOGLE_MAPS_API_KEY, fetchFn);
  }
  throw new Error(`Invalid configuration: GEOCODER must be offline, nominatim or google (got "${env.GEOCODER}")`);
}
