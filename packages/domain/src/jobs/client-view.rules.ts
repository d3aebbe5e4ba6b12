import { z } from 'zod';
import { FILE_CATEGORIES, type FileCategory } from '../constants/files.constants.ts';
import { isClientRole, type Role } from '../roles.ts';
import { seesInternalStatus } from '../policies/jobs.policy.ts';
import { JOB_STATUSES, clientStatusOf, type ClientStatus, type JobStatus } from './workflow.rules.ts';

/**
 * What a client reads of a job (decisions.md job workflow: the client-facing status is derived
 * from the internal one). A client sees only client-facing statuses and terms: never an internal
 * status name, an internal event (assignment, internal moves, deactivation, internal file
 * deletions), the assignee, the overdue flag or an internal file category. The API applies these
 * to every answer it gives a client (job, list, history, revisions, files); the web only renders.
 */

/** A status as a reader sees it: the internal one for staff and contractors, the client-facing one for clients. */
export const SHOWN_STATUSES = [...JOB_STATUSES, 'Submitted'] as const satisfies readonly (JobStatus | ClientStatus)[];
export type ShownStatus = (typeof SHOWN_STATUSES)[number];
export const ZShownStatus = z.enum(SHOWN_STATUSES);

export const shownStatusOf = (status: JobStatus, role: Role): ShownStatus =>
  seesInternalStatus(role) ? status : clientStatusOf(status);

/**
 * File categories (spec §9) a client reads and picks: the deliverables' sheets and engineering,
 * extra sheets and general files. Pre-Check, Electrical-Check and Permit Running are the team's
 * working folders; a client reads a file filed there as General.
 */
export const CLIENT_FILE_CATEGORIES = ['General', 'Engineering', 'Extra Sheets', 'PV-01', 'PV-02', 'PV-03', 'PV-04', 'PV-05', 'PV-06+'] as const satisfies readonly FileCategory[];

/** Design categories: the sheets and engineering the team (staff, the assigned contractor) delivers. */
export const DESIGN_FILE_CATEGORIES = ['PV-01', 'PV-02', 'PV-03', 'PV-04', 'PV-05', 'PV-06+', 'Engineering'] as const satisfies readonly FileCategory[];

/** Categories a client may file its own uploads under: General and Extra Sheets (the design ones are the team's). */
export const CLIENT_UPLOAD_CATEGORIES = ['General', 'Extra Sheets'] as const satisfies readonly FileCategory[];

export const isInternalFileCategory = (c: FileCategory) => !(CLIENT_FILE_CATEGORIES as readonly string[]).includes(c);

export function shownFileCategoryOf(category: FileCategory, role: Role): FileCategory {
  if (!isClientRole(role)) return category;
  return isInternalFileCategory(category) ? 'General' : category;
}

/** The categories a role may file an upload under (the API refuses the others with 403). */
export const uploadCategoriesFor = (role: Role): readonly FileCategory[] =>
  isClientRole(role) ? CLIENT_UPLOAD_CATEGORIES : FILE_CATEGORIES;

/** A history entry as stored: the event, its statuses, note and the actor's role. */
export interface HistoryFacts {
  event: string;
  from_status: JobStatus | null;
  to_status: JobStatus | null;
  note: string | null;
  actorRole: Role | null;
}

/** Client-facing event labels; an event missing here is the team's and a client never reads it. */
export const CLIENT_EVENT_LABELS: Record<string, string> = {
  created: 'Created',
  drafted: 'Drafted',
  edited: 'Edited',
  submitted: 'Submitted',
  question: 'Question from our team',
  answered: 'Answer sent',
  ready_for_review: 'Ready for your review',
  approved: 'Approved',
  revision: 'Revision requested',
  cancelled: 'Cancelled',
  letter_deleted: 'Letter deleted',
  cad_deleted: 'Design file deleted',
  finished_file_deleted: 'Finished file deleted',
  cad_intake_form_deleted: 'CAD intake form deleted',
  client_upload_deleted: 'Upload deleted',
};

/**
 * A history entry as a client reads it: the client-facing event (with its label), the statuses
 * as client statuses and the note when it was meant for the client; null when the entry is the
 * team's alone (an assignment, a move between internal statuses, a deactivation, an internal
 * file deleted). Notes of the team's own moves stay internal; the question that sends a job to
 * the client, the note sent with the deliverables and the client's own notes are the client's.
 */
export function clientHistoryEntryOf(h: HistoryFacts): { event: string; label: string; from_status: ClientStatus | null; to_status: ClientStatus | null; note: string | null } | null {
  let event: string | null = null;
  switch (h.event) {
    case 'created': case 'drafted': case 'edited': case 'submitted': case 'approved': case 'revision': case 'cancelled':
    case 'letter_deleted': case 'cad_deleted': case 'finished_file_deleted': case 'cad_intake_form_deleted': case 'client_upload_deleted':
      event = h.event;
      break;
    case 'pending_client':
      event = 'question';
      break;
    case 'pending_approval':
      event = 'ready_for_review';
      break;
    case 'status_changed': case 'pending_rae':
      // The client's answer leaves Pending Client; any other move is the team's.
      event = h.from_status === 'Pending Client' && h.actorRole !== null && isClientRole(h.actorRole) ? 'answered' : null;
      break;
    default:
      event = null;
  }
  if (!event) return null;
  const by = h.actorRole !== null && isClientRole(h.actorRole);
  const noteForClient = by || event === 'question' || event === 'ready_for_review' || event === 'cancelled' || event === 'approved';
  return {
    event,
    label: CLIENT_EVENT_LABELS[event] ?? event,
    from_status: h.from_status ? clientStatusOf(h.from_status) : null,
    to_status: h.to_status ? clientStatusOf(h.to_status) : null,
    note: noteForClient ? h.note : null,
  };
}

/** Whether a shown status is an internal one (what staff and contractors read). */
export const isJobStatus = (s: ShownStatus): s is JobStatus => (JOB_STATUSES as readonly string[]).includes(s);
