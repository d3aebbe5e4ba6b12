import type { z } from 'zod';
import { isClientRole, isInternalStaff, type Role } from '@sunstamp/domain/roles';
import {
  canTransition, clientStatusOf, findTransition, statusBeforePendingClient, type JobStatus, type TransitionAction,
} from '@sunstamp/domain/jobs/workflow.rules';
import { pendingBookkeeping } from '@sunstamp/domain/jobs/pending-admin.rules';
import { historyEventOf } from '@sunstamp/domain/jobs/job-history.rules';
import { creditedPeople, stepCredits } from '@sunstamp/domain/jobs/step-credits.rules';
import { monthKey, monthStatsDelta } from '@sunstamp/domain/jobs/month-stats.rules';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import type { Job, ZRevisionBody } from '@sunstamp/domain/contracts/jobs';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable, invalidFields } from '../../platform/errors.ts';
import { missingSentences, missingDeliverables, mustBeSealed, stageFor } from '@sunstamp/domain/jobs/deliverables.rules';
import { RELEASE_FROM_STATUSES, deliverableKindLabel } from '@sunstamp/domain/constants/deliverables.constants';
import { mayReleaseDeliverables } from '@sunstamp/domain/policies/deliverables.policy';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { requireAllowed } from '../../platform/access.ts';
import { currentDeliverableFacts, deliverablesOfRevision, lettersAwaitingSignature, releaseFiles, syncServiceTasks } from '../deliverables/deliverables.api.ts';
import { assertWetStampSent } from '../wet-stamps/wet-stamps.api.ts';
import { bumpMonthStat } from '../users/users.api.ts';
import { optionLists } from '../catalogue/catalogue.api.ts';
import { announceJobsChanged } from './jobs-count.cache.ts';
import { BODY_COLUMNS, changedColumnsOf, changedFieldsOf, jobValuesOf, type BodyField } from './jobs-input.mapper.ts';
import { cadIntakeOfLines, checkedLines, equipmentDiff, moduleTypeOfRows, storedModuleType } from './jobs-equipment.service.ts';
import { arraysWithModuleType } from '@sunstamp/domain/jobs/job-equipment.rules';
import { sameJobValue } from '@sunstamp/domain/jobs/job-diff.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import * as eqRepo from './jobs-equipment.repository.ts';
import { revisionChangesOf } from '@sunstamp/domain/jobs/revision-diff.rules';
import { getJob, visibleJob } from './jobs-queries.service.ts';
import * as repo from './jobs.repository.ts';
import { placeProblems } from './jobs-consistency.ts';
import { wetStampOrderProblems, type WetStampOrder } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { caseNumberMissing } from '@sunstamp/domain/requirements/dynamic-cad-fields.rules';
import { isUtilityId } from '@sunstamp/domain/jobs/job-options.rules';
import { resolveForJob } from '../requirements/requirements.api.ts';
import { ADDRESS_CONTRADICTION_MESSAGE } from '@sunstamp/domain/jobs/address.rules';
import { mayBeAssignedJobs, mayDeleteDraft, mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { notifyJobEvent, scheduleOverdueNotice } from '../notifications/notifications.api.ts';
import { postWorkflowMessage } from '../messages/messages.api.ts';

/**
 * The job workflow (spec §4, decisions.md): status moves by the transition table for the actor's
 * role, revisions, assignment and deactivation. Each writes its history row in the same
 * transaction; the bookkeeping (pending admin, events, month stats) is the domain's.
 */

type RevisionBody = z.output<typeof ZRevisionBody>;
type Args = Record<string, string>[];
type Ctx = Pick<AppContext, 'caches' | 'database' | 'clock' | 'cache' | 'events' | 'queue' | 'config' | 'log' | 'chat'>;


type MoveOptions = {
  note?: string;
  /** The actions this route makes; others are refused with a pointer to the right route. */
  actions: readonly TransitionAction[];
  /** Extra column values written with the move (revision changes). */
  extra?: Partial<repo.JobInsert>;
  data?: Record<string, unknown>;
  afterMove?: (tx: DbOrTx, job: repo.JobRow, now: Date) => Promise<void>;
  /** Runs under the row lock before the deliverables check (release marks the documents released here); its answer joins the history data. */
  beforeCheck?: (tx: DbOrTx, job: repo.JobRow, now: Date) => Promise<Record<string, unknown>>;
};

/**
 * A job cannot reach Design Completed, Pending Approval or Approved without the deliverables its
 * services require (jobs/deliverables.rules.ts): 409 naming each missing document and the service
 * that needs it. A client is told in its own terms (no internal status).
 */
async function assertDeliverables(tx: DbOrTx, job: repo.JobRow, to: JobStatus, role: Role): Promise<void> {
  const stage = stageFor(to);
  if (!stage) return;
  const facts = await currentDeliverableFacts(tx, job.id, job.revisionNumber);
  const missing = missingDeliverables(job.servicesRequested, facts, stage);
  if (!missing.length) return;
  const sentences = missingSentences(missing, stage);
  if (isClientRole(role)) {
    throw new AppError(409, 'This job cannot be approved yet: our team has not released everything it ordered.', 'conflict', sentences);
  }
  throw new AppError(409, `This job cannot move to ${to} without the deliverables its services require.`, 'conflict', sentences);
}

function submitProblems(job: repo.JobRow): Args {
  const bad: Args = [];
  if (!job.name.trim()) bad.push({ name: 'Give the job a name.' });
  if (!job.clientStreetAddress.trim()) bad.push({ client_street_address: 'Enter the site address.' });
  if (!job.servicesRequested.length) bad.push({ services_requested: 'Choose at least one service.' });
  return bad;
}

/**
 * What the intake asks for the services and requirements (issue 29, item 11): the wet stamp's
 * copies and shipping address when the wet stamp is ordered, and the AHJ case number when a
 * requirement prints it in the title block. Drafts save without them; submitting needs them.
 */
async function intakeOrderProblems(ctx: Pick<AppContext, 'database'>, tx: DbOrTx, job: repo.JobRow): Promise<Args> {
  const bad: Args = wetStampOrderProblems(job.servicesRequested, job.wetStampOrder as WetStampOrder | null);
  const utility = (job.cadIntake as { utility?: unknown } | null)?.utility;
  const resolved = await resolveForJob(ctx, {
    companyId: job.companyId, ahjId: job.ahjId, utilityId: typeof utility === 'string' && isUtilityId(utility) ? utility : null,
  }, tx);
  const ahjName = job.ahjId ? ((await repo.getAhjRow(tx, job.ahjId))?.name ?? null) : null;
  const missing = caseNumberMissing(resolved, (job.cadFields as Record<string, unknown>).case_number, ahjName);
  if (missing) bad.push({ case_number: missing });
  return bad;
}

async function moveJob(ctx: Ctx, p: Principal, id: string, to: JobStatus, o: MoveOptions): Promise<Job> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!job.isActive) throw conflict('This job is deactivated.');
  const now = ctx.clock.now();
  let counted = false;
  let creditedUsers: string[] = [];
  let moved: { from: JobStatus; assigneeId: string | null; action: TransitionAction; overdueAt: Date | null } | undefined;
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
      // A client is never told internal status names (jobs/client-view.rules.ts).
      if (isClientRole(p.role)) throw conflict('This change is not possible while the job is in its current state.');
      throw conflict(`A job cannot move from ${from} to ${to}.`);
    }
    if (!o.actions.includes(t.action)) {
      if (t.action === 'revision') throw badRequest('A revision needs a reason: use POST /jobs/{id}/revision.');
      throw badRequest(`Use the ${t.action} action for this change.`);
    }
    const merged = { ...locked, ...o.extra } as repo.JobRow;
    if (t.action === 'submit') {
      const bad = [...submitProblems(merged), ...(await intakeOrderProblems(ctx, tx, merged))];
      if (bad.length) throw unprocessable('The job is not ready to submit.', bad);
      const place = await placeProblems(tx, merged);
      if (place.length) throw unprocessable(ADDRESS_CONTRADICTION_MESSAGE, place);
    }
    const released = await o.beforeCheck?.(tx, locked, now);
    await assertDeliverables(tx, merged, to, p.role);
    // Pending Wet Stamp → Design Completed waits for the paper copies to be shipped (wet-stamps.gate.ts).
    await assertWetStampSent(tx, merged, from, to);
    const book = pendingBookkeeping(
      { pendingAdminMsClosed: locked.pendingAdminMsClosed, pendingSince: locked.pendingSince, createdByRole: (locked.createdByRole as Role | null) ?? null },
      { to, at: now, services: merged.servicesRequested },
    );
    moved = { from, assigneeId: locked.assigneeId, action: t.action, overdueAt: book.overdueAt };
    await repo.updateJob(tx, id, {
      ...o.extra,
      status: to,
      clientStatus: clientStatusOf(to),
      ...book,
      ...(t.action === 'submit' && !locked.submittedAt ? { submittedAt: now } : {}),
      updatedAt: now,
    });
    const event = historyEventOf(t.action, from, to);
    let data = o.data ?? released ?? null;
    // Completing a design credits who did each step of the cycle (issue 29, item 7), read from
    // the history with this move as its last row, not whoever moves it to Design Completed.
    let credited: string[] = [p.id];
    if (to === 'Design Completed') {
      const credits = stepCredits([...(await repo.creditHistory(tx, id)), { event, actorId: p.id, fromStatus: from, toStatus: to }]);
      credited = creditedPeople(credits);
      if (!credited.length) credited = [p.id];
      // credits.design is the cycle's completer in the analytics rollups (migration 0026).
      data = { ...(data ?? {}), credited, credits };
    }
    await repo.insertHistory(tx, {
      jobId: id, event, actorId: p.id, actorRole: p.role,
      fromStatus: from, toStatus: to, note: o.note ?? null, data, at: now,
    });
    // Month stats (spec §4): a completed job counts for each person credited with a step of it.
    const delta = monthStatsDelta(from, to);
    if (delta.jobsCompleted) for (const who of credited) await bumpMonthStat(tx, who, monthKey(now), 'jobsCompleted');
    if (delta.revisions) await bumpMonthStat(tx, p.id, monthKey(now), 'revisions');
    await o.afterMove?.(tx, locked, now);
    counted = delta.jobsCompleted + delta.revisions > 0;
    creditedUsers = credited;
  });
  // After the commit, so no reader caches the old counts again in between.
  await announceJobsChanged(ctx);
  if (counted) for (const who of new Set([p.id, ...creditedUsers])) await ctx.cache.invalidateUser(who);
  if (moved) {
    // Staff's question to the client and the client's answer are messages of the client thread
    // (posted first, so the bell's newest entry is the status notice that goes with it).
    if ((moved.action === 'ask_client' || moved.action === 'answer') && o.note?.trim()) await postWorkflowMessage(ctx, p, id, o.note.trim());
    await notifyJobEvent(ctx, { job: { id, name: job.name, companyId: job.companyId, assigneeId: moved.assigneeId }, actor: p, kind: 'status', from: moved.from, to });
    await scheduleOverdueNotice(ctx, id, moved.overdueAt);
  }
  return getJob(ctx, p, id);
}

