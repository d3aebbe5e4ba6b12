import type { JobStatus } from './workflow.rules.ts';

/**
 * Who did each step of a job's current cycle (issue 29, item 7), read from its history, not from
 * who moved the status: support often moves a job to Design Completed for the drafter who designed
 * it. Rules (docs/architecture.md, Analytics):
 * - design: the job's assignee when it left the design step (Pending Design or Pending Design
 *   Revision, forward: not to Pending Client or Cancelled), else whoever moved it out;
 * - QC: whoever passed Pending QC forward (not back to design, not to the client);
 * - stamp: whoever moved it out of Pending PE, Pending EE or Pending Wet Stamp forward.
 * The last such move of the cycle counts (a design sent back and done again is credited to who
 * did it again). A cycle starts after the last revision request.
 */

export type CreditHistoryRow = {
  event: string;
  actorId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  data?: unknown;
};

export type StepCredits = { design: string | null; qc: string | null; stamp: string | null };

const DESIGN: readonly JobStatus[] = ['Pending Design', 'Pending Design Revision'];
const QC: readonly JobStatus[] = ['Pending QC'];
const STAMP: readonly JobStatus[] = ['Pending PE', 'Pending EE', 'Pending Wet Stamp'];
/** Moves that hand a step back rather than finish it. */
const NOT_DONE: readonly string[] = ['Pending Client', 'Cancelled', 'Draft', ...DESIGN];

const assigneeIn = (data: unknown): string | null => {
  const v = (data as { assignee_id?: unknown } | null | undefined)?.assignee_id;
  return typeof v === 'string' ? v : null;
};

/** The credits of the cycle the rows end in (rows oldest first). */
export function stepCredits(rows: readonly CreditHistoryRow[]): StepCredits {
  let assignee: string | null = null;
  let credits: StepCredits = { design: null, qc: null, stamp: null };
  for (const r of rows) {
    if (r.event === 'assigned') assignee = assigneeIn(r.data);
    else if (r.event === 'unassigned') assignee = null;
    else if (r.event === 'revision') credits = { design: null, qc: null, stamp: null };
    const from = r.fromStatus as JobStatus | null;
    const to = r.toStatus;
    if (!from || !to || from === to) continue;
    const forward = !NOT_DONE.includes(to);
    if (DESIGN.includes(from) && forward) credits.design = assignee ?? r.actorId;
    else if (QC.includes(from) && forward) credits.qc = r.actorId;
    else if (STAMP.includes(from) && forward && to !== 'Pending QC') credits.stamp = r.actorId;
  }
  return credits;
}

/** The people credited for a cycle, each once (design first). */
export const creditedPeople = (c: StepCredits): string[] => [...new Set([c.design, c.qc, c.stamp].filter((x): x is string => !!x))];
