import { z } from 'zod';
import type { TaskCompletion } from '../constants/job-events.constants.ts';
import type { JobStatus } from './workflow.rules.ts';

/**
 * Wet stamps (spec §9: "Wet stamps for 1, 2 or 3 copies"): paper copies of the plan set stamped by
 * the engineer and shipped to the client. One task per job revision, moved by our team through
 * Pending Wet Stamp → Stamped → Shipped (carrier and tracking reference) → Delivered (date).
 */

export const WET_STAMP_SERVICE = 'wet_stamp';
export const WET_STAMP_REQUIREMENT = 'wet_stamps';

export const WET_STAMP_STATES = ['pending', 'stamped', 'shipped', 'delivered'] as const;
export type WetStampState = (typeof WET_STAMP_STATES)[number];

/** The first step keeps the job status's wording (spec §4 "Pending Wet Stamp"). */
export const WET_STAMP_STATE_LABELS: Record<WetStampState, string> = {
  pending: 'Pending Wet Stamp',
  stamped: 'Stamped',
  shipped: 'Shipped',
  delivered: 'Delivered',
};

export const WET_STAMP_MIN_COPIES = 1;
export const WET_STAMP_MAX_COPIES = 3;

export const copiesText = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/**
 * The copies a `wet_stamps` requirement value asks for ('1 Copy', '2 Copies', '3 Copies'), or null
 * for 'No Wet Stamps' and anything else.
 */
export function copiesOfRequirement(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+)\s+cop(?:y|ies)\s*$/i.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= WET_STAMP_MIN_COPIES && n <= WET_STAMP_MAX_COPIES ? n : null;
}

export interface WetStampNeed {
  /** The job has a wet stamp to make: the service was ordered, or its requirements ask for copies. */
  required: boolean;
  byService: boolean;
  /** Copies the resolved `wet_stamps` requirement asks for (null when it asks none). */
  requirementCopies: number | null;
  /** What a new task starts with: the copies the client ordered, else the requirement's, else one. */
  defaultCopies: number;
}

export function wetStampNeedOf(services: readonly string[], requirementValue: unknown, orderedCopies: number | null = null): WetStampNeed {
  const byService = services.includes(WET_STAMP_SERVICE);
  const requirementCopies = copiesOfRequirement(requirementValue);
  // The client's order at intake names the copies (issue 29, item 11); else the requirement's, else one.
  const ordered = byService && orderedCopies !== null && orderedCopies >= WET_STAMP_MIN_COPIES && orderedCopies <= WET_STAMP_MAX_COPIES ? orderedCopies : null;
  return {
    required: byService || requirementCopies !== null,
    byService,
    requirementCopies,
    defaultCopies: ordered ?? requirementCopies ?? WET_STAMP_MIN_COPIES,
  };
}

/** The task as the rules read it. */
export interface WetStampFacts {
  state: WetStampState;
  copies: number;
  carrier: string | null;
  trackingReference: string | null;
  /** YYYY-MM-DD */
  deliveredOn: string | null;
  /** When it was marked shipped (a delivery cannot come before it). */
  shippedAt: Date | null;
  notes: string;
}

export interface WetStampChange {
  state?: 'stamped' | 'shipped' | 'delivered';
  copies?: number;
  carrier?: string;
  tracking_reference?: string;
  delivered_on?: string;
  notes?: string;
}

const stepOf = (s: WetStampState) => WET_STAMP_STATES.indexOf(s);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Moving into a state, as a refusal words it ("… before shipping it"). */
const VERB: Record<WetStampState, string> = { pending: 'opening', stamped: 'stamping', shipped: 'shipping', delivered: 'delivering' };

/**
 * Why a change cannot be made to the task as it is (a 409 message), or null. Steps go forward one
 * at a time; what a step recorded may be corrected later (the carrier and tracking reference once
 * shipped, the delivery date once delivered); copies change only before they are stamped.
 * `today` is the caller's date (UTC, YYYY-MM-DD): a delivery is never in the future.
 */