export async function submitJob(ctx: Ctx, p: Principal, id: string, note?: string) {
  return moveJob(ctx, p, id, 'Pending Pre-Check', { note, actions: ['submit'] });
}

/**
 * A move to `to`, or the client's answer (`'answer'`): back to the status the job had before
 * Pending Client, which the client is never told by name. The target is read before the row lock;
 * moveJob checks it again under the lock, so a job moved meanwhile answers 409.
 */
export async function changeStatus(ctx: Ctx, p: Principal, id: string, to: JobStatus | 'answer', note?: string) {
  let target: JobStatus;
  if (to === 'answer') {
    const { job } = await visibleJob(ctx.database.db, p, id);
    const changes = await repo.statusChanges(ctx.database.db, id);
    const previous = statusBeforePendingClient(changes.map((c) => ({ from: c.from as JobStatus | null, to: c.to as JobStatus })));
    if (job.status !== 'Pending Client' || !previous) throw conflict('This job is not waiting for your answer.');
    target = previous;
  } else {
    target = to;
  }
  return moveJob(ctx, p, id, target, { note, actions: ['submit', 'move', 'ask_client', 'answer', 'approve', 'cancel'] });
}

export async function cancelJob(ctx: Ctx, p: Principal, id: string, note?: string) {
  return moveJob(ctx, p, id, 'Cancelled', { note, actions: ['cancel'] });
}

