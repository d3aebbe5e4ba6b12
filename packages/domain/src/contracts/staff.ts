import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { ZDateFilter, ZId } from './common.ts';

/** A group as its admin writes it: the name and every member (the list replaces the old one). */
export const ZGroupBody = z
  .object({
    name: z.string().trim().min(1, 'Write the group\'s name.').max(100),
    member_ids: z.array(ZId).max(500).default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (new Set(b.member_ids).size !== b.member_ids.length) ctx.addIssue({ code: 'custom', path: ['member_ids'], message: 'A person is listed twice.' });
  });
export type GroupBody = z.output<typeof ZGroupBody>;
export type GroupBodyInput = z.input<typeof ZGroupBody>;
export const ZGroupParams = z.object({ id: z.string().max(100) });

const ZPerson = z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.enum(ROLES) });

/** Someone signed in with a shift open now. */
export const ZActiveUser = ZPerson.extend({
  shift_started_at: z.string(),
  /** Hours so far in this shift. */
  shift_hours: z.number(),
});
export const ZActiveUserList = z.array(ZActiveUser);
export type ActiveUser = z.infer<typeof ZActiveUser>;

export const ZShiftsQuery = z.object({
  /** Shifts that started on or after (a date or a date-time). Default: 30 days back. */
  start_date: ZDateFilter.optional(),
  /** Shifts that started before the end of this day (or before this instant). Default: now. */
  end_date: ZDateFilter.optional(),
  user_id: ZId.optional(),
});

export const ZShift = z.object({
  id: z.string(),
  user: ZPerson,
  started_at: z.string(),
  /** Null while the shift is open. */
  ended_at: z.string().nullable(),
  /** Hours, to now for an open shift. */
  hours: z.number(),
});
export type Shift = z.infer<typeof ZShift>;

export const SHIFTS_MAX = 1000;
export const ZShiftLog = z.object({
  shifts: z.array(ZShift),
  /** Hours per person over the shifts listed. */
  totals: z.array(z.object({ user: ZPerson, shifts: z.number().int(), hours: z.number() })),
  /** True when more than SHIFTS_MAX shifts matched (the newest are listed). */
  truncated: z.boolean(),
});
export type ShiftLog = z.infer<typeof ZShiftLog>;
