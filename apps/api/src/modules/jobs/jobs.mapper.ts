import type { Role } from '@sunstamp/domain/roles';
import { allowedTransitions, clientStatusOf, mayEditInPlace, statusBeforePendingClient, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { actionKindFor, requestNoteOf, waitingOnOf } from '@sunstamp/domain/jobs/action-needed.rules';
import { clientHistoryEntryOf, shownFileCategoryOf, shownStatusOf } from '@sunstamp/domain/jobs/client-view.rules';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import { isClientRole } from '@sunstamp/domain/roles';
import { jobOverdueState, pendingAdminHours, periodsFromChanges, periodsFromTally } from '@sunstamp/domain/jobs/pending-admin.rules';
import type { StatusPeriod } from '@sunstamp/domain/jobs/overdue.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { optionLabelOf, type OptionLookup } from '@sunstamp/domain/jobs/job-options.rules';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import { ALL_JOB_EVENT_LABELS, type AnyJobEvent } from '@sunstamp/domain/constants/job-events.constants';
import { ARRAY_IMAGE_KINDS, type FileKind } from '@sunstamp/domain/contracts/files';
import type { Job, JobListItem, ParcelInfo } from '@sunstamp/domain/contracts/jobs';
import type { WetStampOrder } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { taskAnswersOf } from '@sunstamp/domain/jobs/deliverables.rules';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { Principal } from '../../platform/principal.ts';
import type * as repo from './jobs.repository.ts';

/**
 * Rows → the job contracts (packages/domain contracts/jobs.ts): list items, the job answer, its
 * history and revisions. Pure: the caller reads the rows and decides which files the principal
 * sees; nothing here touches the database.
 */

type Named = { firstName: string | null; lastName: string | null; email: string | null };
export const userRef = (id: string | null, u: Named) =>
  id && u.email ? { id, full_name: getDisplayName({ firstName: u.firstName ?? '', lastName: u.lastName ?? '', email: u.email }), email: u.email } : null;

/** The stored connection type with the database's label (a deactivated item's too; the value itself if the list lacks it). */
const connectionTypeRef = (value: string | null, lists: OptionLookup) =>
  value ? { id: value, label: optionLabelOf('connection_types', value, lists) } : null;

const overdueOf = (job: Pick<repo.JobRow, 'createdByRole' | 'servicesRequested' | 'status'>, periods: StatusPeriod[], now: Date) =>
  jobOverdueState({ createdByRole: (job.createdByRole as Role | null) ?? null, services: job.servicesRequested, status: job.status as JobStatus }, periods, now);

/** A list row (instants already written by the database) or a whole job (its Date columns). */
type ListSource = repo.JobListRefs & (
  | { job: repo.JobListRow; instants: repo.JobListInstants }
  | { job: repo.JobListRow & Pick<repo.JobRow, 'submittedAt' | 'createdAt' | 'updatedAt'>; instants?: undefined });

/**
 * A list row; its overdue state comes from the stored pending-admin tally (no history read per row).
 * A client reads the client-facing status and never the assignee or the overdue flag
 * (jobs/client-view.rules.ts).
 */
export function listItemOf(r: ListSource, now: Date, role: Role): Omit<JobListItem, 'unread_messages'> {
  const j = r.job;
  const status = j.status as JobStatus;
  const client = isClientRole(role);
  const overdue = listClockOf(r, now, role);
  const view = statusViewOf(status, role);
  const at = r.instants ?? { submittedAt: r.job.submittedAt?.toISOString() ?? null, createdAt: r.job.createdAt.toISOString(), updatedAt: r.job.updatedAt.toISOString() };
  return {
    id: j.id,
    name: j.name,
    client_name: j.clientName,
    client_street_address: j.clientStreetAddress,
    client_zip_code: j.clientZipCode,
    client_city: j.clientCity ? { name: j.clientCity, state_id: j.clientStateId } : null,
    client_state: j.clientStateId && r.stateName ? { id: j.clientStateId, name: r.stateName, abbreviation: r.stateAbbreviation ?? '' } : null,
    company: { id: j.companyId, name: r.companyName ?? '' },
    status: view.status,
    client_status: view.client_status,
    waiting_on: view.waiting_on,
    action_needed: view.action_needed,
    services_requested: j.servicesRequested,
    assignee: client ? null : assigneeRefOf(j.assigneeId, r),
    is_active: j.isActive,
    revision_number: j.revisionNumber,
    is_overdue: overdue.overdue,
    pending_admin_hours: pendingAdminHours(overdue.pendingAdminMs),
    submitted_at: at.submittedAt,
    created_at: at.createdAt,
    updated_at: at.updatedAt,
    tasks: taskAnswersMemo(j.servicesRequested, j.serviceTasks),
  };
}

const NOT_OVERDUE = Object.freeze({ overdue: false, pendingAdminMs: 0 });

/** What a list row reads off the clock: overdue or not, and the time pending the team (a client reads neither). Nothing else in listItemOf moves with it. */
function listClockOf(r: ListSource, now: Date, role: Role): { overdue: boolean; pendingAdminMs: number } {
  if (isClientRole(role)) return NOT_OVERDUE;
  return overdueOf(r.job, periodsFromTally(r.job, r.job.status as JobStatus), now);
}

/**
 * The clock's part of a page of list items, as text: listItemOf gives the same items for the same
 * rows and role at any two instants with the same key (the hours are rounded to the hundredth).
 */
export function listClockKey(rows: readonly ListSource[], now: Date, role: Role): string {
  if (isClientRole(role)) return '';
  let key = '';
  for (const r of rows) {
    const c = listClockOf(r, now, role);
    key += clockKeyPart(c.overdue, pendingAdminHours(c.pendingAdminMs));
  }
  return key;
}

/** The same key read off items listItemOf built from those rows at that instant: no second pass over the clock. */
export function listClockKeyOfItems(items: readonly Pick<JobListItem, 'is_overdue' | 'pending_admin_hours'>[], role: Role): string {
  if (isClientRole(role)) return '';
  let key = '';
  for (const i of items) key += clockKeyPart(i.is_overdue, i.pending_admin_hours);
  return key;
}

const clockKeyPart = (overdue: boolean, hours: number) => `${overdue ? 'o' : '-'}${hours},`;

/*
 * The list's hot path (bench/README.md, Jobs list, issue 27): a page repeats a handful of statuses,
 * task sets and assignees, so what derives from them alone is computed once per process (status
 * and role) or once per distinct value and shared, frozen, by every row that has it. The answers
 * are the same objects the rules would build; JSON.stringify writes them out the same.
 */
type StatusView = Pick<JobListItem, 'status' | 'client_status' | 'waiting_on' | 'action_needed'>;
const statusViews = new Map<string, StatusView>();
function statusViewOf(status: JobStatus, role: Role): StatusView {
  const key = `${role}\u0000${status}`;
  let v = statusViews.get(key);
  if (!v) {
    v = Object.freeze({ status: shownStatusOf(status, role), client_status: clientStatusOf(status), waiting_on: waitingOnOf(status), action_needed: actionKindFor(status, role) });
    statusViews.set(key, v);
  }
  return v;
}

/** Memoised task answers by services and their stored completions (a bounded map: it is cleared when full). */
const taskAnswers = new Map<string, JobListItem['tasks']>();
function taskAnswersMemo(services: readonly string[], stored: Record<string, unknown> | null | undefined): JobListItem['tasks'] {
  let key = '';
  for (const s of services) key += `${s}\u0000${typeof stored?.[s] === 'string' ? (stored[s] as string) : ''}\u0001`;
  let v = taskAnswers.get(key);
  if (!v) {
    if (taskAnswers.size >= 2_000) taskAnswers.clear();
    v = Object.freeze(taskAnswersOf(services, stored).map((t) => Object.freeze(t))) as JobListItem['tasks'];
    taskAnswers.set(key, v);
  }
  return v;
}

/** The assignee as the list shows it, memoised by id and the names read (a renamed user makes a new key). */
const assigneeRefs = new Map<string, ReturnType<typeof userRef>>();
function assigneeRefOf(id: string | null, r: repo.JobListRefs): ReturnType<typeof userRef> {
  if (!id || !r.assigneeEmail) return null;
  const key = `${id}\u0000${r.assigneeFirstName ?? ''}\u0000${r.assigneeLastName ?? ''}\u0000${r.assigneeEmail}`;
  let v = assigneeRefs.get(key);
  if (v === undefined) {
    if (assigneeRefs.size >= 2_000) assigneeRefs.clear();
    v = userRef(id, { firstName: r.assigneeFirstName, lastName: r.assigneeLastName, email: r.assigneeEmail });
    if (v) Object.freeze(v);
    assigneeRefs.set(key, v);
  }
  return v;
}

export const fileRef = (f: repo.JobFileSummary, role: Role) => ({
  id: f.id,
  kind: f.kind,
  category: shownFileCategoryOf(f.category as FileCategory, role),
  name: f.name,
  mime: f.mime,
  size: f.size,
  array_index: f.arrayIndex,
  has_preview: !!f.previewKey || ['image/jpeg', 'image/png', 'image/gif'].includes(f.mime),
  created_at: f.createdAt.toISOString(),
});

/** The job answer; `detail.files` must hold only the files the principal may see. */
export function jobOf(p: Principal, detail: repo.JobDetail, now: Date, lists: OptionLookup): Job {
  const { job: j, changes, files: visible } = detail;
  const status = j.status as JobStatus;
  const client = isClientRole(p.role);
  const overdue = client ? { overdue: false, pendingAdminMs: 0 } : overdueOf(j, periodsFromChanges(changes.map((c) => ({ to: c.to as JobStatus, at: c.at }))), now);
  const ref = (f: repo.JobFileSummary) => fileRef(f, p.role);
  const imagesOf = (kind: FileKind, i: number) => visible.filter((f) => f.kind === kind && f.arrayIndex === i).map(ref);
  const request = requestNoteOf(status, changes.map((c) => ({ to: c.to as JobStatus, note: c.note ?? null, at: c.at })));
  const tctx = {
    previousStatus: statusBeforePendingClient(changes.map((c) => ({ from: c.from as JobStatus | null, to: c.to as JobStatus }))),
    assignedToActor: j.assigneeId === p.id,
  };
  return {
    ...listItemOf(detail, now, p.role),
    request: request ? { note: request.note, at: request.at.toISOString() } : null,
    may_edit: mayEditInPlace(status, p.role, j.isActive),
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
    ahj: j.ahjId && detail.ahjName !== null ? { id: j.ahjId, name: detail.ahjName, state: detail.ahjState ?? '' } : null,
    case_number: typeof (j.cadFields as Record<string, unknown>).case_number === 'string' ? (j.cadFields as { case_number: string }).case_number : null,
    wet_stamp_order: (j.wetStampOrder as WetStampOrder | null) ?? null,
    site_photo_count: j.sitePhotoCount,
    structural_pages_to_stamp: j.structuralPagesToStamp,
    electrical_pages_to_stamp: j.electricalPagesToStamp,
    rejection_notice: j.rejectionNotice,
    created_by: userRef(j.createdById, { firstName: detail.creatorFirstName, lastName: detail.creatorLastName, email: detail.creatorEmail }),
    is_overdue: overdue.overdue,
    pending_admin_hours: pendingAdminHours(overdue.pendingAdminMs),
    job_files: visible.filter((f) => !ARRAY_IMAGE_KINDS.includes(f.kind as FileKind) && f.kind !== 'panel_layout').map(ref),
    panel_layout_images: visible.filter((f) => f.kind === 'panel_layout').map(ref),
    allowed_transitions: j.isActive
      ? allowedTransitions(status, p.role, tctx).map((t) => ({ to: shownStatusOf(t.to, p.role), action: t.action }))
      : [],
  };
}

type HistoryRow = Awaited<ReturnType<typeof repo.listHistory>>[number];
type RevisionRow = Awaited<ReturnType<typeof repo.listRevisions>>[number];

export const historyEntryOf = ({ h, ...u }: HistoryRow) => ({
  id: h.id,
  event: h.event,
  label: ALL_JOB_EVENT_LABELS[h.event as AnyJobEvent] ?? h.event,
  actor: userRef(h.actorId, u),
  from_status: h.fromStatus as JobStatus | null,
  to_status: h.toStatus as JobStatus | null,
  note: h.note,
  data: h.data ?? null,
  at: h.at.toISOString(),
});

type HistoryEntry = ReturnType<typeof historyEntryOf>;

/**
 * A history entry as a client reads it (jobs/client-view.rules.ts), or null for the team's own
 * entries. The team's people stay unnamed ("our team"): a client is not told who at the firm, or
 * which outside drafter, made a change.
 */
export function clientHistoryEntryFor(row: HistoryRow, entry: HistoryEntry) {
  const actorRole = (row.h.actorRole as Role | null) ?? null;
  const shown = clientHistoryEntryOf({ event: entry.event, from_status: entry.from_status, to_status: entry.to_status, note: entry.note, actorRole });
  if (!shown) return null;
  return { ...entry, ...shown, actor: actorRole !== null && isClientRole(actorRole) ? entry.actor : null };
}

export const revisionOf = ({ r, ...u }: RevisionRow, role: Role) => ({
  id: r.id,
  number: r.number,
  reason: r.reason as keyof typeof REVISION_REASONS,
  reason_label: REVISION_REASONS[r.reason as keyof typeof REVISION_REASONS]?.label ?? r.reason,
  involuntary: r.involuntary,
  note: r.note,
  from_status: shownStatusOf(r.fromStatus as JobStatus, role),
  requested_by: userRef(r.requestedById, u),
  changes: r.changes ?? null,
  rejection_comments: r.rejectionComments,
  created_at: r.createdAt.toISOString(),
});
