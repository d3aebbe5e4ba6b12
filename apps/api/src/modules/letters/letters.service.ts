import crypto from 'node:crypto';
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { maySignAsEngineer } from '@sunstamp/domain/policies/engineers.policy';
import { LETTER_PROGRESS_EVENTS, type GenerateLettersBody, type JobLetter, type LETTER_TYPE_VALUES, type LetterRun } from '@sunstamp/domain/contracts/letters';
import type { DeliverableKind } from '@sunstamp/domain/constants/deliverables.constants';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import type { Report } from '@sunstamp/engineering/report.schema';
import { LETTER_TITLES, type LetterType } from '@sunstamp/planset/letters/letter-input.schema';
import { LetterRefusal } from '@sunstamp/planset/letters/letter.compose';
import type { SealSlot } from '@sunstamp/planset/seals/seal-slots';
import type { AppContext } from '../../context.ts';
import type { JobPayload } from '../../platform/queue/queue.registry.ts';
import { attemptEndedBy, type JobContext } from '../../platform/queue/queue.ts';
import { AppError, conflict, unprocessable } from '../../platform/errors.ts';
import type { Principal } from '../../platform/principal.ts';
import { requireAllowed } from '../../platform/access.ts';
import { recordDeliverable } from '../deliverables/deliverables.api.ts';
import { insertFiles } from '../files/files.api.ts';
import { getJobWithRefs, resolvedOf, visibleJob } from '../jobs/jobs.api.ts';
import { calculate, calculationMessage, engineerOf, extrasOf, letterDataOf, letterInputOf, type LetterData } from './letters-compose.ts';
import { asceEditionOf, batteryOf, groundMountOf } from './letters-mounts.mapper.ts';
import { notApplicable, prepare, resultFileOf, TOOL_OF, workableJob, workRefusal, type Ctx, type Prepared } from './letters-prepare.ts';
import * as repo from './letters.repository.ts';

import type * as LetterRender from '@sunstamp/planset/letters/letter.render';

/*
 * The letter renderer (pdfkit, fontkit) is loaded when a letter is first rendered, not at start-up
 * (bench/README.md, cold start); the signing stack likewise, in letters-signing.service.ts.
 */
const renderLetter: typeof LetterRender.renderLetter = async (...a) =>
  (await import('@sunstamp/planset/letters/letter.render')).renderLetter(...a);

/*
 * Engineering letters of a job (spec §7 generate-letters, recalculate-url): only the letters whose
 * subject the job has (letter-applicability.rules.ts); the engine calculates the job's design,
 * packages/planset renders each letter with the report's numbers and sections for the engineer who
 * will seal it (chosen, or the first licensed in the job's state for the discipline), and each is
 * stored as an internal job file of the revision and a draft deliverable. The engineer seals it
 * afterwards (deliverables/seal.service.ts draws seal, signature and verification code). Progress
 * goes to the requester's event stream with the spec §4 names. A digital signature is the
 * engineer's own act, after the seal, one letter at a time, with a certificate registered for
 * that engineer: a P12 and passphrase sent for that signing only (kept in memory, never stored),
 * or signed outside and uploaded, when the upload must begin with the exact bytes sealed.
 *
 * The steps live beside this file (issue 28): letters-prepare (the checks before calculating),
 * letters-mounts.mapper (ground mount and wall battery from the job), letters-compose (the report and
 * each letter's input), letters-signing.service (signing a sealed letter).
 */

type LetterTypeValue = (typeof LETTER_TYPE_VALUES)[number];

const ANALYSED_LETTERS: readonly LetterType[] = ['structural_roof_letter', 'post_install_letter'];

