import { CAD_GENERATION_PROGRESS, OTHER_PROGRESS_EVENT_LABELS } from '@sunstamp/domain/constants/job-events.constants';
import type { CadRun, CadRunEvent } from '@sunstamp/domain/contracts/cad-runs';

/** The progress the panel shows: the spec's label and percentage of the last event, or the run's stored stage. */
export type Progress = { label: string; percent: number };

export function progressOfRun(run: Pick<CadRun, 'status' | 'stage' | 'progress'>): Progress {
  if (run.stage && run.stage in CAD_GENERATION_PROGRESS) {
    const s = CAD_GENERATION_PROGRESS[run.stage as keyof typeof CAD_GENERATION_PROGRESS];
    return { label: s.label, percent: s.percent };
  }
  if (run.stage && run.stage in OTHER_PROGRESS_EVENT_LABELS) {
    return { label: OTHER_PROGRESS_EVENT_LABELS[run.stage as keyof typeof OTHER_PROGRESS_EVENT_LABELS], percent: run.progress };
  }
  if (run.status === 'queued') return { label: 'Queued', percent: 0 };
  return { label: 'Starting', percent: run.progress };
}

/** A live event's progress (events without a percentage, the failure messages, change nothing). */
export function progressOfEvent(e: Pick<CadRunEvent, 'label' | 'progress'>): Progress | null {
  return e.progress === null ? null : { label: e.label, percent: e.progress };
}

/** The file name a run file downloads under. */
export const fileLabel = (name: string) => name.replace(/-cut-sheet\.pdf$/, '').replace(/-/g, ' ');

/**
 * A check's value as the check panel prints it: numbers to at most three decimals (the engine keeps
 * more than a reader needs), booleans as Yes/No, then the unit.
 */
export function formatCheckValue(value: number | string | boolean, unit: string): string {
  const v = typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;
  return unit ? `${v} ${unit}` : v;
}
