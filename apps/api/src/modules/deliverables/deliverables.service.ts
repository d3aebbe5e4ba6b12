import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DELIVERABLE_KINDS, VERIFICATION_ALPHABET, VERIFICATION_CODE_LENGTH, deliverableKindLabel,
  type DeliverableKind, type DeliverableState,
} from '@sunstamp/domain/constants/deliverables.constants';
import type { TaskCompletion } from '@sunstamp/domain/constants/job-events.constants';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { HIDDEN_FROM_CLIENT_KINDS, type FileKind } from '@sunstamp/domain/contracts/files';
import type { AppliedSeal, Deliverable, JobDeliverables, JobTask } from '@sunstamp/domain/contracts/deliverables';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { disciplinesOf, ZSealSlots, type SealSlot } from '@sunstamp/planset/seals/seal-slots';
import {
  describeNeed, isDeliverableKind, taskAnswersOf, missingDeliverables, needsOfService, taskAfterDeliverables, tasksOf,
  type DeliverableFacts,
} from '@sunstamp/domain/jobs/deliverables.rules';
import { mayOfferSeal } from '@sunstamp/domain/policies/engineers.policy';
import {
  mayMarkDeliverables, mayReleaseDeliverables, maySeeUnreleasedDeliverables, mayWithdrawSealed,
} from '@sunstamp/domain/policies/deliverables.policy';
import { WET_STAMP_TASK_BY_HAND_MESSAGE, isTaskDrivenByWetStamp } from '@sunstamp/domain/jobs/wet-stamp.rules';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { conflict, notFound, invalidFields } from '../../platform/errors.ts';
import { requireAllowed } from '../../platform/access.ts';
import { zipFits, zipStream, uniqueNames } from '../../platform/zip.ts';
import { announceJobsChanged, visibleJob } from '../jobs/jobs.api.ts';
import * as repo from './deliverables.repository.ts';

