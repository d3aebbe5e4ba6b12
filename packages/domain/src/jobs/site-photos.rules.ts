import { z } from 'zod';
import { SITE_PHOTO_COUNT_DEFAULT } from '../constants/limits.constants.ts';

/** The most photos a PV-5A layout sheet holds; more would not fit the sheet. */
export const SITE_PHOTO_COUNT_MAX = 12;

/** Spec §5: an integer, default 2; it caps the CAD photos placed on the PV-5A layouts. */
export const ZSitePhotoCount = z.coerce
  .number()
  .int()
  .min(0)
  .max(SITE_PHOTO_COUNT_MAX)
  .default(SITE_PHOTO_COUNT_DEFAULT);

/** The photos that go on the layouts: the first `count`, in the order given. */
export function photosForLayout<T>(photos: readonly T[], count: number = SITE_PHOTO_COUNT_DEFAULT): T[] {
  return photos.slice(0, Math.max(0, Math.trunc(count)));
}