/**
 * A revision carries its change (spec §7: the body is the job's changes): the job's fields and
 * equipment as they must be, validated as an edit is, written with the move, and what changed
 * recorded field by field in the history entry and the revision record with the reason, the
 * involuntary flag and the AHJ's or utility's rejection comments.
 */
export async function requestRevision(ctx: Ctx, p: Principal, id: string, body: RevisionBody) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!(isInternalStaff(p.role) || isClientRole(p.role))) throw forbidden();
  if (body.involuntary === true && !isInternalStaff(p.role)) throw forbidden('Only staff mark a revision involuntary.');
  const changes = body.job;
  if (changes?.id !== undefined && changes.id !== id) throw invalidFields([{ 'job.id': 'Does not match the job.' }]);
  if (changes?.rejection_notice !== undefined && !isInternalStaff(p.role)) throw forbidden('Only staff write the rejection notice.');
  const { id: _id, status: _status, company: _company, ...fields } = changes ?? {};
  const set = changes ? await jobValuesOf(db, fields, job, await optionLists(ctx)) : {};
  const changedFields: BodyField[] = changes ? changedFieldsOf(fields, set, job) : [];
  const extra = changedColumnsOf(changedFields, set);
  let equipment: { rows: Awaited<ReturnType<typeof checkedLines>>['rows']; diff: ReturnType<typeof equipmentDiff>; modelType: string | null } | undefined;
  if (body.equipment) {
    const current = await eqRepo.linesOf(db, id);
    const checked = await checkedLines(db, body.equipment, current.map((c) => c.line), 'equipment');
    equipment = { rows: checked.rows, diff: equipmentDiff(current, checked.rows, checked.refs), modelType: moduleTypeOfRows(checked.rows, checked.refs) };
    // The CAD intake's equipment types and counts follow the lines, as an equipment edit does.
    if (equipment.diff) extra.cadIntake = cadIntakeOfLines(set.cadIntake ?? job.cadIntake, checked.rows, checked.refs);
  }
  if (equipment?.diff || changedFields.includes('arrays')) {
    // The arrays' module type is the module model's (issue 29, item 11), as PUT /jobs and the equipment route keep it.
    const modelType = equipment ? equipment.modelType : await storedModuleType(db, id);
    const typed = arraysWithModuleType((extra.arrays ?? job.arrays) as JobArray[], modelType);
    if (typed.changed) {
      const same = sameJobValue(typed.arrays, job.arrays);
      if (same) delete extra.arrays;
      else extra.arrays = typed.arrays;
      const at = changedFields.indexOf('arrays');
      if (same && at >= 0) changedFields.splice(at, 1);
      else if (!same && at < 0) changedFields.push('arrays');
    }
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const f of changedFields) {
    before[f] = job[BODY_COLUMNS[f] as keyof repo.JobRow];
    after[f] = extra[BODY_COLUMNS[f]];
    // The case number is one key of the CAD fields: the change shows that key, not the whole object.
    if (f === 'case_number') {
      before[f] = (job.cadFields as Record<string, unknown>).case_number ?? null;
      after[f] = (extra.cadFields as Record<string, unknown> | undefined)?.case_number ?? null;
    }
  }
  const fieldChanges = revisionChangesOf(before, after);
  const involuntary = body.involuntary ?? REVISION_REASONS[body.reason].involuntary;
  const rejectionComments = body.rejection_comments ?? '';
  const rejectionFiles = await eqRepo.jobFilesAmong(db, id, body.rejection_file_ids ?? []);
  const missing = (body.rejection_file_ids ?? []).filter((f) => !rejectionFiles.some((r) => r.id === f));
  if (missing.length) throw invalidFields([{ rejection_file_ids: 'Upload the rejection files to this job first.' }]);
  const number = job.revisionNumber + 1;
  const summary = {
    fields: changedFields,
    changes: fieldChanges,
    ...(equipment?.diff ? { equipment: equipment.diff } : {}),
    ...(rejectionFiles.length ? { rejection_files: rejectionFiles } : {}),
  };
  return moveJob(ctx, p, id, 'Pending Design Revision', {
    note: body.note,
    actions: ['revision'],
    // A new revision needs its own documents: every service's task starts again.
    extra: { ...extra, revisionNumber: number, serviceTasks: {} },
    data: { number, reason: body.reason, involuntary, ...summary, ...(rejectionComments ? { rejection_comments: rejectionComments } : {}) },
    afterMove: async (tx, locked, now) => {
      if (equipment) await eqRepo.replaceLines(tx, id, equipment.rows);
      await repo.insertRevision(tx, {
        jobId: id, number: locked.revisionNumber + 1, reason: body.reason, involuntary, note: body.note ?? '',
        fromStatus: locked.status, requestedById: p.id, rejectionComments,
        changes: changedFields.length || equipment?.diff || rejectionFiles.length ? summary : null, createdAt: now,
      });
    },
  });
}

