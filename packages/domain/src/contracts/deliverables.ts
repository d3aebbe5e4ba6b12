import { z } from 'zod';
import {
  DELIVERABLE_GROUPS, DELIVERABLE_KIND_CODES, DELIVERABLE_STATES, type DeliverableKind,
} from '../constants/deliverables.constants.ts';
import { TASK_COMPLETION_LABELS, type TaskCompletion } from '../constants/job-events.constants.ts';
import { ZId } from './common.ts';
import { DISCIPLINES } from '../engineers/engineer-licence.rules.ts';

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

/**
 * Staff (or the assigned contractor) mark one of the job's files as a deliverable of a kind. It is a
 * draft: a document becomes sealed only when a registered engineer seals it in Sunstamp
 * (POST /deliverables/{id}/seal), which draws the seal and checks the PDF.
 */
export const ZMarkDeliverableBody = z.object({
  file_id: ZId,
  kind: ZDeliverableKind,
  state: z.literal('draft').default('draft'),
}).strict();

/**
 * Seal a draft: the engineer is chosen (a registered engineer's id), never typed. The disciplines
 * default to every seal the document still needs that this engineer may apply.
 */
export const ZSealDeliverableBody = z.object({
  engineer_id: ZId,
  disciplines: z.array(z.enum(DISCIPLINES)).min(1).max(2).optional(),
  /**
   * The engineer of record accepts the rail values the document states are not the maker's (an
   * assumed rail class or cantilever ratio, SealOptions.assumed_value_pages): a structural seal over
   * them is refused without it.
   */
  accept_assumed_values: z.boolean().optional(),
}).strict();
export type SealDeliverableBody = z.input<typeof ZSealDeliverableBody>;

/** One seal applied to a document: the audit row as staff read it. */
export const ZAppliedSeal = z.object({
  discipline: z.enum(DISCIPLINES),
  engineer_id: z.string().nullable(),
  engineer_name: z.string(),
  licence_state: z.string(),
  licence_number: z.string(),
  sealed_at: z.string(),
  /** Who applied it: the engineer's own account, or an admin on the engineer's standing authorisation. */
  sealed_by: z.string(),
  on_authorisation: z.boolean(),
  /** 1-based pages that show this seal. */
  pages: z.array(z.number().int()),
  /** Pages stating rail values not the maker's that the engineer accepted with this (structural) seal. */
  accepted_assumed_pages: z.array(z.number().int()),
});
export type AppliedSeal = z.infer<typeof ZAppliedSeal>;

/** For the seal dialog: per discipline the document needs, each engineer and whether the caller may seal as them now. */
export const ZSealOptions = z.object({
  document: z.string(),
  /** The job's state, whose licence a seal needs. */
  state: z.string().nullable(),
  needed: z.array(z.enum(DISCIPLINES)),
  engineers: z.array(z.object({
    id: z.string(),
    name: z.string(),
    /** Disciplines of `needed` this engineer may seal here, with the licence used. */
    may_seal: z.array(z.object({ discipline: z.enum(DISCIPLINES), licence_state: z.string(), licence_number: z.string() })),
    /** Why not, per discipline (no licence in the state, expired, no seal image, …). */
    refusals: z.array(z.object({ discipline: z.enum(DISCIPLINES), message: z.string() })),
    /** Whether the caller may apply this engineer's seal (own account, or an admin on standing authorisation), and why not. */
    caller_may_act: z.boolean(),
    caller_refusal: z.string().nullable(),
  })),
  /**
   * Pages that state rail values that are not the maker's certified ones (an assumed rail class or
   * cantilever ratio), when the document still needs its structural seal: sealing it structurally
   * needs accept_assumed_values. `sheet` is the printed sheet number (PV-3), null on a letter.
   */
  assumed_value_pages: z.array(z.object({ page: z.number().int(), sheet: z.string().nullable() })),
  /** Why nothing can be sealed now (PUBLIC_URL unset, document not a draft), or null. */
  blocked: z.string().nullable(),
});
export type SealOptions = z.infer<typeof ZSealOptions>;

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
  /** The seals applied so far (a document may need a structural and an electrical one); staff only. */
  seals: z.array(ZAppliedSeal),
  /** The seals a draft still needs before it is sealed (empty once sealed, or when none is needed). */
  seals_needed: z.array(z.enum(DISCIPLINES)),
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
  /** Whether the caller is offered Seal (engineers.policy mayOfferSeal): an admin or an engineer's own account. */
  may_seal: z.boolean(),
  /** Whether the caller may take a sealed document back out (an admin; deliverables.policy mayWithdrawSealed). */
  may_withdraw_sealed: z.boolean(),
  may_release: z.boolean(),
});
export type JobDeliverables = z.infer<typeof ZJobDeliverables>;

export const ZZipQuery = z.object({ revision: z.coerce.number().int().min(0).max(100_000).optional() });

export const ZTaskBody = z.object({ status: z.enum(['', 'in_progress', 'completed', 'failed']) }).strict();

/**
 * The verification answer: what the sealed document's stamp promises. Anyone reads the document,
 * engineer, licence, date, hash and the job's city and state; never the street address. A signed-in
 * member of the job's company, or staff, also reads the job and its full address (`job`).
 */
export const ZVerification = z.object({
  /** As printed: groups of five. */
  code: z.string(),
  /** What the document is ("Plan set", "Structural roof letter"). */
  document: z.string(),
  engineer_name: z.string(),
  licence_state: z.string(),
  licence_number: z.string(),
  /** Every seal on the document (a plan set may carry a structural and an electrical one). */
  seals: z.array(z.object({
    discipline: z.enum(DISCIPLINES), engineer_name: z.string(), licence_state: z.string(), licence_number: z.string(), sealed_at: z.string(),
    /** The day printed beside this seal (YYYY-MM-DD): the firm's calendar day when it was applied. */
    sealed_on: z.string(),
  })),
  /** City and state of the job, e.g. "Austin, TX". */
  location: z.string(),
  sealed_at: z.string(),
  /** The days printed beside the document's seals (YYYY-MM-DD, oldest first, each once): what the sheet shows. */
  sealed_on: z.array(z.string()),
  sha256: z.string(),
  /** Released to the client, or sealed and not yet released (then `status_text` says so). */
  released: z.boolean(),
  /**
   * When the engineering firm took the document back out of its deliverables (withdrawn by its
   * engineer or an admin, or a generated set replaced before release): it no longer vouches for it,
   * and `status_text` says so. Null while the document stands.
   */
  withdrawn_at: z.string().nullable(),
  status_text: z.string(),
  job: z.object({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
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
