import type { WetStamp } from '@sunstamp/domain/contracts/wet-stamps';
import { copiesText, WET_STAMP_STATES, WET_STAMP_STATE_LABELS, type WetStampState } from '@sunstamp/domain/jobs/wet-stamp.rules';

/** The card's steps: what our team records after the order (Pending Wet Stamp is the chip, not a step). */
export const WET_STAMP_STEPS = ['stamped', 'shipped', 'delivered'] as const satisfies readonly WetStampState[];
export type WetStampStep = (typeof WET_STAMP_STEPS)[number];

/** The stepper's active step: the next one to record (3 once delivered: all done). */
export const activeStepOf = (state: WetStampState) => WET_STAMP_STATES.indexOf(state);

/** The next step's button, or null once delivered. */
export function nextStepOf(state: WetStampState): { state: WetStampStep; label: string } | null {
  switch (state) {
    case 'pending': return { state: 'stamped', label: 'Mark stamped' };
    case 'stamped': return { state: 'shipped', label: 'Mark shipped…' };
    case 'shipped': return { state: 'delivered', label: 'Mark delivered…' };
    default: return null;
  }
}

export const stepLabel = (s: WetStampStep) => WET_STAMP_STATE_LABELS[s];

/** The chip's colour per state (palette names, so both themes keep their contrast). */
export const STATE_COLOURS: Record<WetStampState, 'warning' | 'info' | 'primary' | 'success'> = {
  pending: 'warning', stamped: 'info', shipped: 'primary', delivered: 'success',
};

const SOURCE: Record<string, string> = { company: 'the company\'s', utility: 'the utility\'s', ahj: 'the AHJ\'s', default: 'the default' };

/** Why the job has a wet stamp, in a sentence. */
export function reasonOf(w: Pick<WetStamp, 'by_service' | 'requirement'>): string {
  const req = w.requirement ? `${SOURCE[w.requirement.source] ?? 'a'} Wet Stamps requirement asks for ${copiesText(w.requirement.copies)}` : null;
  if (w.by_service && req) return `Ordered as the Wet Stamp service; ${req}.`;
  if (w.by_service) return 'Ordered as the Wet Stamp service.';
  if (req) return `${req.charAt(0).toUpperCase()}${req.slice(1)}.`;
  return 'Recorded for this revision.';
}

/** A calendar date (YYYY-MM-DD) as a reader reads it, on that day wherever the browser is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)));
}

/** Today in the browser's time zone, as YYYY-MM-DD (the delivery date's default). */
export function todayOf(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
