import { z } from 'zod';
import {
  DELIVERABLE_GROUPS, DELIVERABLE_KIND_CODES, DELIVERABLE_STATES, type DeliverableKind,
} from '../constants/deliverables.constants.ts';
import { TASK_COMPLETION_LABELS, type TaskCompletion } from '../constants/job-events.constants.ts';
import { ZId } from './common.ts';

/** Deliverables of a job (the plan set, letters, calculation packages per revision), tasks per service, public verification. */

export const ZDeliverableKind = z.enum(DELIVERABLE_KIND_CODES as [DeliverableKind, ...DeliverableKind[]]);
export const ZDeliverableState = z.enum(DELIVERABLE_STATES);
export const ZDeliverableGroup = z.enum(DELIVERABLE_GROUPS);

const ZText = (max: number) => z.string().trim().min(1).max(max);

/** The engineer who sealed a document, as the verification page shows it. */
export const ZSealInfo = z.object({
  engineer_name: ZText(200),
  licence_state: z.string().trim().regex(/^[A-Za-z]{2}$/, 'Two letters, e.g. CA.').transform((s) => s.toUpperCase()),
  licence_number: ZText(60),
}).strict();
export type SealInfo = z.output<typeof ZSealInfo>;

/** Staff mark one of the job's files as a deliverable of a kind (draft, or sealed with the engineer's licence). */
export const ZMarkDeliverableBody = z.object({
  file_id: ZId,
  kind: ZDeliverableKind,
  state: z.enum(['draft', 'sealed']).default('draft'),
  seal: ZSealInfo.optional(),
}).strict();

/** Seal a draft deliverable (an engineer stamped it outside and staff record who). */
export const ZSealDeliverableBody = z.object({ seal: ZSealInfo }).strict();

/** Release: the listed deliverables, or every unreleased one of the current revision; the note goes to the client. */
export const ZReleaseBody = z.object({
  deliverable_ids: z.array(ZId).min(1).max(200).optional(),
  note: z.string().trim().max(5000).optional(),
}).strict();

export const ZDeliverable = z.object({
  /** The deliverable is the job file: same id. */
  id: z.string(),
  job_id: z.string(),
  revision: z.number().int(),
  kind: ZDeliverableKind,
  kind_label: z.string(),
  group: ZDeliverableGroup,
  state: ZDeliverableState,
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string().nullable(),
  sealed_at: z.string().nullable(),
  released_at: z.string().nullable(),
  /** The verification code printed on the sealed document; staff only. */
  verification_code: z.string().nullable(),
  download_url: z.string(),
  created_at: z.string(),
});
export type Deliverable = z.infer<typeof ZDeliverable>;

export const ZDeliverableNeedOut = z.object({
  service: z.string(),
  service_label: z.string(),
  /** "a released, sealed plan set" */
  needs: z.string(),
  met: z.boolean(),
});

export const ZJobTask = z.object({
  service: z.string(),
  service_label: z.string(),
  /** '' is Not Completed (spec §4 task completion labels). */
  status: z.enum(Object.keys(TASK_COMPLETION_LABELS) as [TaskCompletion, ...TaskCompletion[]]),
  status_label: z.string(),
});
export type JobTask = z.infer<typeof ZJobTask>;

export const ZJobDeliverables = z.object({
  /** The job's current revision number; deliverables of earlier revisions are listed too. */
  revision: z.number().int(),
  deliverables: z.array(ZDeliverable),
  /** For the current revision: what the services require before release (empty for clients). */
  requirements: z.array(ZDeliverableNeedOut),
  tasks: z.array(ZJobTask),
  may_mark: z.boolean(),
  may_release: z.boolean(),
});
export type JobDeliverables = z.infer<typeof ZJobDeliverables>;

export const ZZipQuery = z.object({ revision: z.coerce.number().int().min(0).max(100_000).optional() });

export const ZTaskBody = z.object({ status: z.enum(['', 'in_progress', 'completed', 'failed']) }).strict();

/** The public verification answer: what the sealed document's stamp promises, and no other tenant data. */
export const ZVerification = z.object({
  /** As printed: groups of five. */
  code: z.string(),
  /** What the document is ("Plan set", "Structural roof letter"). */
  document: z.string(),
  engineer_name: z.string(),
  licence_state: z.string(),
  licence_number: z.string(),
  job_address: z.string(),
  sealed_at: z.string(),
  sha256: z.string(),
});
export type Verification = z.infer<typeof ZVerification>;

export const ZVerificationCheck = z.object({
  matches: z.boolean(),
  /** The uploaded file's SHA-256. */
  sha256: z.string(),
  expected_sha256: z.string(),
  size: z.number(),
});
export const ZVerifyParams = z.object({ code: z.string().max(100) });
export type VerificationCheck = z.infer<typeof ZVerificationCheck>;
