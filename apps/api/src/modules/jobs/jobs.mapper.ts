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
import { taskAnswersOf } from '@sunstamp/domain/jobs/deliverables.rules';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { Principal } from '../auth/principal.ts';
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

type ListSource = { job: repo.JobListRow } & repo.JobListRefs;

/**
 * A list row; its overdue state comes from the stored pending-admin tally (no history read per row).
 * A client reads the client-facing status and never the assignee or the overdue flag
 * (jobs/client-view.rules.ts).
 */
export function listItemOf(r: ListSource, now: Date, role: Role): Omit<JobListItem, 'unread_messages'> {
  const j = r.job;
  const status = j.status as JobStatus;
  const client = isClientRole(role);
  const overdue = client ? { overdue: false, pendingAdminMs: 0 } : overdueOf(j, periodsFromTally(j, status), now);
  return {
    id: j.id,
    name: j.name,
    client_name: j.clientName,
    client_street_address: j.clientStreetAddress,
    client_zip_code: j.clientZipCode,
    client_city: j.clientCity ? { name: j.clientCity, state_id: j.clientStateId } : null,
    client_state: j.clientStateId && r.stateName ? { id: j.clientStateId, name: r.stateName, abbreviation: r.stateAbbreviation ?? '' } : null,
    company: { id: j.companyId, name: r.companyName ?? '' },
    status: shownStatusOf(status, role),
    client_status: clientStatusOf(status),
    waiting_on: waitingOnOf(status),
    action_needed: actionKindFor(status, role),
    services_requested: j.servicesRequested,
    assignee: client ? null : userRef(j.assigneeId, { firstName: r.assigneeFirstName, lastName: r.assigneeLastName, email: r.assigneeEmail }),
    is_active: j.isActive,
    revision_number: j.revisionNumber,
    is_overdue: overdue.overdue,
    pending_admin_hours: pendingAdminHours(overdue.pendingAdminMs),
    submitted_at: j.submittedAt?.toISOString() ?? null,
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
    tasks: taskAnswersOf(j.servicesRequested, j.serviceTasks),
  };
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