/**
 * Deliverables: a job file marked as the plan set, a letter or a calculation package of a revision,
 * with its state (draft, sealed, released). Staff mark uploaded files; generation code registers
 * its outputs with `recordDeliverable`. Release (jobs-workflow.service.ts `releaseDeliverables`)
 * is what shows them to the client and moves the job to Pending Approval.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage'>;


/** A fresh verification code: 100 random bits in Crockford base 32, unguessable and easy to type. */
export function newVerificationCode(): string {
  const bytes = crypto.randomBytes(VERIFICATION_CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += VERIFICATION_ALPHABET[b & 31];
  return out;
}

/** SHA-256 (hex) of stored bytes, streamed. */
export async function sha256OfStored(storage: Ctx['storage'], key: string): Promise<string> {
  const h = crypto.createHash('sha256');
  for await (const chunk of await storage.read(key)) h.update(chunk as Buffer);
  return h.digest('hex');
}

const factsOf = (rows: { kind: string | null; state: string | null; sealedAt: Date | null }[]): DeliverableFacts[] =>
  rows.map((r) => ({ kind: r.kind ?? '', state: (r.state ?? 'draft') as DeliverableState, sealed: r.sealedAt !== null }));

/** The deliverables of the job's current revision, as the workflow's check reads them. */
export async function currentDeliverableFacts(db: DbOrTx, jobId: string, revision: number): Promise<DeliverableFacts[]> {
  return factsOf(await repo.deliverablesOfRevision(db, jobId, revision));
}

/**
 * Moves each service's task after a deliverable change (recorded, sealed, released, removed):
 * Completed once released documents meet its needs, In Progress while a document exists.
 */
export async function syncServiceTasks(db: DbOrTx, jobId: string, at: Date): Promise<void> {
  const job = await repo.getServiceTasks(db, jobId);
  if (!job) return;
  const facts = await currentDeliverableFacts(db, jobId, job.revision);
  const tasks: Record<string, string> = { ...job.tasks };
  let changed = false;
  for (const t of tasksOf(job.services, job.tasks)) {
    const next = taskAfterDeliverables(t.service, t.status, facts);
    if (next !== t.status) {
      changed = true;
      if (next) tasks[t.service] = next; else delete tasks[t.service];
    }
  }
  if (changed) await repo.setServiceTasks(db, jobId, tasks, at);
}

export type RecordDeliverableInput = {
  jobId: string;
  /** The job revision the document belongs to; the job's current one when left out. */
  revision?: number;
  kind: DeliverableKind;
  /** A file already stored on the job (job_files row, bytes in storage). */
  fileId: string;
  /**
   * Always a draft: a document becomes sealed only when a registered engineer seals it
   * (seal.service.ts sealDocument draws the seal into the PDF and checks the result).
   */
  state: 'draft';
  /** Where the document's seals go, as its renderer reserved them (plan set, letter); none for a file made elsewhere. */
  sealSlots?: SealSlot[];
  /** The bytes' SHA-256 when the caller has it; read from storage otherwise. */
  sha256?: string;
};

/**
 * The one function generation code calls to register an output (a rendered plan set, a letter, a
 * calculation package) as a deliverable, in the caller's transaction when it passes `db`:
 *
 *   … render, store the file, insert its job_files row …
 *   await recordDeliverable(ctx, { jobId, kind: 'structural_roof_letter', fileId, state: 'draft', sealSlots }, tx);
 *
 * It sets the file's kind, state, revision, hash and seal places and moves the services' tasks. A
 * client sees the file only once it is released.
 */
export async function recordDeliverable(ctx: Ctx, input: RecordDeliverableInput, db: DbOrTx = ctx.database.db): Promise<void> {
  const file = await repo.getJobFile(db, input.fileId);
  if (!file || file.jobId !== input.jobId) throw notFound('That file is not on this job.');
  if (!isDeliverableKind(input.kind)) throw invalidFields([{ kind: 'Not a deliverable kind.' }]);
  const job = await repo.getServiceTasks(db, input.jobId);
  if (!job) throw notFound();
  const now = ctx.clock.now();
  const sha256 = input.sha256 ?? file.sha256 ?? (await sha256OfStored(ctx.storage, file.storageKey));
  await repo.setDeliverable(db, file.id, {
    deliverableKind: input.kind,
    deliverableState: 'draft',
    deliverableRevision: input.revision ?? job.revision,
    sha256,
    sealedAt: null,
    releasedAt: null,
    releasedById: null,
    sealSlots: input.sealSlots ?? null,
    sealCode: null,
  });
  await syncServiceTasks(db, input.jobId, now);
}

/**
 * A deliverable's file is replaced by another holding the same document (a letter signed after it
 * was sealed): the new file takes the kind, state, revision, seal places and seals, and the
 * verification code printed on it now checks the new bytes. Inside the caller's transaction; no-op
 * for a file that is not a deliverable.
 */
export async function replaceDeliverableFile(db: DbOrTx, fromFileId: string, to: { id: string; name: string; sha256: string; size: number }): Promise<void> {
  const from = await repo.getJobFile(db, fromFileId);
  if (!from?.deliverableKind) return;
  await repo.setDeliverable(db, to.id, {
    deliverableKind: from.deliverableKind, deliverableState: from.deliverableState, deliverableRevision: from.deliverableRevision,
    sha256: to.sha256, sealedAt: from.sealedAt, releasedAt: from.releasedAt, releasedById: from.releasedById,
    sealSlots: from.sealSlots, sealCode: from.sealCode,
  });
  await repo.moveVerifications(db, fromFileId, to);
  await repo.setDeliverable(db, fromFileId, { deliverableKind: null, deliverableState: null, deliverableRevision: null, sealedAt: null, releasedAt: null, releasedById: null });
}

/**
 * Sets a service's task (spec §4: '' Not Completed, In Progress, Completed, Failed). Generation
 * runs call it when they start ('in_progress') and fail ('failed'); seals and releases move tasks
 * through recordDeliverable and release. Unknown services (not requested on the job) are refused.
 */
export async function setServiceTask(
  ctx: Pick<AppContext, 'database' | 'clock'>, input: { jobId: string; service: string; status: TaskCompletion }, db: DbOrTx = ctx.database.db,
): Promise<void> {
  const job = await repo.getServiceTasks(db, input.jobId);
  if (!job) throw notFound();
  if (!job.services.includes(input.service)) {
    throw invalidFields([{ service: 'The job did not request this service.' }]);
  }
  const tasks: Record<string, string> = { ...job.tasks };
  if (input.status) tasks[input.service] = input.status; else delete tasks[input.service];
  await repo.setServiceTasks(db, input.jobId, tasks, ctx.clock.now());
}

function deliverableOf(r: Awaited<ReturnType<typeof repo.listDeliverables>>[number], staff: boolean, seals: repo.SealRow[]): Deliverable {
  const f = r.f;
  const kind = f.deliverableKind as DeliverableKind;
  const mine = seals.filter((x) => x.fileId === f.id && x.code === f.sealCode);
  return {
    id: f.id,
    job_id: f.jobId,
    revision: f.deliverableRevision ?? 0,
    kind,
    kind_label: deliverableKindLabel(kind),
    group: DELIVERABLE_KINDS[kind]?.group ?? 'letters',
    state: f.deliverableState as DeliverableState,
    name: f.name,
    mime: f.mime,
    size: f.size,
    sha256: f.sha256,
    sealed_at: f.sealedAt?.toISOString() ?? null,
    released_at: f.releasedAt?.toISOString() ?? null,
    // The code printed on it, once the first seal is on (public lookups answer only once sealed).
    verification_code: staff ? (r.code ?? f.sealCode) : null,
    seals: staff ? mine.map(appliedSealOf) : [],
    seals_needed: staff && f.deliverableState === 'draft' ? sealsStillNeeded(f, mine) : [],
    download_url: `/api/files/${f.id}/download`,
    created_at: f.createdAt.toISOString(),
  };
}

/** The Deliverables area: every revision's documents the caller may see, what the current revision still needs, the tasks. */
export async function listJobDeliverables(ctx: Pick<AppContext, 'database'>, p: Principal, jobId: string): Promise<JobDeliverables> {
  const { job } = await visibleJob(ctx.database.db, p, jobId);
  const staffView = maySeeUnreleasedDeliverables(p.role);
  const rows = (await repo.listDeliverables(ctx.database.db, jobId)).filter((r) => staffView || r.f.deliverableState === 'released');
  const seals = staffView ? await repo.sealsOfFiles(ctx.database.db, rows.map((r) => r.f.id)) : [];
  const current = factsOf(rows.filter((r) => r.f.deliverableRevision === job.revisionNumber)
    .map((r) => ({ kind: r.f.deliverableKind, state: r.f.deliverableState, sealedAt: r.f.sealedAt })));
  const requirements = staffView
    ? job.servicesRequested.flatMap((service) => {
      const missing = missingDeliverables([service], current, 'released').map((m) => m.need);
      return needsOfService(service).map((n) => ({
        service, service_label: serviceLabel(service), needs: describeNeed(n, 'released'), met: !missing.includes(n),
      }));
    })
    : [];
  return {
    revision: job.revisionNumber,
    deliverables: rows.map((r) => deliverableOf(r, staffView, seals)),
    requirements,
    tasks: taskAnswersOf(job.servicesRequested, job.serviceTasks),
    may_mark: job.isActive && mayMarkDeliverables(p, job),
    may_seal: job.isActive && mayMarkDeliverables(p, job) && mayOfferSeal(p.role, staffView && await repo.isEngineerAccount(ctx.database.db, p.id)),
    // Per document the engineer whose seal it carries may too (unmarkDeliverable); the list offers it to admins.
    may_withdraw_sealed: job.isActive && mayMarkDeliverables(p, job) && mayWithdrawSealed(p, []),
    may_release: job.isActive && mayReleaseDeliverables(p.role),
  };
}

async function workableJob(ctx: Pick<AppContext, 'database'>, p: Principal, jobId: string) {
  const { job } = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayMarkDeliverables(p, job), 'Only our team marks deliverables.');
  if (!job.isActive) throw conflict('This job is deactivated.');
  return job;
}

