import { z } from 'zod';

/**
 * Address lookup (spec §7 maps service): forward, by coordinates and by place id, each answering
 * street address, zip code, city, state name and abbreviation, and lat/lng. Failures use the
 * spec's texts: 'No results found' (404) and 'Geocoder failed due to: {status}' (502).
 */
export const ZGeocodeResult = z.object({
  street_address: z.string(),
  zip_code: z.string(),
  city: z.string(),
  state_name: z.string(),
  state_abbreviation: z.string(),
  /** The /states id for the state, when it is one we list (Puerto Rico included). */
  state_id: z.number().int().nullable(),
  lat: z.number(),
  lng: z.number(),
  formatted_address: z.string(),
  place_id: z.string().nullable(),
  /** Which geocoder answered: offline (ZIP/city dataset), nominatim or google. */
  source: z.enum(['offline', 'nominatim', 'google']),
});
export type GeocodeResult = z.infer<typeof ZGeocodeResult>;

export const ZGeocodeQuery = z.object({ address: z.string().trim().min(1).max(300) });
export const ZReverseGeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export const ZPlaceParams = z.object({ placeId: z.string().trim().min(1).max(300) });

/** GET /geocode/agreement: do the state, ZIP and map pin name one state (issue 29, item 6)? */
export const ZAddressAgreementQuery = z.object({
  state: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  zip: z.string().trim().max(20).default(''),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
/** The fields that disagree, as the job body names them, each with a message naming both sides; empty when they agree. */
export const ZAddressAgreement = z.object({ problems: z.array(z.record(z.string(), z.string())) });
export type AddressAgreement = z.infer<typeof ZAddressAgreement>;
