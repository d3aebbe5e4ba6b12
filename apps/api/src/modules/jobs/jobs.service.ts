import type { z } from 'zod';
import { isClientRole, isInternalStaff, type Role } from '@sunstamp/domain/roles';
import {
  allowedTransitions, canTransition, clientStatusOf, editRefusalOf, findTransition, isPendingAdmin, statusBeforePendingClient,
  type JobStatus, type TransitionAction,
} from '@sunstamp/domain/jobs/workflow.rules';
import { changedJobFields } from '@sunstamp/domain/jobs/job-diff.rules';
import { getOverdueState, overdueThresholdHours, type StatusPeriod } from '@sunstamp/domain/jobs/overdue.rules';
import { monthStatsDelta } from '@sunstamp/domain/jobs/month-stats.rules';
import { ARRAY_DEFAULTS, NEW_JOB_DEFAULTS, ZJobArray, type JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS, ZCadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import { framingOptionsFor } from '@sunstamp/domain/jobs/framing.rules';
import { checkStructuralSpan } from '@sunstamp/domain/jobs/structural-span.rules';
import {
  cadDirectoryLookups, cadDirectoryProblems, isUtilityId, optionChoiceProblems, optionLabelOf, type OptionChoices, type OptionLookup,
} from '@sunstamp/domain/jobs/job-options.rules';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import { ALL_JOB_EVENT_LABELS, type AnyJobEvent } from '@sunstamp/domain/constants/job-events.constants';
import { ARRAY_IMAGE_KINDS, HIDDEN_FROM_CLIENT_KINDS, type FileKind } from '@sunstamp/domain/contracts/files';
import type {
  Job, JobListItem, JobListQuery, ParcelInfo, ZJobBody, ZRevisionBody,
} from '@sunstamp/domain/contracts/jobs';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { AppContext } from '../../app.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../auth/auth.hooks.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { bumpMonthStat } from '../users/users.repository.ts';
import { monthKey } from '../users/users.service.ts';
import { structuralSpanLimit } from '../settings/settings.service.ts';
import { optionLists } from '../catalogue/option-lists.cache.ts';
import * as repo from './jobs.repository.ts';

type JobBody = z.output<typeof ZJobBody>;
type RevisionBody = z.output<typeof ZRevisionBody>;
type Args = Record<string, string>[];

const HOUR_MS = 3_600_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSIGNABLE_ROLES: readonly Role[] = ['admin', 'support', 'contractor'];

// ---------------------------------------------------------------------------------------------
// Visibility

export function scopeOf(p: Principal): repo.JobScope {
  if (isInternalStaff(p.role)) return { kind: 'all' };
  if (p.role === 'contractor') return { kind: 'assigned', userId: p.id };
  return { kind: 'companies', companyIds: p.companyIds };
}

/** The job if the principal may see it; 404 otherwise (decisions.md: ids of others' records leak nothing). */
export async function visibleJob(db: DbOrTx, p: Principal, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const row = await repo.getJobWithRefs(db, id, scopeOf(p), isInternalStaff(p.role));
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Overdue (spec §4, decisions.md "pending admin")

/** Status periods from the history's status changes (oldest first): each lasts until the next change. */
export function periodsFromChanges(changes: readonly { to: string | null; at: Date }[]): StatusPeriod[] {
  const list = changes.filter((c) => c.to !== null);
  return list.map((c, i) => ({ status: c.to as JobStatus, from: c.at, to: list[i + 1]?.at ?? null }));
}

/**
 * The stored pair as periods: one closed stretch of pending_admin_ms_closed and the open one from
 * pending_since. Used for list rows, where reading every job's history would be too slow; the
 * tests check it agrees with the history.
 */
function periodsFromRow(job: Pick<repo.JobRow, 'pendingAdminMsClosed' | 'pendingSince' | 'status'>): StatusPeriod[] {
  const out: StatusPeriod[] = [];
  if (job.pendingAdminMsClosed > 0) out.push({ status: 'Pending Pre-Check', from: 0, to: job.pendingAdminMsClosed });
  if (job.pendingSince) out.push({ status: job.status as JobStatus, from: job.pendingSince, to: null });
  return out;
}

function overdueOf(job: Pick<repo.JobRow, 'createdByRole' | 'servicesRequested' | 'status'>, periods: StatusPeriod[], now: Date) {
  return getOverdueState({
    periods,
    createdByRole: (job.createdByRole as Role | null) ?? null,
    services: job.servicesRequested,
    status: job.status as JobStatus,
    now,
  });
}

/** The instant the job becomes overdue if it stays pending admin; null when it cannot (not pending, or exempt). */
export function overdueAtOf(createdByRole: string | null, services: readonly string[], closedMs: number, since: Date | null): Date | null {
  if (!since || (createdByRole && isInternalStaff(createdByRole as Role))) return null;
  return new Date(since.getTime() + overdueThresholdHours(services) * HOUR_MS - closedMs);
}

/** Pending-admin bookkeeping after a move to `to` at `now` (also used by the demo seed). */
export function pendingBookkeeping(
  job: Pick<repo.JobRow, 'pendingAdminMsClosed' | 'pendingSince' | 'createdByRole'>, to: JobStatus, now: Date, services: readonly string[],
) {
  let closed = job.pendingAdminMsClosed;
  let since = job.pendingSince;
  if (since && !isPendingAdmin(to)) {
    closed += Math.max(0, now.getTime() - since.getTime());
    since = null;
  } else if (!since && isPendingAdmin(to)) {
    since = now;
  }
  return { pendingAdminMsClosed: closed, pendingSince: since, overdueAt: overdueAtOf(job.createdByRole, services, closed, since) };
}

const hours = (ms: number) => Math.round((ms / HOUR_MS) * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Shapes

type Named = { firstName: string | null; lastName: string | null; email: string | null };
const userRef = (id: string | null, u: Named) =>
  id && u.email ? { id, full_name: getDisplayName({ firstName: u.firstName ?? '', lastName: u.lastName ?? '', email: u.email }), email: u.email } : null;

type JobWithRefs = NonNullable<Awaited<ReturnType<typeof repo.getJobWithRefs>>>;
type FileRow = Awaited<ReturnType<typeof repo.filesOfJob>>[number];

/** The stored connection type with the database's label (a deactivated item's too; the value itself if the list lacks it). */
const connectionTypeRef = (value: string | null, lists: OptionLookup) =>
  value ? { id: value, label: optionLabelOf('connection_types', value, lists) } : null;

type ListSource = { job: repo.JobListRow } & repo.JobListRefs;

function listItemOf(r: ListSource, now: Date): JobListItem {
  const j = r.job;
  const overdue = overdueOf(j, periodsFromRow(j), now);
  return {
    id: j.id,
    name: j.name,
    client_name: j.clientName,
    client_street_address: j.clientStreetAddress,
    client_zip_code: j.clientZipCode,
    client_city: j.clientCity ? { name: j.clientCity, state_id: j.clientStateId } : null,
    client_state: j.clientStateId && r.stateName ? { id: j.clientStateId, name: r.stateName, abbreviation: r.stateAbbreviation ?? '' } : null,
    company: { id: j.companyId, name: r.companyName ?? '' },
    status: j.status as JobStatus,
    client_status: clientStatusOf(j.status as JobStatus),
    services_requested: j.servicesRequested,
    assignee: userRef(j.assigneeId, { firstName: r.assigneeFirstName, lastName: r.assigneeLastName, email: r.assigneeEmail }),
    is_active: j.isActive,
    revision_number: j.revisionNumber,
    is_overdue: overdue.overdue,
    pending_admin_hours: hours(overdue.pendingAdminMs),
    submitted_at: j.submittedAt?.toISOString() ?? null,
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
  };
}

export const fileRef = (f: FileRow) => ({
  id: f.id,
  kind: f.kind,
  category: f.category,
  name: f.name,
  mime: f.mime,
  size: f.size,
  array_index: f.arrayIndex,
  has_preview: !!f.previewKey || ['image/jpeg', 'image/png', 'image/gif'].includes(f.mime),
  created_at: f.createdAt.toISOString(),
});

/** Files a principal may see on a job they see: clients never see internal files. */
export const maySeeFile = (p: Principal, kind: string) =>
  !(isClientRole(p.role) && HIDDEN_FROM_CLIENT_KINDS.includes(kind as FileKind));

async function jobOf(db: DbOrTx, p: Principal, r: JobWithRefs, now: Date, lists: OptionLookup): Promise<Job> {
  const j = r.job;
  const [changes, files] = await Promise.all([repo.statusChanges(db, j.id), repo.filesOfJob(db, j.id)]);
  const overdue = overdueOf(j, periodsFromChanges(changes), now);
  const visible = files.filter((f) => maySeeFile(p, f.kind));
  const imagesOf = (kind: FileKind, i: number) => visible.filter((f) => f.kind === kind && f.arrayIndex === i).map(fileRef);
  const tctx = {
    previousStatus: statusBeforePendingClient(changes.map((c) => ({ from: c.from as JobStatus | null, to: c.to as JobStatus }))),
    assignedToActor: j.assigneeId === p.id,
  };
  return {
    ...listItemOf(r, now),
    connection_type: connectionTypeRef(j.connectionType, lists),
    structure_type: j.structureType,
    home_elevation: j.homeElevation,
    latitude: j.latitude,
    longitude: j.longitude,
    company_verified_inspection: j.companyVerifiedInspection,
    no_pictures: j.noPictures,
    roof_type: j.roofType,
    gypsum_type: j.gypsumType,
    enclosed: j.enclosed,
    exposure_category: j.exposureCategory,
    notes: j.notes,
    job_files_link: j.jobFilesLink,
    arrays: (j.arrays as JobArray[]).map((a, i) => ({
      ...a,
      attic_images: imagesOf('attic', i),
      beam_space_images: imagesOf('beam_space', i),
      beam_size_images: imagesOf('beam_size', i),
    })),
    requirements: j.requirements as { key: string; value: unknown }[],
    cad_intake: j.cadIntake as Record<string, unknown>,
    parcel_info: (j.parcelInfo as ParcelInfo | null) ?? null,
    ahj: j.ahjId && r.ahjName !== null ? { id: j.ahjId, name: r.ahjName, state: r.ahjState ?? '' } : null,
    site_photo_count: j.sitePhotoCount,
    structural_pages_to_stamp: j.structuralPagesToStamp,
    electrical_pages_to_stamp: j.electricalPagesToStamp,
    rejection_notice: j.rejectionNotice,
    created_by: userRef(j.createdById, { firstName: r.creatorFirstName, lastName: r.creatorLastName, email: r.creatorEmail }),
    is_overdue: overdue.overdue,
    pending_admin_hours: hours(overdue.pendingAdminMs),
    job_files: visible.filter((f) => !ARRAY_IMAGE_KINDS.includes(f.kind as FileKind) && f.kind !== 'panel_layout').map(fileRef),
    panel_layout_images: visible.filter((f) => f.kind === 'panel_layout').map(fileRef),
    allowed_transitions: j.isActive
      ? allowedTransitions(j.status as JobStatus, p.role, tctx).map((t) => ({ to: t.to, action: t.action }))
      : [],
  };
}

export async function getJob(ctx: AppContext, p: Principal, id: string): Promise<Job> {
  const db = ctx.database.db;
  const [row, lists] = await Promise.all([visibleJob(db, p, id), optionLists(ctx)]);
  return jobOf(db, p, row, ctx.clock.now(), lists);
}

// ---------------------------------------------------------------------------------------------
// List

/**
 * Total counts of the list, per filter. Counting 100,000 rows costs 5–25 ms of database time on
 * every page request, which at 50 concurrent users is most of the budget; the rows themselves
 * come from an index in well under a millisecond. A count stays exact: every job write in any
 * process bumps a version (locally, and through NOTIFY for the other processes), and a count is
 * reused only for the same version, within a minute (bounding what a write made outside the API,
 * e.g. by hand in SQL, can leave stale). The minute matters on PGlite, where a count of the whole
 * table (~30–60 ms) stalls every request queued behind it in the one process.
 */
export const JOBS_CHANGED_CHANNEL = 'sunstamp_jobs_changed';
const COUNT_TTL_MS = 60_000;
type CountCache = { version: number; counts: Map<string, { count: number; version: number; at: number }> };
/** One cache per open database (tests and the bench open several in one process). */
const countCaches = new WeakMap<object, CountCache>();
function countCacheOf(ctx: AppContext): CountCache {
  let c = countCaches.get(ctx.database);
  if (!c) countCaches.set(ctx.database, (c = { version: 0, counts: new Map() }));
  return c;
}

export function markJobsChanged(ctx: AppContext) {
  const c = countCacheOf(ctx);
  c.version++;
  if (c.counts.size > 5_000) c.counts.clear();
}

export async function announceJobsChanged(ctx: AppContext) {
  markJobsChanged(ctx);
  await ctx.database.notify(JOBS_CHANGED_CHANNEL, '1');
}

const endOfDayIfDate = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000 - 1) : new Date(s));

export async function listJobs(ctx: AppContext, p: Principal, q: JobListQuery) {
  const staff = isInternalStaff(p.role);
  if (q.include_inactive && !staff) throw forbidden('Only staff see deactivated jobs.');
  let assigneeIds: string[] | undefined;
  let unassigned = false;
  if (q.assignee) {
    assigneeIds = [];
    for (const a of q.assignee.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (a === 'me') assigneeIds.push(p.id);
      else if (a === 'none') unassigned = true;
      else if (UUID_RE.test(a)) assigneeIds.push(a);
      else throw badRequest('Some fields are invalid.', [{ assignee: 'Use user ids, "me" or "none".' }]);
    }
  }
  const desc = q.ordering.startsWith('-');
  const now = ctx.clock.now();
  const filter: repo.JobListFilter = {
      scope: scopeOf(p),
      includeInactive: !!q.include_inactive,
      statuses: q.status,
      clientStatuses: q.client_status,
      companyIds: q.company,
      services: q.services,
      assigneeIds,
      unassigned,
      overdue: q.overdue,
      now,
      createdAfter: q.created_after ? new Date(q.created_after) : undefined,
      createdBefore: q.created_before ? endOfDayIfDate(q.created_before) : undefined,
      updatedAfter: q.updated_after ? new Date(q.updated_after) : undefined,
      updatedBefore: q.updated_before ? endOfDayIfDate(q.updated_before) : undefined,
      search: q.search || undefined,
  };
  // The overdue filter moves with the clock, so its counts are keyed by the second too.
  const key = JSON.stringify({ ...filter, now: q.overdue === undefined ? 0 : Math.floor(now.getTime() / 1000) });
  const cache = countCacheOf(ctx);
  const cached = cache.counts.get(key);
  const fresh = cached && cached.version === cache.version && Date.now() - cached.at < COUNT_TTL_MS ? cached.count : undefined;
  const version = cache.version;
  const { rows, count } = await repo.listJobs(
    ctx.database,
    filter,
    { field: q.ordering.replace(/^-/, '') as repo.JobOrderField, desc },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
    fresh,
  );
  // Not stored if a write happened while counting: the count may predate it.
  if (fresh === undefined && version === cache.version) cache.counts.set(key, { count, version, at: Date.now() });
  return { count, page: q.page, page_size: q.page_size, results: rows.map((r) => listItemOf(r, now)) };
}

// ---------------------------------------------------------------------------------------------
// Create and update (PUT /jobs)

function zodArgs(prefix: string, error: z.ZodError): Args {
  return error.issues.map((i) => ({ [[prefix, ...i.path.map(String)].filter(Boolean).join('.')]: i.message }));
}

const SIMPLE_FIELDS = {
  name: 'name',
  client_name: 'clientName',
  client_street_address: 'clientStreetAddress',
  client_zip_code: 'clientZipCode',
  city: 'clientCity',
  home_elevation: 'homeElevation',
  latitude: 'latitude',
  longitude: 'longitude',
  company_verified_inspection: 'companyVerifiedInspection',
  no_pictures: 'noPictures',
  roof_type: 'roofType',
  gypsum_type: 'gypsumType',
  enclosed: 'enclosed',
  exposure_category: 'exposureCategory',
  notes: 'notes',
  services_requested: 'servicesRequested',
  job_files_link: 'jobFilesLink',
  requirements: 'requirements',
  site_photo_count: 'sitePhotoCount',
  structural_pages_to_stamp: 'structuralPagesToStamp',
  electrical_pages_to_stamp: 'electricalPagesToStamp',
  rejection_notice: 'rejectionNotice',
  structure_type: 'structureType',
} as const satisfies Partial<Record<keyof JobBody, keyof repo.JobInsert>>;

export const EMPTY_PARCEL: ParcelInfo = {
  parcel_id: null, county_name: null, muni_name: null, zoning: null,
  acreage_calc: null, bldg_sqft: null, roof_height: null, legal_desc1: null,
};

/** A stored job's option fields, as the option rule compares them ("the value it already holds"). */
const storedChoices = (job: repo.JobRow): OptionChoices => ({
  connection_type_id: job.connectionType,
  structure_type: job.structureType,
  gypsum_type: job.gypsumType,
  arrays: job.arrays as JobArray[],
  cad_intake: job.cadIntake as Record<string, unknown>,
});

/**
 * Turns a PUT body into column values: references checked, option fields checked against the
 * database's option lists (an active item, or the value the job already holds), arrays and the
 * CAD intake form completed with their defaults and validated, and the spec §5 rules (framing by
 * structure type, the structural span check) applied to the result.
 */
async function valuesOf(db: DbOrTx, body: JobBody, current: repo.JobRow | undefined, lists: OptionLookup): Promise<Partial<repo.JobInsert>> {
  const set: Partial<repo.JobInsert> = {};
  const bad: Args = [];
  for (const [k, col] of Object.entries(SIMPLE_FIELDS)) {
    const v = body[k as keyof JobBody];
    if (v !== undefined) (set as Record<string, unknown>)[col] = v;
  }
  if (body.state !== undefined) {
    if (body.state === null) set.clientStateId = null;
    else if (!(await repo.getState(db, body.state))) bad.push({ state: 'Unknown state.' });
    else set.clientStateId = body.state;
  }
  if (body.connection_type_id !== undefined) set.connectionType = body.connection_type_id;
  if (body.ahj_id !== undefined) {
    // An active AHJ, or the one the job already holds (deactivated since or not).
    if (body.ahj_id === null || body.ahj_id === current?.ahjId) set.ahjId = body.ahj_id;
    else if ((await repo.getAhjRow(db, body.ahj_id))?.isActive) set.ahjId = body.ahj_id;
    else bad.push({ ahj_id: 'Unknown or inactive AHJ.' });
  }
  // Each array as it will be stored, by its index ({} for one that failed its shape check).
  let arrayChoices: Partial<JobArray>[] | undefined;
  if (body.arrays !== undefined) {
    const arrays: JobArray[] = [];
    arrayChoices = body.arrays.map((a, i) => {
      const parsed = ZJobArray.safeParse({ ...ARRAY_DEFAULTS, beam_span: [...ARRAY_DEFAULTS.beam_span], ...a });
      if (parsed.success) arrays.push(parsed.data);
      else bad.push(...zodArgs(`arrays.${i}`, parsed.error));
      return parsed.success ? parsed.data : {};
    });
    set.arrays = arrays;
  }
  if (body.cad_intake !== undefined) {
    const base = (current?.cadIntake as object | undefined) ?? CAD_INTAKE_DEFAULTS;
    const parsed = ZCadIntake.safeParse({ ...base, ...body.cad_intake });
    if (parsed.success) set.cadIntake = parsed.data;
    else bad.push(...zodArgs('cad_intake', parsed.error));
  }
  if (body.parcel_info !== undefined) {
    set.parcelInfo = body.parcel_info === null ? null : { ...EMPTY_PARCEL, ...((current?.parcelInfo as object | null) ?? {}), ...body.parcel_info };
  }
  // Option fields: the parts sent, arrays and CAD form as they will be stored (a CAD form that failed its shape check is skipped).
  bad.push(...optionChoiceProblems({
    connection_type_id: body.connection_type_id,
    structure_type: body.structure_type,
    gypsum_type: body.gypsum_type,
    arrays: arrayChoices,
    cad_intake: set.cadIntake as Record<string, unknown> | undefined,
  }, current && storedChoices(current), lists));
  // The CAD form's utility and state name directory rows: looked up only when changed (one query each at most).
  const lookups = cadDirectoryLookups(set.cadIntake as Record<string, unknown> | undefined, current?.cadIntake as Record<string, unknown> | undefined);
  if (lookups.utility !== undefined || lookups.state !== undefined) {
    // In turn, not together: `db` may be a transaction's one connection.
    const utility = lookups.utility !== undefined && isUtilityId(lookups.utility) && (await repo.utilityIsActive(db, lookups.utility));
    const state = lookups.state !== undefined && (await repo.stateAbbreviationExists(db, lookups.state));
    bad.push(...cadDirectoryProblems(lookups, { utility, state }));
  }
  if (bad.length) throw badRequest('Some fields are invalid.', bad);

  // Spec §5 rules on the job as it will be.
  const structureType = set.structureType !== undefined ? set.structureType : current?.structureType ?? null;
  const arrays = (set.arrays ?? current?.arrays ?? []) as JobArray[];
  if (set.arrays !== undefined || set.structureType !== undefined) {
    const framing = framingOptionsFor(structureType);
    arrays.forEach((a, i) => {
      if (a.frame_shape !== null && !a.nonstandard_framing && !framing.includes(a.frame_shape)) {
        bad.push({ [`arrays.${i}.frame_shape`]: `Choose one of: ${framing.join(', ')}.` });
      }
    });
  }
  if (set.arrays !== undefined) {
    const limit = await structuralSpanLimit(db);
    arrays.forEach((a, i) => {
      const r = checkStructuralSpan({ beamSpans: a.beam_span, pitchDegrees: a.roof_pitch, modulesOnRafter: a.num_panels_on_rafter, orientation: a.orientation }, limit);
      if (!r.ok) {
        bad.push({
          [`arrays.${i}.beam_span`]: r.reason === 'too_short'
            ? `The spans add up to ${r.slopedLengthIn.toFixed(1)} in along the slope; ${a.num_panels_on_rafter} modules need at least ${r.limitIn} in.`
            : 'The spans or pitch cannot be measured.',
        });
      }
    });
  }
  if (bad.length) throw unprocessable('The job breaks a design rule.', bad);
  return set;
}

async function resolveCompany(db: DbOrTx, p: Principal, requested: string | null | undefined, current?: string): Promise<string> {
  if (requested === undefined || requested === null) {
    if (current) return current;
    if (isClientRole(p.role) && p.companyIds.length === 1) return p.companyIds[0]!;
    throw badRequest('Some fields are invalid.', [{ company: 'Choose the company this job is for.' }]);
  }
  if (requested === current) return requested;
  const ok = isInternalStaff(p.role) ? !!(await repo.getCompanyRow(db, requested)) : p.companyIds.includes(requested);
  if (!ok) throw badRequest('Some fields are invalid.', [{ company: 'Unknown company.' }]);
  return requested;
}

export async function saveJob(ctx: AppContext, p: Principal, body: JobBody): Promise<{ created: boolean; job: Job }> {
  if (!(isInternalStaff(p.role) || isClientRole(p.role))) {
    // A contractor sees assigned jobs but never creates or edits one; keep 404 for jobs it cannot see.
    if (body.id) await visibleJob(ctx.database.db, p, body.id);
    throw forbidden();
  }
  if (body.rejection_notice !== undefined && !isInternalStaff(p.role)) throw forbidden('Only staff write the rejection notice.');
  return body.id
    ? { created: false, job: await updateJob(ctx, p, body.id, body) }
    : { created: true, job: await createJob(ctx, p, body) };
}

async function createJob(ctx: AppContext, p: Principal, body: JobBody): Promise<Job> {
  const db = ctx.database.db;
  if (body.status !== undefined && body.status !== 'Draft') {
    throw badRequest('Some fields are invalid.', [{ status: 'A new job starts as a Draft.' }]);
  }
  const companyId = await resolveCompany(db, p, body.company);
  const values = await valuesOf(db, body, undefined, await optionLists(ctx));
  const now = ctx.clock.now();
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertJob(tx, {
      roofType: NEW_JOB_DEFAULTS.roof_type,
      gypsumType: NEW_JOB_DEFAULTS.gypsum_type,
      enclosed: NEW_JOB_DEFAULTS.enclosed,
      cadIntake: CAD_INTAKE_DEFAULTS,
      ...values,
      companyId,
      status: 'Draft',
      clientStatus: clientStatusOf('Draft'),
      createdById: p.id,
      createdByRole: p.role,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertHistory(tx, { jobId: row.id, event: 'created', actorId: p.id, actorRole: p.role, fromStatus: null, toStatus: 'Draft', at: now });
    return row.id;
  });
  await announceJobsChanged(ctx);
  return getJob(ctx, p, id);
}

async function updateJob(ctx: AppContext, p: Principal, id: string, body: JobBody): Promise<Job> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!job.isActive) throw conflict('This job is deactivated.');
  const status = job.status as JobStatus;
  if (body.status !== undefined && body.status !== status) {
    throw badRequest('Some fields are invalid.', [{ status: 'Change the status with POST /jobs/{id}/status.' }]);
  }
  // Staff and clients only reach here (saveJob refuses contractors); the rule is the domain's.
  const refusal = editRefusalOf(status, p.role);
  if (refusal) {
    throw conflict(refusal === 'cancelled'
      ? 'A cancelled job can no longer be edited.'
      : 'This job is with our team: request a revision to change it.');
  }
  const set = await valuesOf(db, body, job, await optionLists(ctx));
  if (body.company !== undefined) set.companyId = await resolveCompany(db, p, body.company, job.companyId);
  const fields = changedFieldsOf(body, set, job);
  // The intake re-sends the whole form on every step: nothing changed, nothing written.
  if (!fields.length) return getJob(ctx, p, id);
  const changed: Partial<repo.JobInsert> = {};
  for (const f of fields) {
    const col = BODY_COLUMNS[f];
    (changed as Record<string, unknown>)[col] = set[col];
  }
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    if (changed.servicesRequested !== undefined) {
      // A change of services may change the threshold (16 h with cad_packet).
      changed.overdueAt = overdueAtOf(job.createdByRole, changed.servicesRequested, job.pendingAdminMsClosed, job.pendingSince);
    }
    await repo.updateJob(tx, id, { ...changed, updatedAt: now });
    await repo.insertHistory(tx, {
      jobId: id, event: status === 'Draft' ? 'drafted' : 'edited', actorId: p.id, actorRole: p.role, data: { fields }, at: now,
    });
  });
  await announceJobsChanged(ctx);
  return getJob(ctx, p, id);
}

