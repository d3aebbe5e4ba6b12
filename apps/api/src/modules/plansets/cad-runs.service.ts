import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { createHash } from 'node:crypto';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import { CAD_GENERATION_PROGRESS, OTHER_PROGRESS_EVENT_LABELS } from '@sunstamp/domain/constants/job-events.constants';
import { GENERATION_ERRORS } from '@sunstamp/domain/constants/messages.constants';
import { ZCadRunChecks, type CadRun, type CadRunChecks, type CadRunEvent } from '@sunstamp/domain/contracts/cad-runs';
import { isClientRole } from '@sunstamp/domain/roles';
import { mayGenerateSheets, maySeePlanSets } from '@sunstamp/domain/policies/plansets.policy';
import { TEMPLATE_VERSION } from '@sunstamp/planset/planset.model';
import type { RenderStage } from '@sunstamp/planset/planset.render';
import type { AppContext } from '../../context.ts';
import { attemptEndedBy, type JobContext } from '../../platform/queue/queue.ts';
import type { CadRunFile } from '../../db/schema/cad-runs.schema.ts';
import type { Principal } from '../../platform/principal.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { type JobRow, lockJob, visibleJob } from '../jobs/jobs.api.ts';
import { recordDeliverable, unmarkGeneratedPlanSets } from '../deliverables/deliverables.api.ts';
import { notifyGenerationEvent } from '../notifications/notifications.api.ts';
import { assembleGeneration, blockedMessage, runEngine } from './planset-input.service.ts';
import * as repo from './plansets.repository.ts';
import { renderInThread } from './render.pool.ts';
import { bytesOfStream } from '../../platform/storage.ts';

/*
 * Plan-set runs. A request assembles the inputs (answering 422 naming what is missing), hashes
 * them and either finds the run those inputs already have or stores a queued run and sends the
 * `cad-generate` job. The worker renders, publishes the spec's progress events on the requester's
 * event stream, and only when everything rendered writes the files (job files of the run's
 * revision) and marks the run passed, in one transaction. A run that dies with its worker is
 * taken again by the queue once its time limit passes and renders again from the start.
 */

type Ctx = Pick<AppContext, 'database' | 'storage' | 'clock' | 'queue' | 'events' | 'log' | 'config' | 'caches'>;

/** decisions.md: a generation run 120 s. */
export const CAD_RUN_LIMIT_SECONDS = 120;


const fullName = (f: string | null, l: string | null, e: string | null) => `${f ?? ''} ${l ?? ''}`.trim() || e || '[No Name]';