/** POST /jobs/{id}/generate-letters: checks what can be checked now, then queues the run. */
export async function requestLetters(ctx: Ctx, p: Principal, jobId: string, body: GenerateLettersBody & { letter_types: LetterTypeValue[] }) {
  const r = await workableJob(ctx, p, jobId);
  const refused = await notApplicable(ctx, r, body.letter_types);
  if (refused.length) throw unprocessable(refused.map((x) => `${LETTER_TITLES[x.type]}: ${x.message}`).join(' '));
  const prep = await prepare(ctx, r, body.letter_types, body.engineers);
  const method = body.structural_method ?? 'prescriptive';
  if (method !== 'prescriptive' && body.letter_types.some((t) => ANALYSED_LETTERS.includes(t))) {
    const tool = TOOL_OF[method];
    if (!body.structural_result_file_id) throw unprocessable(`The arrays are designed with ${tool}: the structural letter needs that analysis's uploaded result, not the Prescriptive Method (5 %). Upload the ${tool} result (PDF) to the job's files and choose it as structural_result_file_id.`);
    await resultFileOf(ctx, r.job.id, body.structural_result_file_id, tool);
  }
  const lines = await repo.equipmentDataOf(ctx.database.db, r.job.id);
  if (body.letter_types.includes('wall_mounted_battery_letter')) {
    const battery = batteryOf(lines, (r.job.cadIntake ?? {}) as Record<string, unknown>);
    if (typeof battery === 'string') throw unprocessable(battery);
  }
  if (body.letter_types.includes('structural_ground_mount_letter')) {
    const gm = groundMountOf(r, lines, asceEditionOf(prep.ahj.asce));
    if (typeof gm === 'string') throw unprocessable(gm);
  }
  if (body.letter_types.includes('structural_roof_letter') && method === 'prescriptive') {
    const { resolved } = await resolvedOf(ctx, r);
    if (resolved.values.stress_analysis?.on) {
      throw conflict(`${r.ahjName ?? 'The AHJ'} requires a stress analysis (stress_analysis): a Prescriptive Method (5 %) letter is prohibited. Design the arrays with Forte or SkyCiv.`);
    }
  }
  const runId = crypto.randomUUID();
  await ctx.queue.send('letters-generate', {
    runId, jobId: r.job.id, actorId: p.id, actorRole: p.role, letterTypes: body.letter_types,
    ...(body.arrays ? { arrays: body.arrays as Record<string, unknown>[] } : {}),
    includeDigitalSignature: body.include_digital_signature ?? false,
    revisionLetterData: body.revision_letter_data ? { ...body.revision_letter_data, changes: body.revision_letter_data.changes ?? [] } : null,
    letterData: { ...letterDataOf(body) },
  });
  return { run_id: runId, status: 'queued' as const };
}

/** The deliverable kind a letter type is filed as (the electrical letter's service has its own name). */
const DELIVERABLE_KIND_OF: Record<LetterType, DeliverableKind> = {
  structural_roof_letter: 'structural_roof_letter',
  electrical_load_calculations: 'electrical_letter',
  busbar_certification: 'busbar_certification',
  revision_letter: 'revision_letter',
  design_affidavit: 'design_affidavit',
  florida_statute_377_705: 'florida_statute_377_705',
  post_install_letter: 'post_install_letter',
  structural_ground_mount_letter: 'structural_ground_mount_letter',
  wall_mounted_battery_letter: 'wall_mounted_battery_letter',
  seismic_calculations: 'seismic_calculations',
  appendix_g: 'appendix_g',
  unreduced_snow_load: 'unreduced_snow_load',
  third_party_stamp: 'third_party_stamp',
  calculation_package: 'calculation_package',
};

const fileNameOf = (type: LetterType, jobName: string, revision: number) => `${LETTER_TITLES[type]} - ${jobName.replace(/[\\/:*?"<>|]/g, ' ').trim() || 'Job'} - Rev ${revision}.pdf`.slice(0, 255);

