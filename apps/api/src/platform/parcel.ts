import type { ParcelInfo } from '@sunstamp/domain/contracts/jobs';

/**
 * Parcel lookup (spec §7 GET /parcel): fills the dynamic CAD fields parcel_info.* from an address.
 * Parcel data comes from paid county-records services (Regrid, ATTOM, county GIS portals); none is
 * bundled, so with no provider configured the route answers 501. A provider implements `lookup`
 * and answers null when it has no parcel for the address.
 */
export type ParcelAddress = { address: string; city: string; state: string; zip_code: string };

export interface ParcelProvider {
  readonly name: string;
  lookup(address: ParcelAddress): Promise<ParcelInfo | null>;
}

/** No provider is built in yet: PARCEL_PROVIDER is reserved for the first adapter. */
export function parcelProviderFromEnv(_env: Record<string, string | undefined>): ParcelProvider | null {
  return null;
}