/** Body field → the column its value lands in (valuesOf and resolveCompany fill them). */
const BODY_COLUMNS = {
  ...SIMPLE_FIELDS,
  state: 'clientStateId',
  connection_type_id: 'connectionType',
  arrays: 'arrays',
  cad_intake: 'cadIntake',
  parcel_info: 'parcelInfo',
  ahj_id: 'ahjId',
  company: 'companyId',
} as const satisfies Partial<Record<keyof JobBody, keyof repo.JobInsert>>;
type BodyField = keyof typeof BODY_COLUMNS;

/**
 * The body fields whose value really changes the stored job: each compared as it will be stored
 * (defaults filled, validated) with the stored value, normalised by the domain diff rule. The
 * services are a set: their order is no change.
 */
function changedFieldsOf(body: JobBody, set: Partial<repo.JobInsert>, job: repo.JobRow): BodyField[] {
  const incoming: Partial<Record<BodyField, unknown>> = {};
  const stored: Partial<Record<BodyField, unknown>> = {};
  for (const k of Object.keys(body)) {
    if (!(k in BODY_COLUMNS)) continue;
    const col = BODY_COLUMNS[k as BodyField];
    if (set[col] === undefined) continue;
    incoming[k as BodyField] = set[col];
    stored[k as BodyField] = job[col as keyof repo.JobRow];
  }
  return changedJobFields(incoming, stored, { unordered: ['services_requested'] });
}

