import type { z } from 'zod';
import { ZAddressAgreement, ZGeocodeResult, type ZGeocodeQuery } from '@sunstamp/domain/contracts/geocode';
import { ZParcelAnswer, type ZParcelQuery } from '@sunstamp/domain/contracts/jobs';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';

/** GET /geocode?address=: an address, ZIP or "City, ST" to candidates, best first (404 'No results found'). */
const geocodeEndpoint = getEndpoint(ZGeocodeResult.array(), (_q: z.input<typeof ZGeocodeQuery>) => '/geocode', (q) => q);
/** GET /geocode/reverse: coordinates to an address. */
const reverseEndpoint = getEndpoint(ZGeocodeResult.array(), (_q: { lat: number; lng: number }) => '/geocode/reverse', (q) => q);
/** GET /parcel: parcel_info.* for an address; 501 with the server's message when not configured. */
const parcelEndpoint = getEndpoint(ZParcelAnswer, (_q: z.input<typeof ZParcelQuery>) => '/parcel', (q) => q);

export const geocodeAddress = (address: string, signal?: AbortSignal) => fetchEndpoint(geocodeEndpoint, { address }, signal);

export const reverseGeocode = (lat: number, lng: number, signal?: AbortSignal) => fetchEndpoint(reverseEndpoint, { lat, lng }, signal);

export const lookupParcel = (q: { address: string; city: string; state: string; zip_code: string }) => fetchEndpoint(parcelEndpoint, q);

/** GET /geocode/agreement: the fields of the address that name different states (the check submit makes). */
const agreementEndpoint = getEndpoint(ZAddressAgreement, (_q: { state?: number; zip?: string; lat?: number; lng?: number }) => '/geocode/agreement', (q) => q);

export const checkAddressAgreement = (q: { state?: number; zip?: string; lat?: number; lng?: number }, signal?: AbortSignal) =>
  fetchEndpoint(agreementEndpoint, q, signal);