export async function assignJob(ctx: Ctx, p: Principal, id: string, assigneeId: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!mayWorkOnJob(p, job)) throw forbidden();
  if (!job.isActive) throw conflict('This job is deactivated.');
  const u = await repo.getUserRow(db, assigneeId);
  if (!u || !u.isActive || !mayBeAssignedJobs(u.role)) {
    throw invalidFields([{ assignee_id: 'Choose an active admin, support or contractor user.' }]);
  }
  const now = ctx.clock.now();
  const changed = await db.transaction(async (tx) => {
    // Checked again on the locked row: of two identical requests at once, one assigns and the
    // other finds it done (the same answer, no second history entry or notification).
    const locked = await repo.lockJob(tx, id);
    if (!locked?.isActive) throw conflict('This job is deactivated.');
    if (locked.assigneeId === assigneeId) return false;
    if (!isInternalStaff(p.role) && locked.assigneeId !== p.id) throw conflict('This job is no longer assigned to you.');
    await repo.updateJob(tx, id, { assigneeId, updatedAt: now });
    await repo.insertHistory(tx, {
      jobId: id, event: 'assigned', actorId: p.id, actorRole: p.role, note: note ?? null,
      data: { assignee_id: u.id, assignee_name: getDisplayName(u) }, at: now,
    });
    return true;
  });
  if (changed) {
    await announceJobsChanged(ctx);
    await ctx.events.publish(u.id, 'job_assigned', { job_id: id, name: job.name });
    await notifyJobEvent(ctx, { job: { id, name: job.name, companyId: job.companyId, assigneeId: u.id }, actor: p, kind: 'assigned', assigneeId: u.id });
  }
  // A contractor who passes its job to someone else no longer sees it: 204, not a 404 after success.
  if (!isInternalStaff(p.role) && assigneeId !== p.id) return null;
  return getJob(ctx, p, id);
}