/** Stores a rendered document as an internal Engineering job file and its letter row. */
async function storeLetter(ctx: Ctx, a: {
  jobId: string; runId: string; revision: number; type: LetterType; pdf: Uint8Array; engineerId: string | null; calculationPages: unknown;
  signature: 'unsigned' | 'required'; actorId: string; actorRole: string; jobName: string; sealSlots: SealSlot[];
}) {
  const fileId = crypto.randomUUID();
  const key = `jobs/${a.jobId}/${fileId}`;
  await ctx.storage.put(key, a.pdf);
  const now = ctx.clock.now();
  try {
    return await ctx.database.db.transaction(async (tx) => {
      await insertFiles(tx, [{ id: fileId, jobId: a.jobId, kind: 'internal', category: 'Engineering', name: fileNameOf(a.type, a.jobName, a.revision), mime: 'application/pdf', size: a.pdf.length, storageKey: key, uploadedById: a.actorId, uploadedByRole: a.actorRole, createdAt: now }]);
      const sha256 = crypto.createHash('sha256').update(a.pdf).digest('hex');
      const letter = await repo.insertLetter(tx, {
        jobId: a.jobId, runId: a.runId, revision: a.revision, letterType: a.type, engineerId: a.engineerId, fileId,
        sha256, calculationPages: a.calculationPages, signatureStatus: a.signature, createdAt: now,
      });
      // A draft deliverable of the revision, with the places of its seal: its engineer seals it
      // (deliverables/seal.service.ts), then it is released to the client with the others.
      await recordDeliverable(ctx, { jobId: a.jobId, revision: a.revision, kind: DELIVERABLE_KIND_OF[a.type], fileId, state: 'draft', sealSlots: a.sealSlots, sha256 }, tx);
      return letter;
    });
  } catch (e) {
    await ctx.storage.remove(key).catch(() => {});
    throw e;
  }
}

/** The queue handler of a generate-letters run. */
export async function runLetters(ctx: Ctx, job: JobPayload<'letters-generate'>, signal?: AbortSignal) {
  const publish = (type: string, payload: Record<string, unknown> = {}) => ctx.events.publish(job.actorId, type, { job_id: job.jobId, run_id: job.runId, ...payload });
  const r = await getJobWithRefs(ctx.database.db, job.jobId, { kind: 'all' }, true);
  if (!r) return;
  const asked = job.letterTypes as LetterType[];
  await publish('calculations_initiated', { letter_types: asked });
  const data = (job.letterData ?? {}) as LetterData;
  // The job may have changed since the request: a letter whose subject it no longer has is refused.
  const refused: { letter_type: string; message: string }[] = (await notApplicable(ctx, r, asked)).map((x) => ({ letter_type: x.type, message: x.message }));
  const types = asked.filter((t) => !refused.some((x) => x.letter_type === t));
  if (!types.length) {
    await publish('calculations_failed', { message: refused.map((x) => x.message).join(' '), refused });
    return;
  }
  let prep: Prepared;
  let report: Report;
  let calc: Awaited<ReturnType<typeof calculate>>;
  try {
    signal?.throwIfAborted();
    prep = await prepare(ctx, r, types, data.engineers);
    calc = await calculate(ctx, r, prep, job.arrays, data.structuralMethod);
    report = calc.report;
  } catch (e) {
    const message = e instanceof AppError ? e.message : calculationMessage(e);
    if (message === null || signal?.aborted) throw e;
    await publish('calculations_failed', { message });
    return;
  }
  await publish('calculations_passed', { calculated_from: calc.source, pass: report.summary.pass, checks: report.summary.checks, system_dc_kw: report.summary.systemDcKw, system_ac_kw: report.summary.systemAcKw, failures: report.summary.failures });

  const done = new Set((await repo.lettersOfRun(ctx.database.db, job.runId)).map((l) => l.letterType));
  const rendered: { type: LetterType; pdf: Uint8Array; engineerId: string; calculationPages: unknown; sealSlots: SealSlot[] }[] = [];
  for (const type of types.filter((t) => !done.has(t))) {
    // The queue's time limit stops the run between two letters (a retry drafts only what is missing).
    signal?.throwIfAborted();
    try {
      const extras = await extrasOf(ctx, r, type, data, calc);
      const out = await renderLetter(await letterInputOf(ctx, r, prep, type, report, job.revisionLetterData, extras, calc.design.site));
      rendered.push({ type, pdf: out.pdf, engineerId: engineerOf(prep, type).engineer.id, calculationPages: out.calculationPages, sealSlots: out.sealSlots });
    } catch (e) {
      if (!(e instanceof LetterRefusal)) throw e;
      refused.push({ letter_type: type, message: e.message });
    }
  }
  if (refused.length === asked.length) {
    await publish('calculations_failed', { message: refused.map((x) => x.message).join(' '), refused });
    return;
  }
  // stamp_file_passed (spec §4): the letters are drawn with their seal's place; each waits for its engineer's seal.
  await publish('stamp_file_passed', { drafted: rendered.map((x) => x.type), awaiting_seal: rendered.map((x) => ({ letter_type: x.type, engineer: engineerOf(prep, x.type).engineer.name })), refused, signature: job.includeDigitalSignature ? 'required' : 'none' });
  signal?.throwIfAborted();
  const stored = [];
  for (const x of rendered) {
    stored.push(await storeLetter(ctx, {
      jobId: job.jobId, runId: job.runId, revision: r.job.revisionNumber, type: x.type, pdf: x.pdf, engineerId: x.engineerId, calculationPages: x.calculationPages, sealSlots: x.sealSlots,
      signature: job.includeDigitalSignature ? 'required' : 'unsigned', actorId: job.actorId, actorRole: job.actorRole, jobName: r.job.name || r.job.clientName,
    }));
  }
  await publish('combine_files_passed', { letters: stored.map((l) => ({ id: l.id, letter_type: l.letterType, file_id: l.fileId, download_url: `/api/files/${l.fileId}/download` })), refused });
}