export function wetStampChangeRefusal(current: WetStampFacts, change: WetStampChange, today: string): string | null {
  const from = stepOf(current.state);
  let to = from;
  if (change.state) {
    to = stepOf(change.state);
    if (to === from) return `The wet stamp is already marked ${WET_STAMP_STATE_LABELS[change.state].toLowerCase()}.`;
    if (to < from) {
      return `The wet stamp is already ${WET_STAMP_STATE_LABELS[current.state].toLowerCase()}: it cannot go back to ${WET_STAMP_STATE_LABELS[change.state].toLowerCase()}.`;
    }
    if (to > from + 1) {
      const missing = WET_STAMP_STATES[from + 1]!;
      return `Mark the wet stamp ${WET_STAMP_STATE_LABELS[missing].toLowerCase()} before ${VERB[change.state]} it.`;
    }
  }
  if (change.copies !== undefined && change.copies !== current.copies && from >= stepOf('stamped')) {
    return `The copies are already stamped (${copiesText(current.copies)}): the number cannot change now.`;
  }
  const shipping = change.carrier !== undefined || change.tracking_reference !== undefined;
  if (shipping && to < stepOf('shipped')) {
    return 'The carrier and tracking reference are recorded when the wet stamp is shipped.';
  }
  if (change.delivered_on !== undefined) {
    if (to < stepOf('delivered')) return 'The delivery date is recorded when the wet stamp is delivered.';
    if (change.delivered_on > today) return 'The delivery date cannot be in the future.';
    if (current.shippedAt && change.delivered_on < isoDay(current.shippedAt)) {
      return `The delivery date cannot be before the copies were shipped (${isoDay(current.shippedAt)}).`;
    }
  }
  return null;
}

/** The task after a change that the rules allow (the delivery date defaults to `today`). */
export function applyWetStampChange(current: WetStampFacts, change: WetStampChange, today: string): WetStampFacts {
  const next: WetStampFacts = { ...current };
  if (change.state) next.state = change.state;
  if (change.copies !== undefined) next.copies = change.copies;
  if (change.carrier !== undefined) next.carrier = change.carrier;
  if (change.tracking_reference !== undefined) next.trackingReference = change.tracking_reference;
  if (change.delivered_on !== undefined) next.deliveredOn = change.delivered_on;
  else if (change.state === 'delivered') next.deliveredOn = today;
  if (change.notes !== undefined) next.notes = change.notes;
  return next;
}

/** What changed, in words, for the job's history ("Wet stamp shipped: 2 copies by UPS, tracking 1Z…"); empty when nothing did. */
export function wetStampChangeSummary(before: WetStampFacts, after: WetStampFacts): string[] {
  const out: string[] = [];
  if (after.state !== before.state) {
    switch (after.state) {
      case 'stamped': out.push(`Wet stamp stamped: ${copiesText(after.copies)}`); break;
      case 'shipped': out.push(`Wet stamp shipped: ${copiesText(after.copies)} by ${after.carrier}, tracking ${after.trackingReference}`); break;
      case 'delivered': out.push(`Wet stamp delivered on ${after.deliveredOn}`); break;
      default: break;
    }
  } else {
    if (after.carrier !== before.carrier || after.trackingReference !== before.trackingReference) {
      out.push(`Wet stamp shipping corrected: ${after.carrier}, tracking ${after.trackingReference}`);
    }
    if (after.deliveredOn !== before.deliveredOn) out.push(`Wet stamp delivery date corrected: ${after.deliveredOn}`);
  }
  if (after.copies !== before.copies) out.push(`Wet stamp copies: ${before.copies} → ${after.copies}`);
  if (after.notes !== before.notes) out.push('Wet stamp notes changed');
  return out;
}

/** The `wet_stamp` service task a state sets: In Progress once stamped or shipped, Completed once delivered; null leaves it. */
export function serviceTaskOfWetStamp(state: WetStampState): TaskCompletion | null {
  switch (state) {
    case 'stamped': case 'shipped': return 'in_progress';
    case 'delivered': return 'completed';
    default: return null;
  }
}

/**
 * Whether a service's task follows the wet stamp record (`serviceTaskOfWetStamp`) and so is never
 * set by hand: a hand-set Wet Stamp task would disagree with the card (Completed while the copies
 * are still Pending Wet Stamp), and the card's steps carry what a task cannot (carrier, tracking,
 * delivery date) and never go back.
 */
