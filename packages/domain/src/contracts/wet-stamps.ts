import { z } from 'zod';
import { DATE_FILTER_MAX_YEAR, DATE_FILTER_MIN_YEAR } from './common.ts';
import { WET_STAMP_MAX_COPIES, WET_STAMP_MIN_COPIES, WET_STAMP_STATES, ZWetStampOrder } from '../jobs/wet-stamp.rules.ts';

/** A job revision's wet stamp (paper copies stamped and shipped): GET and PATCH /jobs/{id}/wet-stamp. */

export const ZWetStampState = z.enum(WET_STAMP_STATES);
export const ZWetStampCopies = z.number().int().min(WET_STAMP_MIN_COPIES, 'One to three copies.').max(WET_STAMP_MAX_COPIES, 'One to three copies.');

const ZText = (max: number, what: string) => z.string().trim().min(1, `Enter the ${what}.`).max(max, `At most ${max} characters.`);

/** A calendar date (YYYY-MM-DD) within the years a date may name here. */
const ZDay = z.iso.date('Use a date like 2026-11-27.').refine((s) => {
  const y = Number(s.slice(0, 4));
  return y >= DATE_FILTER_MIN_YEAR && y <= DATE_FILTER_MAX_YEAR;
}, { message: `Use a date between ${DATE_FILTER_MIN_YEAR} and ${DATE_FILTER_MAX_YEAR}.` });

/**
 * One change: the next step (shipping names the carrier and the tracking reference; a delivery may
 * name its date, today otherwise), the copies (before stamping), a correction of what a step
 * recorded, or the notes. At least one field.
 */
export const ZWetStampPatchBody = z.object({
  state: z.enum(['stamped', 'shipped', 'delivered']).optional(),
  copies: ZWetStampCopies.optional(),
  carrier: ZText(100, 'carrier').optional(),
  tracking_reference: ZText(100, 'tracking reference').optional(),
  delivered_on: ZDay.optional(),
  notes: z.string().trim().max(2000, 'At most 2000 characters.').optional(),
}).strict().superRefine((b, c) => {
  if (Object.values(b).every((v) => v === undefined)) c.addIssue({ code: 'custom', path: ['state'], message: 'Send what changes.' });
  if (b.state === 'shipped') {
    if (!b.carrier) c.addIssue({ code: 'custom', path: ['carrier'], message: 'Name the carrier the copies were shipped with.' });
    if (!b.tracking_reference) c.addIssue({ code: 'custom', path: ['tracking_reference'], message: 'Enter the shipping or tracking reference.' });
  }
});
export type WetStampPatchBody = z.output<typeof ZWetStampPatchBody>;

/** Who made a step and when; `by` is null for a client ("Our team"). */
export const ZWetStampStep = z.object({ at: z.string(), by: z.string().nullable() });

export const ZWetStamp = z.object({
  job_id: z.string(),
  /** The job revision the task belongs to (a revision starts a new one). */
  revision: z.number().int(),
  /** Whether the job has a wet stamp to make; false: nothing else here matters and the card hides. */
  required: z.boolean(),
  /** Why: the Wet Stamp service, and/or the resolved `wet_stamps` requirement ("2 Copies", from the AHJ). */
  by_service: z.boolean(),
  requirement: z.object({ value: z.string(), copies: z.number().int(), source: z.string() }).nullable(),
  /** False until our team records a first change: until then the copies follow the requirement. */
  recorded: z.boolean(),
  copies: z.number().int(),
  state: ZWetStampState,
  state_label: z.string(),
  carrier: z.string().nullable(),
  tracking_reference: z.string().nullable(),
  delivered_on: z.string().nullable(),
  notes: z.string(),
  stamped: ZWetStampStep.nullable(),
  shipped: ZWetStampStep.nullable(),
  delivered: ZWetStampStep.nullable(),
  updated_at: z.string().nullable(),
  /** The job waits in Pending Wet Stamp and cannot reach Design Completed until this is shipped. */
  blocks_design_completed: z.boolean(),
  may_edit: z.boolean(),
  /** The copies and shipping address the client ordered at intake (issue 29, item 11), or null. */
  order: ZWetStampOrder.nullable(),
});
export type WetStamp = z.infer<typeof ZWetStamp>;