/**
 * Staff (or the assigned contractor) mark one of the job's files as a draft deliverable of the
 * current revision. Sealing is a separate act of a registered engineer (seal.service.ts).
 */
export async function markDeliverable(
  ctx: Ctx & Pick<AppContext, 'caches' | 'cache'>, p: Principal, jobId: string,
  body: { file_id: string; kind: DeliverableKind; state: 'draft' },
): Promise<Deliverable> {
  await workableJob(ctx, p, jobId);
  const file = await repo.getJobFile(ctx.database.db, body.file_id);
  if (!file || file.jobId !== jobId) throw invalidFields([{ file_id: 'Upload the document to this job first.' }]);
  if (file.deliverableKind) throw conflict(`"${file.name}" is already a deliverable (${deliverableKindLabel(file.deliverableKind).toLowerCase()}).`);
  if (HIDDEN_FROM_CLIENT_KINDS.includes(file.kind as FileKind)) {
    throw conflict('An internal file is never shown to the client, so it cannot be a deliverable: upload the document as a letter, CAD or finished file.');
  }
  await ctx.database.db.transaction(async (tx) => {
    await recordDeliverable(ctx, { jobId, kind: body.kind, fileId: file.id, state: 'draft' }, tx);
  });
  await announceJobsChanged(ctx);
  return oneDeliverable(ctx, p, jobId, file.id);
}

export async function oneDeliverable(ctx: Pick<AppContext, 'database'>, p: Principal, jobId: string, fileId: string): Promise<Deliverable> {
  const rows = await repo.listDeliverables(ctx.database.db, jobId);
  const row = rows.find((r) => r.f.id === fileId);
  if (!row) throw notFound();
  return deliverableOf(row, maySeeUnreleasedDeliverables(p.role), await repo.sealsOfFiles(ctx.database.db, [fileId]));
}

export async function ownDeliverable(ctx: Pick<AppContext, 'database'>, p: Principal, fileId: string) {
  if (!UUID_RE.test(fileId)) throw notFound();
  const file = await repo.getJobFile(ctx.database.db, fileId);
  if (!file?.deliverableKind) throw notFound();
  // A client never learns that an unreleased deliverable exists.
  if (!maySeeUnreleasedDeliverables(p.role) && file.deliverableState !== 'released') throw notFound();
  await workableJob(ctx, p, file.jobId);
  return file;
}