/** The requester's stream hears that the run ended without letters, and why (the panel shows it; GET letter-runs answers it). */
async function lettersFailed(ctx: Pick<AppContext, 'events'>, job: JobPayload<'letters-generate'>, reason: string) {
  await ctx.events.publish(job.actorId, 'calculations_failed', {
    job_id: job.jobId, run_id: job.runId,
    message: `The letters could not be generated: ${reason}. Generate them again.`,
  });
}

/**
 * The queue's handler: runs the letters within the job's time limit. An attempt that stops on an
 * error the run does not report itself (its time limit, the file store failing, a fault) is retried
 * by the queue; when no retry remains, the requester hears that the run failed instead of watching
 * "Calculating" for ever. The error goes on to the queue, which logs it.
 */
export async function runLettersJob(ctx: Ctx, job: JobPayload<'letters-generate'>, attempt: Pick<JobContext, 'lastAttempt' | 'signal'>) {
  try {
    await runLetters(ctx, job, attempt.signal);
  } catch (e) {
    if (attempt.lastAttempt) await lettersFailed(ctx, job, attemptEndedBy(attempt));
    throw e;
  }
}

/**
 * The process generating these letters died (platform/queue/queue-recovery.ts took the job back
 * within seconds). While the queue retries it nothing changes for the requester; when no retry
 * remains, the requester's stream hears that the run failed and why.
 */
export async function recoverLostLetters(ctx: Pick<AppContext, 'events'>, job: JobPayload<'letters-generate'>, lost: { willRetry: boolean; reason: string }) {
  if (!lost.willRetry) await lettersFailed(ctx, job, lost.reason);
}

