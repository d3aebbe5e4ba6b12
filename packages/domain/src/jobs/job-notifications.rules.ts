import { isClientRole, type Role } from '../roles.ts';
import type { JobStatus } from './workflow.rules.ts';

/**
 * Which status changes concern whom (the bell and notification mail; the actor is never told of
 * their own change). The client company hears when the job waits on them or is ready for their
 * review, and when staff cancel it; staff (the assignee, or every staff member while nobody is
 * assigned) hear what the client did. Everything else is internal progress nobody is pinged about.
 */
export type JobEventAudience = 'company' | 'staff';
export type JobEventNotice = { audience: JobEventAudience; text: string };

export function jobEventNoticeOf(from: JobStatus | null, to: JobStatus, actorRole: Role): JobEventNotice | null {
  const byClient = isClientRole(actorRole);
  if (to === 'Pending Client') return { audience: 'company', text: 'Needs your answer' };
  if (to === 'Pending Approval') return { audience: 'company', text: 'Ready for your review' };
  if (to === 'Cancelled') return byClient ? { audience: 'staff', text: 'Cancelled by the client' } : { audience: 'company', text: 'Cancelled' };
  if (!byClient) return null;
  if (from === 'Draft' && to === 'Pending Pre-Check') return { audience: 'staff', text: 'Submitted' };
  if (to === 'Approved') return { audience: 'staff', text: 'Approved by the client' };
  if (to === 'Pending Design Revision') return { audience: 'staff', text: 'Revision requested' };
  if (from === 'Pending Client') return { audience: 'staff', text: 'The client answered' };
  return null;
}

/** The notice of an assignment, for the person it was given to. */
export const ASSIGNED_TO_YOU = 'Assigned to you';
