import { z } from 'zod';
import { isTimeZone } from '../format/document-day.format.ts';

/** GET / PUT /settings/time-zone: the firm's time zone, whose calendar day its documents print. */
export const ZDocumentTimeZoneSetting = z
  .object({
    time_zone: z.string().trim().min(1, 'Choose a time zone.').max(64).refine(isTimeZone, 'Unknown time zone: choose one from the list, such as America/Chicago.'),
  })
  .strict();
export type DocumentTimeZoneSetting = z.infer<typeof ZDocumentTimeZoneSetting>;