export async function unassignJob(ctx: Ctx, p: Principal, id: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!mayWorkOnJob(p, job)) throw forbidden();
  if (!job.assigneeId) throw conflict('This job has no assignee.');
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const locked = await repo.lockJob(tx, id);
    if (!locked?.assigneeId || (!isInternalStaff(p.role) && locked.assigneeId !== p.id)) throw conflict('This job has no assignee.');
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

export async function deactivateJob(ctx: Ctx, p: Principal, id: string, note?: string) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!isInternalStaff(p.role)) throw forbidden();
  if (!job.isActive) throw conflict('This job is already deactivated.');
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const locked = await repo.lockJob(tx, id);
    if (!locked?.isActive) throw conflict('This job is already deactivated.');
    await repo.updateJob(tx, id, { isActive: false, updatedAt: now });
    await repo.insertHistory(tx, { jobId: id, event: 'deactivated', actorId: p.id, actorRole: p.role, note: note ?? null, at: now });
  });
  await announceJobsChanged(ctx);
  return getJob(ctx, p, id);
}

/**
 * Deletes a draft (issue 29, item 11): its creator, a company admin of its company or staff. A job
 * that was ever submitted is not a draft any more (409: cancel or deactivate it). The row goes with
 * everything that cascades from it (history, files, messages; the analytics rollups' triggers take
 * its counts back), then its stored bytes.
 */