// ---------------------------------------------------------------------------------------------
// Workflow

/** The history event a move writes (also used by the demo seed). */
export function eventOf(action: TransitionAction, from: JobStatus, to: JobStatus): AnyJobEvent {
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

type MoveOptions = {
  note?: string;
  /** The actions this route makes; others are refused with a pointer to the right route. */
  actions: readonly TransitionAction[];
  /** Extra column values written with the move (revision changes). */
  extra?: Partial<repo.JobInsert>;
  data?: Record<string, unknown>;
  afterMove?: (tx: DbOrTx, job: repo.JobRow, now: Date) => Promise<void>;
};

function submitProblems(job: repo.JobRow): Args {
  const bad: Args = [];
  if (!job.name.trim()) bad.push({ name: 'Give the job a name.' });
  if (!job.clientStreetAddress.trim()) bad.push({ client_street_address: 'Enter the site address.' });
  if (!job.servicesRequested.length) bad.push({ services_requested: 'Choose at least one service.' });
  return bad;
}

async function moveJob(ctx: AppContext, p: Principal, id: string, to: JobStatus, o: MoveOptions): Promise<Job> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!job.isActive) throw conflict('This job is deactivated.');
  const now = ctx.clock.now();
  let counted = false;
  await db.transaction(async (tx) => {
    const locked = await repo.lockJob(tx, id);
    if (!locked) throw notFound();
    const from = locked.status as JobStatus;
    const changes = await repo.statusChanges(tx, id);
    const tctx = {
      previousStatus: statusBeforePendingClient(changes.map((c) => ({ from: c.from as JobStatus | null, to: c.to as JobStatus }))),
      assignedToActor: locked.assigneeId === p.id,
    };
    const t = findTransition(from, to, p.role, tctx);
    if (!t) {
      if (canTransition(from, to, 'admin', tctx)) throw forbidden('Your role cannot make this change.');
      throw conflict(`A job cannot move from ${from} to ${to}.`);
    }
    if (!o.actions.includes(t.action)) {
      if (t.action === 'revision') throw badRequest('A revision needs a reason: use POST /jobs/{id}/revision.');
      throw badRequest(`Use the ${t.action} action for this change.`);
    }
    const merged = { ...locked, ...o.extra } as repo.JobRow;
    if (t.action === 'submit') {
      const bad = submitProblems(merged);
      if (bad.length) throw unprocessable('The job is not ready to submit.', bad);
    }
    const book = pendingBookkeeping(locked, to, now, merged.servicesRequested);
    await repo.updateJob(tx, id, {
      ...o.extra,
      status: to,
      clientStatus: clientStatusOf(to),
      ...book,
      ...(t.action === 'submit' && !locked.submittedAt ? { submittedAt: now } : {}),
      updatedAt: now,
    });
    await repo.insertHistory(tx, {
      jobId: id, event: eventOf(t.action, from, to), actorId: p.id, actorRole: p.role,
      fromStatus: from, toStatus: to, note: o.note ?? null, data: o.data ?? null, at: now,
    });
    // Month stats (spec §4): counted for the user who made the change (domain month-stats rule).
    const delta = monthStatsDelta(from, to);
    if (delta.jobsCompleted) await bumpMonthStat(tx, p.id, monthKey(now), 'jobsCompleted');
    if (delta.revisions) await bumpMonthStat(tx, p.id, monthKey(now), 'revisions');
    await o.afterMove?.(tx, locked, now);
    counted = delta.jobsCompleted + delta.revisions > 0;
  });
  // After the commit, so no reader caches the old counts again in between.
  await announceJobsChanged(ctx);
  if (counted) await ctx.cache.invalidateUser(p.id);
  return getJob(ctx, p, id);
}

