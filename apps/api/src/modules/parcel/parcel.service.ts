import type { ParcelInfo } from '@sunstamp/domain/contracts/jobs';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ParcelAddress, ParcelProvider } from '../../platform/parcel.ts';

export const PARCEL_NOT_CONFIGURED = 'Parcel lookup is not configured on this server.';

export async function lookupParcel(provider: ParcelProvider | null, address: ParcelAddress): Promise<{ parcel_info: ParcelInfo }> {
  if (!provider) throw new AppError(501, PARCEL_NOT_CONFIGURED, 'not_configured');
  let info: ParcelInfo | null;
  try {
    info = await provider.lookup(address);
  } catch {
    throw new AppError(502, 'The parcel lookup service did not answer. Please try again later.', 'parcel_failed');
  }
  if (!info) throw notFound('No parcel found for this address.');
  return { parcel_info: info };
}
