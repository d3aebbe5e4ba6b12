import { z } from 'zod';
import { ZJobTask } from './deliverables.ts';
import { ZNewJob, type JobArray } from '../jobs/job-defaults.schema.ts';
import type { CadIntake } from '../jobs/cad-intake.schema.ts';
import { ZClientStatus, ZJobStatus, JOB_STATUSES, CLIENT_STATUSES } from '../jobs/workflow.rules.ts';
import { REVISION_REASON_CODES } from '../constants/revision.constants.ts';
import { ALL_SERVICE_CODES } from '../constants/services.constants.ts';
import { ZPageList } from '../jobs/page-list.rules.ts';
import { SITE_PHOTO_COUNT_MAX } from '../jobs/site-photos.rules.ts';
import { ORIENTATIONS } from '../constants/options.constants.ts';
import { ZJobEquipmentLines } from '../jobs/job-equipment.rules.ts';
import { ZDateFilter, ZId, ZPage, ZPageQuery, ZQueryBool } from './common.ts';
import { ZActionKind, ZActionSide } from '../jobs/action-needed.rules.ts';
import { ZWetStampOrder } from '../jobs/wet-stamp.rules.ts';
import { ZShownStatus } from '../jobs/client-view.rules.ts';

/**
 * Job contracts: PUT /jobs body, the job answer, the list query and the action bodies.
 * Arrays and the CAD intake form are sent partially and completed with their defaults on the
 * server, then validated with ZJobArray / ZCadIntake (their cross-field rules cannot be
 * expressed on a partial schema), so here they are open objects.
 */

export const ZServiceCode = z.string().refine((c) => (ALL_SERVICE_CODES as readonly string[]).includes(c), {
  message: 'Unknown service.',
});

/**
 * The AHJ's case (permit) number, asked at intake when the job's requirements print it in the title
 * block (case_number_on_title_block): the dynamic CAD field `case_number` (jobs.cad_fields).
 */
export const ZCaseNumber = z.string().trim().max(100).transform((v) => v || null).nullable();

/** The parcel fields of the dynamic CAD fields (spec §3 parcel_info.*). */
export const ZParcelInfo = z.object({
  parcel_id: z.string().max(200).nullable(),
  county_name: z.string().max(200).nullable(),
  muni_name: z.string().max(200).nullable(),
  zoning: z.string().max(200).nullable(),
  acreage_calc: z.number().nullable(),
  bldg_sqft: z.number().nullable(),
  roof_height: z.number().nullable(),
  legal_desc1: z.string().max(2000).nullable(),
});
export type ParcelInfo = z.infer<typeof ZParcelInfo>;

const { status: _status, company: _company, arrays: _arrays, ...newJobFields } = ZNewJob.shape;

/**
 * PUT /jobs: without `id` it creates a job (missing fields take the spec's new-job defaults),
 * with `id` it updates only the fields sent. The client sends state (a /states id), city and
 * connection_type_id (a connection-types value); the answer carries them as objects. Option
 * fields (connection and structure type, gypsum type, the arrays' and the CAD form's selects)
 * are checked here for their shape only: the API checks them against the database's option
 * lists (jobs/job-options.rules.ts).
 */
export const ZJobBody = z
  .object({
    ...newJobFields,
    services_requested: z.array(ZServiceCode).max(50),
    id: ZId,
    company: ZId.nullable(),
    /** Only the job's current status is accepted (a Draft on create); status moves have their own routes. */
    status: ZJobStatus,
    state: z.number().int().positive().max(2_147_483_647).nullable(),
    city: z.string().trim().max(200),
    connection_type_id: z.string().max(200).nullable(),
    structure_type: z.string().max(200).nullable(),
    site_photo_count: z.number().int().min(0).max(SITE_PHOTO_COUNT_MAX),
    structural_pages_to_stamp: ZPageList,
    electrical_pages_to_stamp: ZPageList,
    arrays: z.array(z.looseObject({})).max(50),
    cad_intake: z.looseObject({}),
    parcel_info: ZParcelInfo.partial().nullable(),
    /** The job's AHJ: an active AHJ's id, or null; a job keeps an AHJ deactivated since. */
    ahj_id: ZId.nullable(),
    rejection_notice: z.string().max(5000).nullable(),
    /** The AHJ case number (the dynamic CAD field case_number); '' or null clears it. */
    case_number: ZCaseNumber,
    /** Copies and shipping address of the wet stamp (wet-stamp.rules.ts); null clears it. */
    wet_stamp_order: ZWetStampOrder.nullable(),
  })
  .partial()
  .strict();
export type JobBody = z.input<typeof ZJobBody>;

export const ZStateRef = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string() });
export const ZCityRef = z.object({ name: z.string(), state_id: z.number().int().nullable() });
export const ZConnectionTypeRef = z.object({ id: z.string(), label: z.string() });
export const ZUserRef = z.object({ id: z.string(), full_name: z.string(), email: z.string() });
export const ZCompanyRef = z.object({ id: z.string(), name: z.string() });
export const ZAhjRef = z.object({ id: z.string(), name: z.string(), state: z.string() });