export async function submitJob(ctx: AppContext, p: Principal, id: string, note?: string) {
  return moveJob(ctx, p, id, 'Pending Pre-Check', { note, actions: ['submit'] });
}

export async function changeStatus(ctx: AppContext, p: Principal, id: string, to: JobStatus, note?: string) {
  return moveJob(ctx, p, id, to, { note, actions: ['submit', 'move', 'ask_client', 'answer', 'approve', 'cancel'] });
}

export async function cancelJob(ctx: AppContext, p: Principal, id: string, note?: string) {
  return moveJob(ctx, p, id, 'Cancelled', { note, actions: ['cancel'] });
}

export async function requestRevision(ctx: AppContext, p: Principal, id: string, body: RevisionBody) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!(isInternalStaff(p.role) || isClientRole(p.role))) throw forbidden();
  if (body.involuntary === true && !isInternalStaff(p.role)) throw forbidden('Only staff mark a revision involuntary.');
  const changes = body.job;
  if (changes?.id !== undefined && changes.id !== id) throw badRequest('Some fields are invalid.', [{ 'job.id': 'Does not match the job.' }]);
  if (changes?.rejection_notice !== undefined && !isInternalStaff(p.role)) throw forbidden('Only staff write the rejection notice.');
  const { id: _id, status: _status, company: _company, ...fields } = changes ?? {};
  const extra = changes ? await valuesOf(db, fields, job, await optionLists(ctx)) : {};
  const involuntary = body.involuntary ?? REVISION_REASONS[body.reason].involuntary;
  const number = job.revisionNumber + 1;
  return moveJob(ctx, p, id, 'Pending Design Revision', {
    note: body.note,
    actions: ['revision'],
    extra: { ...extra, revisionNumber: number },
    data: { number, reason: body.reason, involuntary },
    afterMove: async (tx, locked, now) => {
      await repo.insertRevision(tx, {
        jobId: id, number: locked.revisionNumber + 1, reason: body.reason, involuntary, note: body.note ?? '',
        fromStatus: locked.status, requestedById: p.id, changes: changes ? fields : null, createdAt: now,
      });
    },
  });
}

