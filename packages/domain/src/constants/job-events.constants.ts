/** Job history, CAD generation progress and notification vocabularies of spec §3–§4. */

export const JOB_HISTORY_EVENT_LABELS = {
  created: 'Created',
  submitted: 'Submitted',
  edited: 'Edited',
  drafted: 'Drafted',
  approved: 'Approved',
  assigned: 'Assigned',
  unassigned: 'Unassigned',
  cancelled: 'Cancelled',
  revision: 'Revision',
  deactivated: 'Deactivated',
} as const;
export type JobHistoryEvent = keyof typeof JOB_HISTORY_EVENT_LABELS;
export const JOB_HISTORY_EVENTS = Object.keys(JOB_HISTORY_EVENT_LABELS) as JobHistoryEvent[];

/**
 * Status change events. `pending_rae` is the spec's name for "entered a status that waits on
 * staff" (pending admin, decisions.md); `status_changed` covers internal moves between those.
 */
export const STATUS_CHANGE_EVENT_LABELS = {
  status_changed: 'Status Changed',
  pending_client: 'Pending Client',
  pending_approval: 'Pending Approval',
  pending_rae: 'Pending Admin',
} as const;
export type StatusChangeEvent = keyof typeof STATUS_CHANGE_EVENT_LABELS;

export const FILE_DELETION_EVENT_LABELS = {
  letter_deleted: 'Letter Deleted',
  client_upload_deleted: 'Client Upload Deleted',
  cad_deleted: 'CAD Deleted',
  internal_file_deleted: 'Internal File Deleted',
  cad_intake_form_deleted: 'CAD Intake Form Deleted',
  finished_file_deleted: 'Finished File Deleted',
} as const;
export type FileDeletionEvent = keyof typeof FILE_DELETION_EVENT_LABELS;

export type AnyJobEvent = JobHistoryEvent | StatusChangeEvent | FileDeletionEvent;
export const ALL_JOB_EVENT_LABELS: Record<AnyJobEvent, string> = {
  ...JOB_HISTORY_EVENT_LABELS,
  ...STATUS_CHANGE_EVENT_LABELS,
  ...FILE_DELETION_EVENT_LABELS,
};

/** Job actions counted by analytics (spec §3), in the spec's order. */
export const COUNTED_JOB_ACTIONS = [
  'cancelled',
  'pending_client',
  'submitted',
  'revision',
  'edited',
  'pending_approval',
  'approved',
  'pending_rae',
  'created',
] as const;
export type CountedJobAction = (typeof COUNTED_JOB_ACTIONS)[number];

export interface CadProgressStep {
  label: string;
  percent: number;
}

/** Spec §4, exact labels and percentages. */
export const CAD_GENERATION_PROGRESS = {
  cad_generation_initiated: { label: 'Creating PV1 - PV5', percent: 65 },
  cut_sheets_initiated: { label: 'Creating Cut Sheets and Modelspace', percent: 77 },
  title_block_initiated: { label: 'Cleaning Up', percent: 98 },
  cad_generation_passed: { label: 'Complete', percent: 100 },
  cad_generation_failed: { label: 'Generation Failed', percent: 100 },
} as const satisfies Record<string, CadProgressStep>;
export type CadGenerationEvent = keyof typeof CAD_GENERATION_PROGRESS;

/** The spec names these without labels or percentages; the labels are ours, no progress bar. */
export const OTHER_PROGRESS_EVENT_LABELS = {
  calculations_initiated: 'Running Calculations',
  calculations_failed: 'Calculations Failed',
  calculations_passed: 'Calculations Complete',
  stamp_file_passed: 'Stamp Applied',
  combine_files_passed: 'Files Combined',
} as const;
export type OtherProgressEvent = keyof typeof OTHER_PROGRESS_EVENT_LABELS;

/** Task completion labels; the blank value means not completed. */
export const TASK_COMPLETION_LABELS = {
  '': 'Not Completed',
  in_progress: 'In Progress',
  completed: 'Completed',
  failed: 'Failed',
} as const;
export type TaskCompletion = keyof typeof TASK_COMPLETION_LABELS;

/** Generation failure events (spec §8 Generation); their texts are in messages.constants.ts. */
export const GENERATION_FAILURE_EVENTS = [
  'cut_sheets_failed',
  'modelspace_failed',
  'title_block_failed',
  'pv1_failed',
  'pv2_failed',
  'pv3_failed',
  'pv4_failed',
  'pv5_failed',
] as const;
export type GenerationFailureEvent = (typeof GENERATION_FAILURE_EVENTS)[number];

/** Every notification type a client may receive: progress, failures and new messages. */
export const NOTIFICATION_TYPES = [
  ...(Object.keys(CAD_GENERATION_PROGRESS) as CadGenerationEvent[]),
  ...(Object.keys(OTHER_PROGRESS_EVENT_LABELS) as OtherProgressEvent[]),
  ...GENERATION_FAILURE_EVENTS,
  'new_message',
] as const;
export type NotificationType = CadGenerationEvent | OtherProgressEvent | GenerationFailureEvent | 'new_message';
