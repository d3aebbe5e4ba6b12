import { z } from 'zod';

/** How long a live-event stream ticket may wait before it is used (once). */
export const STREAM_TICKET_SECONDS = 30;

/** POST /events/ticket: a single-use ticket that opens GET /events?ticket=… (no token in the URL). */
export const ZStreamTicket = z.object({
  ticket: z.string(),
  expires_in: z.number().int(),
});
export type StreamTicket = z.infer<typeof ZStreamTicket>;

export const ZEventStreamQuery = z.object({
  ticket: z.string().max(200).optional(),
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/** One server-sent event of GET /events: `data` is this JSON. */
export const ZUserEventMessage = z.object({
  /** null for a signal that is not stored (typing, read receipts): it has no place in the replay. */
  id: z.number().int().nullable(),
  type: z.string(),
  payload: z.unknown(),
  created_at: z.string(),
});
export type UserEventMessage = z.infer<typeof ZUserEventMessage>;