export async function assignJob(ctx: AppContext, p: Principal, id: string, assigneeId: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!(isInternalStaff(p.role) || (p.role === 'contractor' && job.assigneeId === p.id))) throw forbidden();
  if (!job.isActive) throw conflict('This job is deactivated.');
  const u = await repo.getUserRow(db, assigneeId);
  if (!u || !u.isActive || !ASSIGNABLE_ROLES.includes(u.role)) {
    throw badRequest('Some fields are invalid.', [{ assignee_id: 'Choose an active admin, support or contractor user.' }]);
  }
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    await repo.updateJob(tx, id, { assigneeId, updatedAt: now });
    await repo.insertHistory(tx, {
      jobId: id, event: 'assigned', actorId: p.id, actorRole: p.role, note: note ?? null,
      data: { assignee_id: u.id, assignee_name: getDisplayName(u) }, at: now,
    });
  });
  await announceJobsChanged(ctx);
  await ctx.events.publish(u.id, 'job_assigned', { job_id: id, name: job.name });
  return getJob(ctx, p, id);
}

export async function unassignJob(ctx: AppContext, p: Principal, id: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!(isInternalStaff(p.role) || (p.role === 'contractor' && job.assigneeId === p.id))) throw forbidden();
  if (!job.assigneeId) throw conflict('This job has no assignee.');
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    await repo.updateJob(tx, id, { assigneeId: null, updatedAt: now });
    await repo.insertHistory(tx, {
      jobId: id, event: 'unassigned', actorId: p.id, actorRole: p.role, note: note ?? null,
      data: { assignee_id: job.assigneeId }, at: now,
    });
  });
  await announceJobsChanged(ctx);
  // A contractor who hands a job back no longer sees it.
  if (!isInternalStaff(p.role)) return null;
  return getJob(ctx, p, id);
}