/** POST /jobs/{id}/recalculate-url: calculates with `arrays` now and answers the new calculation package's URL. */
export async function recalculate(ctx: Ctx, p: Principal, jobId: string, arrays: readonly Record<string, unknown>[] | undefined) {
  const r = await workableJob(ctx, p, jobId);
  const prep = await prepare(ctx, r, ['calculation_package']);
  let report: Report;
  let site: DesignInputRaw['site'];
  try {
    const calc = await calculate(ctx, r, prep, arrays);
    report = calc.report;
    site = calc.design.site;
  } catch (e) {
    const message = calculationMessage(e);
    if (message === null) throw e;
    throw new AppError(422, message, 'unprocessable');
  }
  const out = await renderLetter(await letterInputOf(ctx, r, prep, 'calculation_package', report, null, {}, site));
  const letter = await storeLetter(ctx, {
    jobId: r.job.id, runId: crypto.randomUUID(), revision: r.job.revisionNumber, type: 'calculation_package', pdf: out.pdf,
    engineerId: engineerOf(prep, 'calculation_package').engineer.id,
    calculationPages: out.calculationPages, signature: 'unsigned', actorId: p.id, actorRole: p.role, jobName: r.job.name || r.job.clientName, sealSlots: out.sealSlots,
  });
  return { url: `/api/files/${letter.fileId}/download`, file_id: letter.fileId, letter_id: letter.id, pass: report.summary.pass, checks: report.summary.checks };
}

export function letterOut(x: Awaited<ReturnType<typeof repo.lettersOfJob>>[number], p: Principal): JobLetter {
  const l = x.l;
  const state = (l.signedFileId ? x.signedState : x.state) as JobLetter['deliverable_state'];
  return {
    id: l.id, run_id: l.runId, revision: l.revision, letter_type: l.letterType, file_id: l.fileId, name: x.fileName,
    download_url: `/api/files/${l.fileId}/download`, sha256: l.sha256,
    engineer: l.engineerId && x.engineerName ? { id: l.engineerId, name: x.engineerName } : null,
    calculation_pages: l.calculationPages as JobLetter['calculation_pages'],
    signature_status: l.signatureStatus as JobLetter['signature_status'],
    deliverable_state: state ?? null,
    // The Sign button is for the letter's own engineer, once sealed and not yet signed.
    may_sign: l.signatureStatus !== 'signed' && (state === 'sealed' || state === 'released') && maySignAsEngineer(p, { userId: x.engineerUserId ?? null }),
    signed_download_url: l.signedFileId ? `/api/files/${l.signedFileId}/download` : null,
    signed_by: l.signedBy, signed_at: l.signedAt ? l.signedAt.toISOString() : null, created_at: l.createdAt.toISOString(),
  };
}

/** GET /jobs/{id}/letters: the job's generated letters, for who works on the job (clients get released deliverables instead). */
export async function listLetters(ctx: Ctx, p: Principal, jobId: string): Promise<JobLetter[]> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  return (await repo.lettersOfJob(ctx.database.db, jobId)).map((x) => letterOut(x, p));
}

/** How long a letters run's progress is answered after its last event. */
const LETTER_RUN_WINDOW_MINUTES = 60;

/**
 * The caller's letters runs of the job in the last hour with the last progress event of each,
 * read from their own event stream (a letters run keeps no row of its own: its events and, once
 * stored, its letters are its record). Plan-set runs send calculations_* events too: their ids
 * are cad_runs rows and are left out.
 */
export async function listLetterRuns(ctx: Ctx, p: Principal, jobId: string): Promise<LetterRun[]> {
  const r = await visibleJob(ctx.database.db, p, jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  const rows = await ctx.database.query<{ run_id: string; type: string; message: string | null; at: Date | string }>(
    `select distinct on (e.payload->>'run_id') e.payload->>'run_id' as run_id, e.type, e.payload->>'message' as message, e.created_at as at
       from user_events e
      where e.user_id = $1 and e.payload->>'job_id' = $2 and e.type = any($3::text[])
        and e.created_at > now() - make_interval(mins => $4)
        and e.payload ? 'run_id'
        and not exists (select 1 from cad_runs c where c.id::text = e.payload->>'run_id')
      order by e.payload->>'run_id', e.id desc`,
    [p.id, jobId, [...LETTER_PROGRESS_EVENTS], LETTER_RUN_WINDOW_MINUTES],
  );
  return rows
    .map((x) => ({ run_id: x.run_id, event: x.type as LetterRun['event'], message: x.message, at: new Date(x.at).toISOString() }))
    .sort((a, b) => a.at.localeCompare(b.at));
}
