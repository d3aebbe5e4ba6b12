import { isClientRole, isInternalStaff, type Role } from '@sunstamp/domain/roles';
import { clientStatusOf, editRefusalOf, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { overdueAtOf } from '@sunstamp/domain/jobs/pending-admin.rules';
import { editEventOf } from '@sunstamp/domain/jobs/job-history.rules';
import { NEW_JOB_DEFAULTS } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS } from '@sunstamp/domain/jobs/cad-intake.schema';
import { arraysWithModuleType } from '@sunstamp/domain/jobs/job-equipment.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import type { Job } from '@sunstamp/domain/contracts/jobs';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { conflict, forbidden, invalidFields } from '../../platform/errors.ts';
import { optionLists } from '../catalogue/catalogue.api.ts';
import { announceJobsChanged } from './jobs-count.cache.ts';
import { storedModuleType } from './jobs-equipment.service.ts';
import { changedColumnsOf, changedFieldsOf, jobValuesOf, resolveCompany, type ParsedJobBody } from './jobs-input.mapper.ts';
import { answerOf, visibleJob, visibleJobDetail } from './jobs-queries.service.ts';
import * as repo from './jobs.repository.ts';

/**
 * PUT /jobs: create a job, or edit the fields sent. Reads live in jobs-queries.service.ts, status
 * moves and assignment in jobs-workflow.service.ts.
 *
 * A write is one statement that answers with the row it wrote (INSERT/UPDATE … RETURNING with its
 * history row and the names the answer shows: jobs.repository.ts insertJobReturning,
 * updateJobReturning), then the NOTIFY that drops the list counts. An edit first reads the job
 * once, with everything its answer shows; an unchanged re-send (the intake re-sends the whole
 * form on every step) is that one read. bench/README.md has the counts.
 */

type Ctx = Pick<AppContext, 'caches' | 'database' | 'clock'>;

/**
 * Framing facts marked verified (issue 24): staff confirm them from the site survey, and PV-3 and the
 * letters print them as verified; a client's save may carry the marks staff set, never change them.
 */
export function verificationRefusal(role: Role, body: Pick<ParsedJobBody, 'arrays'>, stored: readonly unknown[] | undefined): string | null {
  if (isInternalStaff(role) || body.arrays === undefined) return null;
  const marks = (a: unknown) => JSON.stringify([...((a as { framing_verified?: string[] } | undefined)?.framing_verified ?? [])].sort());
  const i = body.arrays.findIndex((a, k) => marks(a) !== marks(stored?.[k]));
  return i < 0 ? null : `Only staff mark framing facts as verified (arrays.${i}.framing_verified).`;
}

export async function saveJob(ctx: Ctx, p: Principal, body: ParsedJobBody): Promise<{ created: boolean; job: Job }> {
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

async function createJob(ctx: Ctx, p: Principal, body: ParsedJobBody): Promise<Job> {
  const db = ctx.database.db;
  if (body.status !== undefined && body.status !== 'Draft') {
    throw invalidFields([{ status: 'A new job starts as a Draft.' }]);
  }
  const companyId = await resolveCompany(db, p, body.company);
  const lists = await optionLists(ctx);
  const unverified = verificationRefusal(p.role, body, undefined);
  if (unverified) throw forbidden(unverified);
  const values = await jobValuesOf(db, body, undefined, lists);
  const now = ctx.clock.now();
  const written = await repo.insertJobReturning(db, {
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
  }, { event: 'created', actorId: p.id, actorRole: p.role, fromStatus: null, toStatus: 'Draft', at: now });
  await announceJobsChanged(ctx);
  // A new job has one status change (created as a Draft) and no files yet.
  return answerOf(ctx, p, { ...written, changes: [{ from: null, to: 'Draft', at: now }], files: [] }, lists);
}

/** How often an edit re-reads a job that moved or was deactivated between its read and its write. */
const EDIT_ATTEMPTS = 3;

async function updateJob(ctx: Ctx, p: Principal, id: string, body: ParsedJobBody, attempt = 1): Promise<Job> {
  const db = ctx.database.db;
  const [detail, lists] = await Promise.all([visibleJobDetail(db, p, id), optionLists(ctx)]);
  const { job } = detail;
  if (!job.isActive) throw conflict('This job is deactivated.');
  const status = job.status as JobStatus;
  if (body.status !== undefined && body.status !== status) {
    throw invalidFields([{ status: 'Change the status with POST /jobs/{id}/status.' }]);
  }
  // Staff and clients only reach here (saveJob refuses contractors); the rule is the domain's.
  const refusal = editRefusalOf(status, p.role);
  if (refusal) {
    throw conflict(refusal === 'cancelled'
      ? 'A cancelled job can no longer be edited.'
      : 'This job is with our team: request a revision to change it.');
  }
  const unverified = verificationRefusal(p.role, body, job.arrays as unknown[] | undefined);
  if (unverified) throw forbidden(unverified);
  const set = await jobValuesOf(db, body, job, lists);
  if (body.company !== undefined) set.companyId = await resolveCompany(db, p, body.company, job.companyId);
  let fields = changedFieldsOf(body, set, job);
  if (fields.includes('arrays')) {
    // The arrays' module type is the module model's (issue 29, item 11): a contradicting value is overridden.
    const typed = arraysWithModuleType(set.arrays as JobArray[], await storedModuleType(db, id));
    if (typed.changed) {
      set.arrays = typed.arrays;
      fields = changedFieldsOf(body, set, job);
    }
  }
  // The intake re-sends the whole form on every step: nothing changed, nothing written.
  if (!fields.length) return answerOf(ctx, p, detail, lists);
  const changed = changedColumnsOf(fields, set);
  if (changed.servicesRequested !== undefined) {
    // A change of services may change the threshold (16 h with cad_packet).
    changed.overdueAt = overdueAtOf(
      { createdByRole: (job.createdByRole as Role | null) ?? null, services: changed.servicesRequested },
      { pendingAdminMsClosed: job.pendingAdminMsClosed, pendingSince: job.pendingSince },
    );
  }
  const now = ctx.clock.now();
  const written = await repo.updateJobReturning(db, id, { ...changed, updatedAt: now }, { status }, {
    event: editEventOf(status), actorId: p.id, actorRole: p.role, data: { fields }, at: now,
  });
  if (!written) {
    // Moved or deactivated since the read: decide again on the job as it is now.
    if (attempt < EDIT_ATTEMPTS) return updateJob(ctx, p, id, body, attempt + 1);
    throw conflict('This job changed while it was being edited: reload it and try again.');
  }
  await announceJobsChanged(ctx);
  // An edit changes neither the status history nor the files: the answer is the written row with what was read.
  return answerOf(ctx, p, { ...detail, ...written }, lists);
}