export async function deactivateJob(ctx: AppContext, p: Principal, id: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!isInternalStaff(p.role)) throw forbidden();
  if (!job.isActive) throw conflict('This job is already deactivated.');
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    await repo.updateJob(tx, id, { isActive: false, updatedAt: now });
    await repo.insertHistory(tx, { jobId: id, event: 'deactivated', actorId: p.id, actorRole: p.role, note: note ?? null, at: now });
  });
  await announceJobsChanged(ctx);
  return getJob(ctx, p, id);
}

// ---------------------------------------------------------------------------------------------
// History and revisions

export async function jobHistory(ctx: AppContext, p: Principal, id: string) {
  const db = ctx.database.db;
  await visibleJob(db, p, id);
  const rows = await repo.listHistory(db, id);
  return rows.map(({ h, ...u }) => ({
    id: h.id,
    event: h.event,
    label: ALL_JOB_EVENT_LABELS[h.event as AnyJobEvent] ?? h.event,
    actor: userRef(h.actorId, u),
    from_status: h.fromStatus as JobStatus | null,
    to_status: h.toStatus as JobStatus | null,
    note: h.note,
    data: h.data ?? null,
    at: h.at.toISOString(),
  }));
}

export async function jobRevisions(ctx: AppContext, p: Principal, id: string) {
  const db = ctx.database.db;
  await visibleJob(db, p, id);
  const rows = await repo.listRevisions(db, id);
  return rows.map(({ r, ...u }) => ({
    id: r.id,
    number: r.number,
    reason: r.reason as keyof typeof REVISION_REASONS,
    reason_label: REVISION_REASONS[r.reason as keyof typeof REVISION_REASONS]?.label ?? r.reason,
    involuntary: r.involuntary,
    note: r.note,
    from_status: r.fromStatus as JobStatus,
    requested_by: userRef(r.requestedById, u),
    changes: r.changes ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}


