import type { GeocodeResult } from '@sunstamp/domain/contracts/geocode';
import type { ParcelInfo } from '@sunstamp/domain/contracts/jobs';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /geocode?address=: an address, ZIP or "City, ST" to candidates, best first (404 'No results found'). */
export const geocodeAddress = (address: string, signal?: AbortSignal) =>
  apiClient.get<GeocodeResult[]>('/geocode', { query: { address }, signal });

/** GET /geocode/reverse: coordinates to an address. */
export const reverseGeocode = (lat: number, lng: number, signal?: AbortSignal) =>
  apiClient.get<GeocodeResult[]>('/geocode/reverse', { query: { lat, lng }, signal });

/** GET /parcel: parcel_info.* for an address; 501 with the server's message when not configured. */
export const lookupParcel = (q: { address: string; city: string; state: string; zip_code: string }) =>
  apiClient.get<{ parcel_info: ParcelInfo }>('/parcel', { query: q });