export function runAnswer(row: repo.CadRunWithRequester): CadRun {
  const r = row.run;
  return {
    id: r.id, job_id: r.jobId, revision: r.revision, status: r.status, stage: r.stage, progress: r.progress,
    error: r.errorKey ? { key: r.errorKey, message: r.errorMessage ?? '', detail: r.errorDetail ?? '' } : null,
    warnings: r.warnings, files: r.files, page_count: r.pageCount, input_hash: r.inputHash, template_version: r.templateVersion,
    attempts: r.attempts,
    requested_by: r.requestedById ? { id: r.requestedById, full_name: fullName(row.firstName, row.lastName, row.email) } : null,
    created_at: r.createdAt.toISOString(), started_at: r.startedAt?.toISOString() ?? null, finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/** A job the caller may see, and may see the plan sets of (clients: not until release, which is not built). */
async function jobForRuns(ctx: Ctx, p: Principal, jobId: string) {
  const r = await visibleJob(ctx.database.db, p, jobId);
  if (!maySeePlanSets(p.role)) throw notFound();
  return r;
}

export async function requestRun(ctx: Ctx, p: Principal, jobId: string): Promise<{ created: boolean; run: CadRun }> {
  const { job } = await visibleJob(ctx.database.db, p, jobId);
  if (isClientRole(p.role)) throw forbidden();
  if (!mayGenerateSheets(p, job)) throw forbidden();
  if (!job.isActive) throw conflict('This job is deactivated.');
  if (job.status === 'Cancelled') throw conflict('A cancelled job can no longer be generated.');
  const assembled = await assembleGeneration(ctx, job);
  if (!assembled.ok) {
    throw unprocessable(
      `The plan set cannot be generated yet: ${assembled.missing.map((m) => m.message).join(' ')}`,
      assembled.missing.map((m) => ({ [m.field]: m.message })),
    );
  }
  // A design whose engineering checks fail is not drawn: the refusal names each check and its
  // remedy (the Design page shows the same checks live). An engine refusal (CEC, ASCE 7-22) is left
  // to the run, which fails with the calculation's §8 message.
  const engine = runEngine(assembled.inputs.engine);
  if (engine.ok && engine.failing.length) {
    throw unprocessable(blockedMessage(engine.failing), engine.failing.map((c) => ({ [c.id]: c.remedy ?? c.title })));
  }
  const { hash, revision } = assembled.inputs;
  // One run per job and inputs: the job row lock orders two clicks, the partial unique index backs it.
  // created_at is the database's time: runs are listed in the order they were asked for.
  const outcome = await ctx.database.db.transaction(async (tx) => {
    await lockJob(tx, jobId);
    const existing = await repo.liveRunFor(tx, jobId, hash);
    if (existing) return { created: false, id: existing.id };
    const run = await repo.insertRun(tx, {
      jobId, revision, inputHash: hash, templateVersion: TEMPLATE_VERSION, status: 'queued', requestedById: p.id,
    });
    return { created: true, id: run.id };
  });
  if (outcome.created) {
    try {
      await ctx.queue.send('cad-generate', { runId: outcome.id });
    } catch (err) {
      await repo.updateRun(ctx.database.db, outcome.id, { status: 'failed', errorKey: 'title_block_failed', errorMessage: GENERATION_ERRORS.title_block_failed.message, errorDetail: 'the run could not be queued', finishedAt: ctx.clock.now() });
      throw err;
    }
  }
  const row = await repo.getRun(ctx.database.db, outcome.id);
  return { created: outcome.created, run: runAnswer(row!) };
}

export async function listJobRuns(ctx: Ctx, p: Principal, jobId: string): Promise<CadRun[]> {
  await jobForRuns(ctx, p, jobId);
  return (await repo.listRuns(ctx.database.db, jobId)).map(runAnswer);
}

export async function getRun(ctx: Ctx, p: Principal, runId: string): Promise<CadRun> {
  if (!UUID_RE.test(runId)) throw notFound();
  const row = await repo.getRun(ctx.database.db, runId);
  if (!row) throw notFound();
  await jobForRuns(ctx, p, row.run.jobId);
  return runAnswer(row);
}

/** Where a passed run keeps the engineering checks its sheets were drawn from (the preview's links). */
const checksKey = (jobId: string, runId: string) => `jobs/${jobId}/cad-runs/${runId}/checks.json`;

/**
 * The engineering checks of a passed run, as its sheets were drawn: each number of the preview
 * links to one by id. A run that has not passed has none; one made before the checks were kept
 * answers an empty list (its numbers are shown without links).
 */
export async function getRunChecks(ctx: Ctx, p: Principal, runId: string): Promise<CadRunChecks> {
  const run = await getRun(ctx, p, runId);
  if (run.status !== 'passed') throw conflict('This run has not passed: its calculations are not kept.');
  try {
    const bytes = await bytesOfStream(await ctx.storage.read(checksKey(run.job_id, run.id)));
    return ZCadRunChecks.parse(JSON.parse(bytes.toString('utf8')));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { run_id: run.id, codes: null, results: [] };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------- the worker

/**
 * The queue's handler. An attempt that ends on an error the run does not record itself (the file
 * store or the database failing, the queue's time limit) is retried by the queue: the run shows
 * queued meanwhile, and failed with the reason when no retry remains, as after a crash. Without
 * this a run stayed "running" for ever, and the same inputs answered that run to every new request.
 */
export async function runCadGenerationJob(ctx: Ctx, runId: string, attempt: Pick<JobContext, 'lastAttempt' | 'signal'>): Promise<void> {
  try {
    await runCadGeneration(ctx, runId, attempt.signal);
  } catch (e) {
    await recoverLostRun(ctx, runId, { willRetry: !attempt.lastAttempt, reason: attemptEndedBy(attempt) })
      .catch((err: unknown) => ctx.log.error({ err, run: runId }, 'the run could not be marked as ended'));
    throw e;
  }
}

/**
 * The process working this run died (platform/queue/queue-recovery.ts took its job back within
 * seconds): the run shows queued again while the queue retries it, or failed with the reason when
 * no retry remains. A run already finished is left alone.
 */
export async function recoverLostRun(ctx: Ctx, runId: string, lost: { willRetry: boolean; reason: string }): Promise<void> {
  const db = ctx.database.db;
  const row = await repo.getRun(db, runId);
  if (!row || (row.run.status !== 'running' && row.run.status !== 'queued')) return;
  if (lost.willRetry) {
    await repo.updateRun(db, runId, { status: 'queued', stage: null, progress: 0 });
    return;
  }
  const message = GENERATION_ERRORS.title_block_failed.message;
  await repo.updateRun(db, runId, {
    status: 'failed', stage: 'cad_generation_failed', progress: 100, errorKey: 'title_block_failed', errorMessage: message,
    errorDetail: `${lost.reason}; no retry remains. Generate the plan set again.`, finishedAt: ctx.clock.now(),
  });
  const job = await repo.jobRow(db, row.run.jobId);
  if (!job) return;
  const payload: CadRunEvent = { run_id: runId, job_id: row.run.jobId, label: message, progress: null, message, severity: 'error' };
  await ctx.events.publishMany(listenersOf(row.run, job).map((userId) => ({ userId, type: 'cad_generation_failed', payload })));
}

type Step = keyof typeof CAD_GENERATION_PROGRESS | keyof typeof OTHER_PROGRESS_EVENT_LABELS;
const CALC_PROGRESS = { calculations_initiated: 20, calculations_passed: 50, calculations_failed: 100, combine_files_passed: 99, stamp_file_passed: 99 } as const;

function labelOf(step: Step): { label: string; progress: number } {
  if (step in CAD_GENERATION_PROGRESS) {
    const s = CAD_GENERATION_PROGRESS[step as keyof typeof CAD_GENERATION_PROGRESS];
    return { label: s.label, progress: s.percent };
  }
  return { label: OTHER_PROGRESS_EVENT_LABELS[step as keyof typeof OTHER_PROGRESS_EVENT_LABELS], progress: CALC_PROGRESS[step as keyof typeof CALC_PROGRESS] };
}

/** Who hears a run: the person who asked, and the job's assignee when that is someone else. */
function listenersOf(run: repo.CadRunRow, job: JobRow): string[] {
  return [...new Set([run.requestedById, job.assigneeId].filter((x): x is string => !!x))];
}

class RunFailure extends Error {
  constructor(readonly key: keyof typeof GENERATION_ERRORS, readonly detail: string, readonly event: 'cad_generation_failed' | 'calculations_failed' = 'cad_generation_failed') {
    super(detail);
  }
}

type RenderedSet = Awaited<ReturnType<typeof import('@sunstamp/planset/planset.render').renderPlanSet>>;
type AssembledInput = Extract<Awaited<ReturnType<typeof assembleGeneration>>, { ok: true }>['inputs']['input'];
type RunRow = NonNullable<Awaited<ReturnType<typeof repo.startRun>>>;
type Out = { key: string; name: string; mime: string; bytes: Uint8Array; part: CadRunFile['part']; category: string; number?: string; title?: string };

/** The files a rendered set makes: the PDF, the model-space DXF, a preview per sheet, and the cut sheets given. */
function outputsOf(run: RunRow, job: JobRow, set: RenderedSet, input: AssembledInput): Out[] {
  const base = `jobs/${run.jobId}/cad-runs/${run.id}`;
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'file';
  const stem = `${safe(job.name)}-rev${run.revision}`;
  const outs: Out[] = [
    { key: `${base}/plan-set.pdf`, name: `${stem}-plan-set.pdf`, mime: 'application/pdf', bytes: set.pdf, part: 'pdf', category: 'Engineering' },
    { key: `${base}/modelspace.dxf`, name: `${stem}-modelspace.dxf`, mime: 'application/dxf', bytes: new TextEncoder().encode(set.dxf), part: 'dxf', category: 'Engineering' },
    ...set.sheets.map((s, i): Out => {
      // PV-3A (PV-3 continued at a 10 pt minimum) files with PV-3
      const m = /^pv([1-5])$/.exec(s.page === 'pv3a' ? 'pv3' : s.page);
      return {
        key: `${base}/sheet-${String(i + 1).padStart(2, '0')}.svg`, name: `${stem}-${safe(s.number)}.svg`, mime: 'image/svg+xml',
        bytes: new TextEncoder().encode(s.svg), part: 'preview', category: m ? `PV-0${m[1]}` : 'PV-06+', number: s.number, title: s.title,
      };
    }),
  ];
  const cutSheets: [string, Uint8Array | undefined][] = [
    [`${input.equipment.module.manufacturer} ${input.equipment.module.model}`, input.equipment.module.datasheet],
    [`${input.equipment.inverter.manufacturer} ${input.equipment.inverter.model}`, input.equipment.inverter.datasheet],
    ...(input.equipment.optimizer ? [[`${input.equipment.optimizer.manufacturer} ${input.equipment.optimizer.model}`, input.equipment.optimizer.datasheet] as [string, Uint8Array | undefined]] : []),
    ...(input.equipment.battery ? [[`${input.equipment.battery.manufacturer} ${input.equipment.battery.model}`, input.equipment.battery.datasheet] as [string, Uint8Array | undefined]] : []),
    [`${input.equipment.racking.manufacturer} ${input.equipment.racking.railModel}`, input.equipment.racking.datasheet],
  ];
  cutSheets.forEach(([label, bytes], i) => {
    if (bytes) outs.push({ key: `${base}/cut-sheet-${i + 1}.pdf`, name: `${safe(label)}-cut-sheet.pdf`, mime: 'application/pdf', bytes, part: 'cut_sheet', category: 'PV-06+', title: label });
  });
  return outs;
}

/**
 * The job files and the passed run in one transaction, the set recorded as the revision's draft
 * plan-set deliverable; nothing when a later attempt holds the run.
 */
async function storePassedRun(ctx: Ctx, run: RunRow, r: { outs: Out[]; set: RenderedSet; now: Date; requesterRole: string | undefined }): Promise<void> {
  const { outs, set, now } = r;
  await ctx.database.db.transaction(async (tx) => {
    const locked = await repo.lockRun(tx, run.id);
    if (locked?.status !== 'running' || locked.attempts !== run.attempts) return; // a later attempt holds the run
    const rows = await repo.insertJobFiles(tx, outs.map((o) => ({
      jobId: run.jobId, kind: 'plan_set', category: o.category, name: o.name, mime: o.mime, size: o.bytes.byteLength, storageKey: o.key,
      uploadedById: run.requestedById, uploadedByRole: r.requesterRole ?? 'admin', createdAt: now,
    })));
    // The set is the revision's plan-set deliverable (replacing an earlier run's, unless released),
    // always a draft: the seals the job needs are marked on its sheets (set.sealSlots) and only the
    // engineer's own act seals it (deliverables/seal.service.ts), never the settings of a run.
    await unmarkGeneratedPlanSets(tx, run.jobId, run.revision, now);
    await recordDeliverable(ctx, {
      jobId: run.jobId, revision: run.revision, kind: 'plan_set', fileId: rows[0]!.id, state: 'draft',
      sha256: createHash('sha256').update(set.pdf).digest('hex'), sealSlots: set.sealSlots,
    }, tx);
    const files: CadRunFile[] = outs.map((o, i) => ({ file_id: rows[i]!.id, part: o.part, name: o.name, ...(o.number ? { number: o.number } : {}), ...(o.title ? { title: o.title } : {}) }));
    await repo.updateRun(tx, run.id, {
      status: 'passed', stage: 'cad_generation_passed', progress: 100, files, pageCount: set.pageCount, warnings: set.warnings, finishedAt: now,
      errorKey: null, errorMessage: null, errorDetail: null,
    });
  });
}

export async function runCadGeneration(ctx: Ctx, runId: string, signal: AbortSignal): Promise<void> {
  const db = ctx.database.db;
  const run = await db.transaction((tx) => repo.startRun(tx, runId, ctx.clock.now()));
  if (!run) return; // finished meanwhile (a retry after the answer was stored), or gone with its job
  const job = await repo.jobRow(db, run.jobId);
  if (!job) return;
  const requester = run.requestedById ? await repo.userName(db, run.requestedById) : undefined;
  const listeners = listenersOf(run, job);
  const publish = async (step: Step | keyof typeof GENERATION_ERRORS, extra: Partial<CadRunEvent> = {}) => {
    const base = step in GENERATION_ERRORS && !(step in CAD_GENERATION_PROGRESS)
      ? { label: GENERATION_ERRORS[step as keyof typeof GENERATION_ERRORS].message, progress: null }
      : labelOf(step as Step);
    const payload: CadRunEvent = { run_id: run.id, job_id: run.jobId, label: base.label, progress: base.progress, ...extra };
    if (base.progress !== null) await repo.updateRun(db, run.id, { stage: step, progress: base.progress });
    await ctx.events.publishMany(listeners.map((userId) => ({ userId, type: step, payload })));
  };

  // The result reaches the job's staff as a notification (bell and mail, spec §8 "Generation
  // messages"). After the run is stored: a failure here is logged, never a reason to run again.
  const announce = async (event: 'cad_generation_passed' | 'cad_generation_failed' | 'calculations_failed') => {
    try {
      await notifyGenerationEvent(ctx, { jobId: run.jobId, event });
    } catch (err) {
      ctx.log.error({ err, run: run.id }, 'generation notification failed');
    }
  };

  // The run's own limit: the queue's signal (its time limit) or 120 s from now, whichever first.
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new Error('time limit')), CAD_RUN_LIMIT_SECONDS * 1000);
  const onAbort = () => limit.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    const assembled = await assembleGeneration(ctx, job);
    if (!assembled.ok) throw new RunFailure('pv1_failed', `missing: ${assembled.missing.map((m) => `${m.field} (${m.message})`).join('; ')}`);
    const { engine, input } = assembled.inputs;

    await publish('calculations_initiated');
    let report;
    try {
      report = calculateDesign(engine);
    } catch (e) {
      const detail = isEngineRefusal(e) ? e.message : `the engineering input is not valid: ${(e as Error).message.slice(0, 400)}`;
      throw new RunFailure('pv4_failed', detail, 'calculations_failed');
    }
    await publish('calculations_passed');

    // Stages are published one after another, in the order the renderer reaches them: published
    // side by side, two stages could be stored (and streamed) out of order.
    let stages: Promise<void> = Promise.resolve();
    // Loaded at the first run, not at start-up: the renderer brings pdfkit and fontkit, whose
    // tables cost a restart ~100 ms of CPU (bench/README.md, cold start).
    const { PlanSetError } = await import('@sunstamp/planset/planset.errors');
    const renderOpts = { signal: limit.signal, onStage: (s: RenderStage) => { stages = stages.then(() => publish(s)); } };
    // In a worker thread where RENDER_THREADS allows (render.pool.ts): the event loop stays free and the cores are used.
    const set = await (ctx.config.renderThreads > 0
      ? renderInThread({ ...input, report }, ctx.config.renderThreads, renderOpts)
      : import('@sunstamp/planset/planset.render').then(({ renderPlanSet }) => renderPlanSet({ ...input, report }, renderOpts))
    ).catch((e: unknown) => {
      if (e instanceof PlanSetError) throw new RunFailure(e.key, e.detail);
      throw e;
    }).finally(async () => { await stages; });
    if (signal.aborted) throw new Error('the queue\'s time limit passed: the queue takes the run again');
    if (limit.signal.aborted) throw new RunFailure('title_block_failed', 'generation stopped: time limit reached');

    // Everything rendered: store the bytes, then the job files and the passed run in one transaction.
    const now = ctx.clock.now();
    const outs = outputsOf(run, job, set, input);
    await publish('combine_files_passed');
    for (const o of outs) await ctx.storage.put(o.key, o.bytes);
    const kept: CadRunChecks = {
      run_id: run.id, codes: report.codes,
      results: report.sections.flatMap((sec) => sec.checks.map((k) => ({ ...k, section: sec.title }))),
    };
    await ctx.storage.put(checksKey(run.jobId, run.id), new TextEncoder().encode(JSON.stringify(kept)));
    await storePassedRun(ctx, run, { outs, set, now, requesterRole: requester?.role });
    for (const w of set.warnings) await publish('cut_sheets_failed', { message: w.message, severity: 'warning' });
    await publish('cad_generation_passed');
    await announce('cad_generation_passed');
  } catch (e) {
    if (!(e instanceof RunFailure)) throw e; // infrastructure: the queue retries the run
    // The queue's own limit passed (a lost attempt is taken again): not this run's failure.
    if (signal.aborted) throw e;
    const message = GENERATION_ERRORS[e.key].message;
    // Only the attempt that still holds the run may end it.
    if (!(await repo.isCurrentAttempt(db, run.id, run.attempts))) return;
    await repo.updateRun(db, run.id, { status: 'failed', errorKey: e.key, errorMessage: message, errorDetail: e.detail.slice(0, 2000), finishedAt: ctx.clock.now(), progress: 100, stage: e.event });
    if (e.event === 'calculations_failed') await publish('calculations_failed', { message, severity: 'error' });
    await publish(e.key, { message, severity: GENERATION_ERRORS[e.key].severity as 'error' });
    await publish('cad_generation_failed', { message, severity: 'error' });
    await announce(e.event === 'calculations_failed' ? 'calculations_failed' : 'cad_generation_failed');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