export const ZAllowedTransition = z.object({
  /** The status the move leads to, as the caller sees statuses (a client reads client-facing ones). */
  to: ZShownStatus,
  action: z.enum(['submit', 'move', 'ask_client', 'answer', 'approve', 'revision', 'cancel']),
});

/** The file summary carried on a job (full shape in contracts/files.ts). */
export const ZJobFileRef = z.object({
  id: z.string(),
  kind: z.string(),
  category: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  array_index: z.number().int().nullable(),
  has_preview: z.boolean(),
  created_at: z.string(),
});

const ZJobArrayOut = z.looseObject({
  attic_images: z.array(ZJobFileRef),
  beam_space_images: z.array(ZJobFileRef),
  beam_size_images: z.array(ZJobFileRef),
});

export const ZJob = z.object({
  id: z.string(),
  name: z.string(),
  client_name: z.string(),
  client_street_address: z.string(),
  client_zip_code: z.string(),
  client_city: ZCityRef.nullable(),
  client_state: ZStateRef.nullable(),
  connection_type: ZConnectionTypeRef.nullable(),
  structure_type: z.string().nullable(),
  company: ZCompanyRef,
  home_elevation: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  company_verified_inspection: z.boolean(),
  no_pictures: z.boolean(),
  roof_type: z.string(),
  gypsum_type: z.string(),
  enclosed: z.string(),
  exposure_category: z.string().nullable(),
  /** The internal status for staff and contractors; the client-facing one for clients (jobs/client-view.rules.ts). */
  status: ZShownStatus,
  client_status: ZClientStatus,
  /** Who must act next (jobs/action-needed.rules.ts): the client, the team, or nobody. */
  waiting_on: ZActionSide.nullable(),
  /** What the caller must do on this job (answer, review, work), or null when it does not wait on them. */
  action_needed: ZActionKind.nullable(),
  /** The request the client acts on: staff's question (Pending Client) or the note sent with the deliverables (Pending Approval). */
  request: z.object({ note: z.string().nullable(), at: z.string() }).nullable(),
  /** Whether the caller may edit the job in place (PUT /jobs): the domain's editRefusalOf. */
  may_edit: z.boolean(),
  notes: z.string(),
  services_requested: z.array(z.string()),
  job_files_link: z.string(),
  arrays: z.array(ZJobArrayOut),
  requirements: z.array(z.object({ key: z.string(), value: z.unknown() })),
  cad_intake: z.record(z.string(), z.unknown()),
  parcel_info: ZParcelInfo.nullable(),
  /** The job's AHJ (its requirements resolve last); not on list items. */
  ahj: ZAhjRef.nullable(),
  /** The AHJ case number given at intake or by the designer (the dynamic CAD field case_number). */
  case_number: z.string().nullable(),
  /** The wet stamp's copies and shipping address as the client ordered them, or null. */
  wet_stamp_order: ZWetStampOrder.nullable(),
  site_photo_count: z.number().int(),
  structural_pages_to_stamp: z.string(),
  electrical_pages_to_stamp: z.string(),
  rejection_notice: z.string().nullable(),
  assignee: ZUserRef.nullable(),
  created_by: ZUserRef.nullable(),
  is_active: z.boolean(),
  revision_number: z.number().int(),
  is_overdue: z.boolean(),
  /** Hours spent pending admin so far (all periods plus the current one), two decimals. */
  pending_admin_hours: z.number(),
  job_files: z.array(ZJobFileRef),
  /** One task per requested service with the spec's completion label (contracts/deliverables.ts). */
  tasks: z.array(ZJobTask),
  panel_layout_images: z.array(ZJobFileRef),
  allowed_transitions: z.array(ZAllowedTransition),
  submitted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof ZJob>;

export const ZJobListItem = ZJob.pick({
  id: true, name: true, client_name: true, client_street_address: true, client_zip_code: true,
  client_city: true, client_state: true, company: true, status: true, client_status: true, waiting_on: true, action_needed: true,
  services_requested: true, assignee: true, is_active: true, revision_number: true,
  is_overdue: true, pending_admin_hours: true, submitted_at: true, created_at: true, updated_at: true, tasks: true,
}).extend({
  /** Messages of others on the job the caller has not read, in the threads they see. */
  unread_messages: z.number().int(),
});
export type JobListItem = z.infer<typeof ZJobListItem>;
export const ZJobPage = ZPage(ZJobListItem);

export const JOB_ORDERING_FIELDS = ['created_at', 'updated_at', 'name', 'client_name', 'status', 'submitted_at'] as const;
export const ZJobOrdering = z.enum([...JOB_ORDERING_FIELDS, ...JOB_ORDERING_FIELDS.map((f) => `-${f}` as const)] as [string, ...string[]]);

const csv = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .max(2000)
    .transform((s, ctx) => {
      const items = s.split(',').map((x) => x.trim()).filter(Boolean);
      const bad = items.filter((x) => !(values as readonly string[]).includes(x));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return items as T[number][];
    });

const idCsv = z
  .string()
  .max(4000)
  .transform((s, ctx) => {
    const items = s.split(',').map((x) => x.trim()).filter(Boolean);
    if (!items.every((x) => ZId.safeParse(x).success)) {
      ctx.addIssue({ code: 'custom', message: 'Every item must be an id.' });
      return z.NEVER;
    }
    return items;
  });

const ZDateTime = ZDateFilter;

/** GET /jobs: server-side paging (50, max 200), sort, filters and search. Lists are comma separated. */
export const ZJobListQuery = ZPageQuery.extend({
  ordering: ZJobOrdering.default('-created_at'),
  status: csv(JOB_STATUSES, 'status').optional(),
  client_status: csv(CLIENT_STATUSES, 'client status').optional(),
  company: idCsv.optional(),
  services: csv(ALL_SERVICE_CODES as unknown as readonly [string, ...string[]], 'service').optional(),
  /** An id list, or "me", or "none" for unassigned jobs. */
  assignee: z.string().max(4000).optional(),
  overdue: ZQueryBool.optional(),
  created_after: ZDateTime.optional(),
  created_before: ZDateTime.optional(),
  updated_after: ZDateTime.optional(),
  updated_before: ZDateTime.optional(),
  search: z.string().trim().max(200).optional(),
  /** Staff only: include deactivated jobs. */
  include_inactive: ZQueryBool.optional(),
  /** "me": the jobs waiting on the caller's side (jobs/action-needed.rules.ts); for the team, overdue first. */
  waiting_on: z.enum(['me']).optional(),
});
export type JobListQuery = z.output<typeof ZJobListQuery>;

/**
 * POST /jobs/{id}/status: `status` names the target; `action: "answer"` sends the client's answer
 * back to the status the job came from, which a client is never told by name.
 */
export const ZStatusChangeBody = z
  .object({ status: ZJobStatus.optional(), action: z.enum(['answer']).optional(), note: z.string().trim().max(5000).optional() })
  .strict()
  .refine((b) => (b.status === undefined) !== (b.action === undefined), { message: 'Send either a status or action "answer".', path: ['status'] });
export const ZNoteBody = z.object({ note: z.string().trim().max(5000).optional() }).strict();
export const ZAssignBody = z.object({ assignee_id: ZId, note: z.string().trim().max(5000).optional() }).strict();

export const ZRevisionReason = z.enum(REVISION_REASON_CODES);
/** POST /jobs/{id}/revision: the job changes (as PUT /jobs, without id), the reason and the flag. */
export const ZRevisionBody = z
  .object({
    reason: ZRevisionReason,
    /** Staff may mark any revision involuntary; otherwise the reason decides (right_angle_error). */
    involuntary: z.boolean().optional(),
    note: z.string().trim().max(5000).optional(),
    job: ZJobBody.optional(),
    /** The job's equipment lines as they must be after the change (GET /jobs/{id}/equipment). */
    equipment: ZJobEquipmentLines.optional(),
    /** The AHJ's or utility's rejection comments, as received (their files go up as job files in the Rejection category). */
    rejection_comments: z.string().trim().max(10_000).optional(),
    /** Files of this job (uploaded first, e.g. under General) that hold the rejection: linked to the revision. */
    rejection_file_ids: z.array(ZId).max(20).optional(),
  })
  .strict();

export const ZJobHistoryEntry = z.object({
  id: z.number().int(),
  event: z.string(),
  label: z.string(),
  actor: ZUserRef.nullable(),
  from_status: ZShownStatus.nullable(),
  to_status: ZShownStatus.nullable(),
  note: z.string().nullable(),
  data: z.unknown().nullable(),
  at: z.string(),
});

export const ZJobRevision = z.object({
  id: z.string(),
  number: z.number().int(),
  reason: ZRevisionReason,
  reason_label: z.string(),
  involuntary: z.boolean(),
  note: z.string(),
  from_status: ZShownStatus,
  requested_by: ZUserRef.nullable(),
  changes: z.unknown().nullable(),
  rejection_comments: z.string(),
  created_at: z.string(),
});

/** GET/PUT /settings/structural-span: inches of rafter a module needs, per orientation. */
export const ZStructuralSpanSetting = z
  .object(Object.fromEntries(ORIENTATIONS.map((o) => [o, z.number().positive().max(500)])) as Record<(typeof ORIENTATIONS)[number], z.ZodNumber>)
  .strict();

export const ZParcelQuery = z.object({
  address: z.string().trim().min(1).max(300),
  city: z.string().trim().max(200).default(''),
  state: z.string().trim().max(100).default(''),
  zip_code: z.string().trim().max(20).default(''),
});
export const ZParcelAnswer = z.object({ parcel_info: ZParcelInfo });

export type { JobArray, CadIntake };
