import type { AnyJobEvent } from '../constants/job-events.constants.ts';
import { isPendingAdmin, type JobStatus, type TransitionAction } from './workflow.rules.ts';

/**
 * The history event a status move writes (spec §3–§4): named by the action, and for a plain move
 * by where it lands: Pending Approval, entering pending admin from a status that was not
 * (`pending_rae`), or any other change of status.
 */
export function historyEventOf(action: TransitionAction, from: JobStatus, to: JobStatus): AnyJobEvent {
  switch (action) {
    case 'submit': return 'submitted';
    case 'approve': return 'approved';
    case 'cancel': return 'cancelled';
    case 'revision': return 'revision';
    case 'ask_client': return 'pending_client';
    default:
      if (to === 'Pending Approval') return 'pending_approval';
      if (isPendingAdmin(to) && !isPendingAdmin(from)) return 'pending_rae';
      return 'status_changed';
  }
}

/** The event an edit of the job's fields writes: a draft is still being drafted, anything later is edited. */
export const editEventOf = (status: JobStatus): 'drafted' | 'edited' => (status === 'Draft' ? 'drafted' : 'edited');