/** Takes a file back out of the deliverables (not once released: the client has it). */
export async function unmarkDeliverable(ctx: Ctx & Pick<AppContext, 'caches' | 'cache'>, p: Principal, fileId: string): Promise<void> {
  const file = await ownDeliverable(ctx, p, fileId);
  if (file.deliverableState === 'released') throw conflict('This deliverable was released to the client and cannot be withdrawn.');
  if (file.deliverableState === 'sealed') {
    requireAllowed(mayWithdrawSealed(p, await repo.sealerUserIdsOf(ctx.database.db, file.id)),
      'A sealed document is withdrawn by an admin or by the engineer whose seal it carries.');
  }
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await repo.withdrawVerificationsOf(tx, [file.id], now);
    await repo.setDeliverable(tx, file.id, {
      deliverableKind: null, deliverableState: null, deliverableRevision: null, sealedAt: null, releasedAt: null, releasedById: null, sealCode: null,
    });
    await syncServiceTasks(tx, file.jobId, now);
  });
  await announceJobsChanged(ctx);
}

/**
 * Staff move a service's task by hand (the services no document completes: Permit Submittal,
 * Other). Not the Wet Stamp task: it follows the wet stamp card (wet-stamps.service.ts), so a hand
 * move is refused with 409 saying where to act, and the two never disagree.
 */
export async function moveServiceTask(
  ctx: Pick<AppContext, 'database' | 'clock' | 'caches' | 'cache'>, p: Principal, jobId: string, service: string, status: TaskCompletion,
): Promise<JobTask[]> {
  const job = await workableJob(ctx, p, jobId);
  if (isTaskDrivenByWetStamp(service) && job.servicesRequested.includes(service)) throw conflict(WET_STAMP_TASK_BY_HAND_MESSAGE);
  await setServiceTask(ctx, { jobId, service, status });
  await announceJobsChanged(ctx);
  const after = await repo.getServiceTasks(ctx.database.db, jobId);
  return taskAnswersOf(after?.services ?? [], after?.tasks);
}

/**
 * All deliverables of one revision the caller may see (a client: the released ones), as one
 * streamed ZIP. The revision is the newest one with deliverables unless named.
 */
export async function openDeliverablesZip(
  ctx: Ctx, p: Principal, jobId: string, revision?: number,
): Promise<{ name: string; stream: Readable }> {
  const { job } = await visibleJob(ctx.database.db, p, jobId);
  const staffView = maySeeUnreleasedDeliverables(p.role);
  const rows = (await repo.listDeliverables(ctx.database.db, jobId)).filter((r) => staffView || r.f.deliverableState === 'released');
  const rev = revision ?? rows[0]?.f.deliverableRevision ?? job.revisionNumber;
  const chosen = rows.filter((r) => r.f.deliverableRevision === rev);
  if (!chosen.length) throw notFound(staffView ? 'This revision has no deliverables.' : 'No deliverables have been released for this revision yet.');
  const names = uniqueNames(chosen.map((r) => r.f.name));
  const entries = chosen.map((r, i) => ({ name: names[i], size: r.f.size, open: () => ctx.storage.read(r.f.storageKey) }));
  if (!zipFits(entries)) throw conflict('These deliverables are too large for one archive: download them one by one.');
  const base = (job.name || 'job').replace(/[^\w .-]+/g, '_').trim().slice(0, 80) || 'job';
  return { name: `${base} - deliverables rev ${rev}.zip`, stream: zipStream(entries, ctx.clock.now()) };
}

/** A seal row as staff read it. */
export function appliedSealOf(x: repo.SealRow): AppliedSeal {
  return {
    discipline: x.discipline as Discipline, engineer_id: x.engineerId, engineer_name: x.engineerName, licence_state: x.licenceState,
    licence_number: x.licenceNumber, sealed_at: x.createdAt.toISOString(), sealed_by: x.sealedByName, on_authorisation: x.onAuthorisation, pages: x.pages, accepted_assumed_pages: x.acceptedAssumedPages,
  };
}

/**
 * The seals a draft still needs: the disciplines of its seal places (a generated document) not yet
 * applied. A file made elsewhere has no places: what it needs is decided when it is sealed.
 */
export function sealsStillNeeded(f: { sealSlots: unknown }, applied: readonly { discipline: string }[]): Discipline[] {
  const slots = ZSealSlots.safeParse(f.sealSlots ?? []);
  if (!slots.success) return [];
  return disciplinesOf(slots.data).filter((d) => !applied.some((a) => a.discipline === d));
}