export async function deleteDraft(ctx: Ctx & Pick<AppContext, 'storage'>, p: Principal, id: string): Promise<void> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!mayDeleteDraft(p, job)) throw forbidden('Only the person who created this draft or a company admin may delete it.');
  const keys = await db.transaction(async (tx) => {
    const locked = await repo.lockJob(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'Draft' || locked.submittedAt) throw conflict('Only a draft can be deleted: this job was submitted.');
    const stored = await repo.storedKeysOfJob(tx, id);
    await repo.deleteJobRow(tx, id);
    return stored;
  });
  await announceJobsChanged(ctx);
  // After the commit: a failed removal leaves bytes nobody points at, never a job without its files.
  for (const key of keys) await ctx.storage.remove(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'draft file not removed'));
}

/**
 * Release: the listed deliverables of the current revision (or every unreleased one) become the
 * client's, and the job moves from Finalized or Waiting on AHJ to Pending Approval in the same
 * transaction, refused whole (409) when the services' documents are not all released then. From
 * Pending Approval (a document added after the first release) it releases without a move.
 */
export async function releaseDeliverables(ctx: Ctx & Pick<AppContext, 'storage'>, p: Principal, id: string, body: { deliverable_ids?: string[]; note?: string }) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  requireAllowed(mayReleaseDeliverables(p.role), 'Only staff release deliverables to the client.');
  if (!job.isActive) throw conflict('This job is deactivated.');
  const status = job.status as JobStatus;
  if (!(RELEASE_FROM_STATUSES as readonly string[]).includes(status)) {
    throw conflict(`Deliverables are released from Finalized or Waiting on AHJ; this job is ${status}.`);
  }
  const releaseRows = async (tx: DbOrTx, locked: repo.JobRow, now: Date) => {
    const rows = await deliverablesOfRevision(tx, id, locked.revisionNumber);
    const wanted = body.deliverable_ids;
    if (wanted) {
      const unknown = wanted.filter((w) => !rows.some((r) => r.id === w));
      if (unknown.length) throw invalidFields([{ deliverable_ids: 'Choose deliverables of this job\'s current revision.' }]);
    }
    const chosen = rows.filter((r) => r.state !== 'released' && (!wanted || wanted.includes(r.id)));
    for (const r of chosen) {
      const service = r.sealedAt ? null : mustBeSealed(locked.servicesRequested, r.kind ?? '');
      if (service) {
        const label = deliverableKindLabel(r.kind ?? '').toLowerCase();
        throw conflict(`Seal the ${label} "${r.name}" before releasing it: ${serviceLabel(service)} needs a sealed ${label}.`);
      }
    }
    const unsigned = new Set((await lettersAwaitingSignature(tx, chosen.map((r) => r.id))).map((x) => x.fileId));
    const waiting = chosen.find((r) => unsigned.has(r.id));
    if (waiting) throw conflict(`"${waiting.name}" was ordered with a digital signature: the engineer signs it before it is released.`);
    await releaseFiles(tx, chosen.map((r) => r.id), now, p.id);
    await syncServiceTasks(tx, id, now);
    return { released: chosen.map((r) => ({ file_id: r.id, name: r.name, kind: r.kind })) };
  };
  if (status === 'Pending Approval') {
    await db.transaction(async (tx) => {
      const locked = await repo.lockJob(tx, id);
      if (!locked || locked.status !== status) throw conflict('This job changed meanwhile; reload it and try again.');
      const { released } = await releaseRows(tx, locked, ctx.clock.now());
      if (!released.length) throw conflict('Every deliverable of this revision is already released.');
    });
    await announceJobsChanged(ctx);
    return getJob(ctx, p, id);
  }
  return moveJob(ctx, p, id, 'Pending Approval', { note: body.note, actions: ['move'], beforeCheck: releaseRows });
}