export const isTaskDrivenByWetStamp = (service: string) => service === WET_STAMP_SERVICE;

/** The 409 of a hand-set Wet Stamp task, and the tooltip of its disabled control. */
export const WET_STAMP_TASK_BY_HAND_MESSAGE =
  'The Wet Stamp task follows the wet stamp card: mark the copies stamped, shipped or delivered there.';

/** Shipped or delivered: what lets a job leave Pending Wet Stamp. */
export const isWetStampSent = (state: WetStampState | null | undefined) => state === 'shipped' || state === 'delivered';

/** The move the wet stamp gates: out of Pending Wet Stamp into Design Completed. */
export const isWetStampGatedMove = (from: JobStatus, to: JobStatus) => from === 'Pending Wet Stamp' && to === 'Design Completed';

export const WET_STAMP_GATE_MESSAGE =
  'This job cannot move to Design Completed until its wet stamp is shipped: record the carrier and tracking reference on the Wet stamp card.';

/** The refusal's detail line ("Wet stamp: Stamped (2 copies), not shipped yet."). */
export const wetStampGateSentence = (state: WetStampState, copies: number) =>
  `Wet stamp: ${WET_STAMP_STATE_LABELS[state]} (${copiesText(copies)}), not shipped yet.`;

/**
 * The wet-stamp order a client gives at intake (issue 29, item 11): how many stamped copies and
 * where to ship them. A draft may hold it half filled (each field is checked for its shape only);
 * submitting a job whose services include the wet stamp needs every field (wetStampOrderProblems).
 */
const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
export const ZWetStampOrder = z.object({
  copies: z.number().int().min(WET_STAMP_MIN_COPIES).max(WET_STAMP_MAX_COPIES).nullable(),
  recipient: z.string().trim().max(200),
  street: z.string().trim().max(300),
  city: z.string().trim().max(200),
  /** A US state or Canadian province abbreviation (the /states list's). */
  state: z.string().trim().max(3),
  zip: z.string().trim().max(10).refine((v) => v === '' || US_ZIP.test(v) || CA_POSTAL.test(v), {
    message: 'Enter a ZIP code (12345 or 12345-6789) or a Canadian postal code.',
  }),
});
export type WetStampOrder = z.output<typeof ZWetStampOrder>;

export const EMPTY_WET_STAMP_ORDER: WetStampOrder = { copies: null, recipient: '', street: '', city: '', state: '', zip: '' };

/** The messages of a wet-stamp order's missing fields, by field (empty when ready to submit). */
export const WET_STAMP_ORDER_MESSAGES: Record<keyof WetStampOrder, string> = {
  copies: `Choose how many stamped copies to ship (${WET_STAMP_MIN_COPIES} to ${WET_STAMP_MAX_COPIES}).`,
  recipient: 'Enter who receives the stamped copies.',
  street: 'Enter the street address to ship the stamped copies to.',
  city: 'Enter the city to ship the stamped copies to.',
  state: 'Choose the state to ship the stamped copies to.',
  zip: 'Enter the ZIP code to ship the stamped copies to.',
};

/**
 * What a job's wet-stamp order lacks before submitting: nothing when its services do not include
 * the wet stamp; else each empty field, as `wet_stamp_order.<field>` → message.
 */
export function wetStampOrderProblems(services: readonly string[], order: Partial<WetStampOrder> | null | undefined): Record<string, string>[] {
  if (!services.includes(WET_STAMP_SERVICE)) return [];
  const o = { ...EMPTY_WET_STAMP_ORDER, ...(order ?? {}) };
  return (Object.keys(WET_STAMP_ORDER_MESSAGES) as (keyof WetStampOrder)[])
    .filter((k) => (k === 'copies' ? o.copies === null : !String(o[k]).trim()))
    .map((k) => ({ [`wet_stamp_order.${k}`]: WET_STAMP_ORDER_MESSAGES[k] }));
}

/** The order as one line for staff ("2 copies to Jane Roe, 1 Main St, Austin, TX 78701"). */
export function wetStampOrderText(o: WetStampOrder): string {
  const where = [o.recipient, o.street, o.city, [o.state, o.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return `${o.copies !== null ? copiesText(o.copies) : 'Copies not given'}${where ? ` to ${where}` : ''}`;
}
