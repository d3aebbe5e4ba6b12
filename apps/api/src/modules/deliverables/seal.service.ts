import crypto from 'node:crypto';
import type { Deliverable, SealOptions } from '@sunstamp/domain/contracts/deliverables';
import { DISCIPLINES, sealingLicenceOf, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { SEAL_SERVICES } from '@sunstamp/domain/engineers/seal-coverage.rules';
import { formatVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import { mayEverSeal, sealAuthorityOf } from '@sunstamp/domain/policies/engineers.policy';
import { pagesStatingAssumedValues, sealsShown, type AssumedValuePage } from '@sunstamp/planset/seals/seal-check';
import { coveredPages, disciplinesOf, marginSlots, ZSealSlots, type SealSlot } from '@sunstamp/planset/seals/seal-slots';
import type { SealToApply } from '@sunstamp/planset/seals/seal-stamp';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { AppError, conflict, forbidden } from '../../platform/errors.ts';
import { getEngineer, listEngineers, readBytes } from '../engineers/engineers.api.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import { announceJobsChanged } from '../jobs/jobs.api.ts';
import { newVerificationCode, oneDeliverable, ownDeliverable, syncServiceTasks } from './deliverables.service.ts';
import * as repo from './deliverables.repository.ts';
import type * as SealStamp from '@sunstamp/planset/seals/seal-stamp';

/** pdf-lib and the stamper are loaded at the first sealing, not at start-up (bench/README.md, cold start). */
const pdfLib = () => import('@cantoo/pdf-lib');
const stampSeals = async (...a: Parameters<typeof SealStamp.stampSeals>) => (await import('@sunstamp/planset/seals/seal-stamp')).stampSeals(...a);

/*
 * Sealing a document (issue 23): a registered engineer, chosen by id, applies their seal through
 * their own account, or an admin does on the engineer's recorded standing authorisation; never a
 * contractor or a client, and support prepares only (engineers.policy.ts sealAuthorityOf). The
 * licence must be for the job's state, of the seal's discipline and unexpired today; the engineer
 * needs a seal image. The seal is drawn into the places the document reserved (a generated plan
 * set's stamp boxes, a letter's seal box and footers) or, for a file made elsewhere, the lower
 * right corner of every page; then the produced PDF is read back and every covered page must show
 * the licence number and the verification code. Only then is it stored, with one audit row per
 * seal; once every seal the document needs is applied it is sealed, with its public verification
 * record. Otherwise it stays a draft, and a draft is never released as sealed.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'config' | 'caches' | 'cache'>;
type File = NonNullable<Awaited<ReturnType<typeof repo.getJobFile>>>;
type JobFacts = NonNullable<Awaited<ReturnType<typeof repo.jobSealFacts>>>;

const unprocessable = (message: string) => new AppError(422, message, 'unprocessable');
const LETTER_DISCIPLINE: Partial<Record<string, Discipline>> = { electrical_letter: 'electrical', busbar_certification: 'electrical' };

/** Where the document's seals go, and which disciplines it needs. */
async function placesOf(ctx: Ctx, file: File, bytes: Uint8Array, job: JobFacts, asked: readonly Discipline[] | undefined): Promise<{ slots: SealSlot[]; needed: Discipline[] }> {
  const stored = ZSealSlots.safeParse(file.sealSlots ?? null);
  if (stored.success) return { slots: stored.data, needed: disciplinesOf(stored.data) };
  // A file made elsewhere: the kind says the discipline of a letter; a plan set's comes from the
  // job's CAD Stamp services, or from the request.
  let needed: Discipline[];
  if (asked?.length) needed = [...asked];
  else if (file.deliverableKind === 'plan_set') needed = DISCIPLINES.filter((d) => job.services.some((s) => s.startsWith(SEAL_SERVICES[d])));
  else needed = [LETTER_DISCIPLINE[file.deliverableKind ?? ''] ?? 'structural'];
  if (!needed.length) throw unprocessable('Name the seal to apply (structural or electrical): the job orders no CAD Stamp service, so this plan set does not say which.');
  let sizes: { width: number; height: number }[];
  try {
    sizes = (await (await pdfLib()).PDFDocument.load(bytes, { updateMetadata: false })).getPages().map((pg) => pg.getSize());
  } catch {
    throw unprocessable(`"${file.name}" is not a PDF Sunstamp can seal: upload the document as a PDF.`);
  }
  return { slots: marginSlots(sizes, needed), needed };
}

/** The job, its state, and that a seal may be applied at all now. */
async function sealable(ctx: Ctx, p: Principal, fileId: string) {
  const file = await ownDeliverable(ctx, p, fileId);
  // Before anything about engineers: contractors and clients never seal.
  if (!mayEverSeal(p.role)) throw forbidden('Only a registered engineer seals documents: contractors and clients never do.');
  const job = (await repo.jobSealFacts(ctx.database.db, file.jobId))!;
  return { file, job };
}

function blockedReason(ctx: Ctx, file: File, job: JobFacts): string | null {
  if (ctx.config.sealingBlocked) return ctx.config.sealingBlocked;
  if (file.deliverableState !== 'draft') return `This deliverable is already ${file.deliverableState}.`;
  if (file.mime !== 'application/pdf') return `"${file.name}" is not a PDF: only a PDF is sealed.`;
  if (!job.state) return 'The job has no state (no address state and no AHJ): a seal needs the licence of the job\'s state.';
  return null;
}

/** "PV-3 (page 3)", or "page 2" on a document without sheet numbers. */
const pageNames = (pages: readonly AssumedValuePage[]) => pages.map((p) => (p.sheet ? `${p.sheet} (page ${p.page})` : `page ${p.page}`)).join(', ');

/**
 * A structural seal over rail values that are not the maker's (an assumed rail class or cantilever
 * ratio, read from the document itself) is the engineer of record taking responsibility for them: it
 * is refused unless the request says so, naming the pages and how to replace the assumption instead.
 */
function assumedValuesRefusal(pages: readonly AssumedValuePage[]): AppError {
  return new AppError(409, `This document states rail values that are not the maker's certified values, marked ASSUMED on ${pageNames(pages)}. `
    + 'Enter the rail maker\'s allowable moment and cantilever limit with their document in the catalogue (Equipment) and generate it again, '
    + 'or, as the engineer of record, accept the assumed values with the structural seal.', 'assumed_values_not_accepted');
}

/** GET /deliverables/{id}/seal-options: what the document needs and who may seal it, for the seal dialog. */
export async function sealOptions(ctx: Ctx, p: Principal, fileId: string): Promise<SealOptions> {
  const { file, job } = await sealable(ctx, p, fileId);
  const applied = (await repo.sealsOfFiles(ctx.database.db, [file.id])).filter((x) => x.code === file.sealCode);
  let needed: Discipline[] = [];
  let assumed: AssumedValuePage[] = [];
  let blocked = blockedReason(ctx, file, job);
  if (!blocked) {
    const bytes = new Uint8Array(await readBytes(ctx, file.storageKey));
    try {
      needed = (await placesOf(ctx, file, bytes, job, undefined)).needed.filter((d) => !applied.some((a) => a.discipline === d));
      if (!needed.length) blocked = 'This document needs no seal: the job\'s services and stamp requirements ask for none on it.';
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      needed = [...DISCIPLINES];
    }
    if (needed.includes('structural') && file.mime === 'application/pdf') assumed = await pagesStatingAssumedValues(bytes).catch(() => []);
  }
  const letter = await repo.letterEngineerOf(ctx.database.db, file.id);
  const today = await documentDayOf(ctx);
  const engineers = (await listEngineers(ctx.database.db)).filter((e) => e.isActive && (!letter?.engineerId || e.id === letter.engineerId));
  if (!blocked && !engineers.length) blocked = 'No engineer is registered yet: add one on the Engineers page.';
  return {
    document: file.name,
    state: job.state,
    needed,
    engineers: engineers.map((e) => {
      const verdicts = needed.map((d) => ({ d, r: job.state ? sealingLicenceOf(e, job.state, d, today) : { ok: false as const, message: 'The job has no state.' } }));
      const authority = sealAuthorityOf(p, e);
      return {
        id: e.id,
        name: e.name,
        may_seal: e.sealKey ? verdicts.flatMap(({ d, r }) => (r.ok ? [{ discipline: d, licence_state: r.licence.state, licence_number: r.licence.number }] : [])) : [],
        refusals: verdicts.flatMap(({ d, r }) => (!r.ok ? [{ discipline: d, message: r.message }] : !e.sealKey ? [{ discipline: d, message: `${e.name} has no seal image: upload it on the Engineers page.` }] : [])),
        caller_may_act: authority.ok,
        caller_refusal: authority.ok ? null : authority.message,
      };
    }),
    assumed_value_pages: assumed,
    blocked,
  };
}

/**
 * The seals stamped on their places of the document, then read back from the PDF produced, page by
 * page: the record follows the file, so a seal that did not come out (or a page count that changed)
 * is a 500 and the document stays a draft.
 */
async function stampAndCheck(ctx: Ctx, source: Uint8Array, mine: Parameters<typeof stampSeals>[1], seals: SealToApply[], printed: string) {
  const stamped = await stampSeals(source, mine, seals, { minTextPt: Math.max(7, ...mine.map((s) => s.textPt ?? 7)), modified: ctx.clock.now() });
  const check = await sealsShown(stamped.pdf, mine, seals.map((s) => ({ discipline: s.discipline, licenceNumber: s.licenceNumber, code: printed })));
  const pageCount = (await (await pdfLib()).PDFDocument.load(source, { updateMetadata: false })).getPageCount();
  if (!check.ok || check.pageCount !== pageCount) {
    const f = check.findings[0];
    throw new AppError(500, f ? `The seal did not come out on page ${f.page} (${f.missing.join(', ')} not found): the document stays a draft.` : 'Sealing changed the number of pages: the document stays a draft.', 'seal_not_shown');
  }
  return stamped;
}

/** The seals this act applies: those asked for (each needed and not yet applied), or every outstanding one the engineer practises. */
function disciplinesToSeal(engineer: { name: string; disciplines: readonly string[] }, needed: readonly Discipline[], applied: readonly { discipline: string }[], asked: readonly Discipline[] | undefined): Discipline[] {
  const outstanding = needed.filter((d) => !applied.some((a) => a.discipline === d));
  for (const d of asked ?? []) {
    if (!needed.includes(d)) throw unprocessable(`This document needs no ${d} seal.`);
    if (!outstanding.includes(d)) throw conflict(`The ${d} seal is already applied to this document.`);
  }
  const chosen = asked ? [...asked] : outstanding.filter((d) => engineer.disciplines.includes(d));
  if (!chosen.length) {
    throw unprocessable(`${engineer.name} does not practise ${outstanding.join(' or ')} engineering, the seal${outstanding.length > 1 ? 's' : ''} this document still needs.`);
  }
  return chosen;
}

/** POST /deliverables/{id}/seal: the engineer (chosen) seals the draft; answers the deliverable. */
export async function sealDocument(ctx: Ctx, p: Principal, fileId: string, body: { engineer_id: string; disciplines?: Discipline[]; accept_assumed_values?: boolean }): Promise<Deliverable> {
  const { file, job } = await sealable(ctx, p, fileId);
  const engineer = await getEngineer(ctx.database.db, body.engineer_id);
  if (!engineer) throw unprocessable('Choose a registered engineer (Engineers page): that engineer does not exist.');
  const authority = sealAuthorityOf(p, engineer);
  if (!authority.ok) throw forbidden(authority.message);
  const blocked = blockedReason(ctx, file, job);
  if (blocked) throw conflict(blocked);
  const letter = await repo.letterEngineerOf(ctx.database.db, file.id);
  if (letter?.engineerId && letter.engineerId !== engineer.id) {
    throw unprocessable(`This letter was written for another engineer (its closing and footer name them): ${engineer.name} cannot seal it. Generate the letter again for ${engineer.name}.`);
  }
  const source = new Uint8Array(await readBytes(ctx, file.storageKey));
  const { slots, needed } = await placesOf(ctx, file, source, job, body.disciplines);
  if (!needed.length) throw unprocessable('This document needs no seal: the job\'s services and stamp requirements ask for none on it.');
  const applied = (await repo.sealsOfFiles(ctx.database.db, [file.id])).filter((x) => x.code === file.sealCode);
  const chosen = disciplinesToSeal(engineer, needed, applied, body.disciplines);
  const today = await documentDayOf(ctx);
  const licences = chosen.map((d) => {
    const r = sealingLicenceOf(engineer, job.state!, d, today);
    if (!r.ok) throw unprocessable(r.message);
    return { d, licence: r.licence };
  });
  if (!engineer.sealKey) throw unprocessable(`${engineer.name} has no seal image: upload it on the Engineers page before sealing.`);
  const assumed = chosen.includes('structural') ? await pagesStatingAssumedValues(source) : [];
  if (assumed.length && body.accept_assumed_values !== true) throw assumedValuesRefusal(assumed);

  const code = file.sealCode ?? newVerificationCode();
  const printed = formatVerificationCode(code);
  const [sealImage, signature] = await Promise.all([readBytes(ctx, engineer.sealKey), engineer.signatureKey ? readBytes(ctx, engineer.signatureKey) : undefined]);
  const seals: SealToApply[] = licences.map(({ d, licence }) => ({
    discipline: d, engineerName: engineer.name, licenceState: licence.state, licenceNumber: licence.number, date: today, code: printed,
    verifyUrl: `${ctx.config.publicUrl}/verify`, seal: new Uint8Array(sealImage), ...(signature ? { signature: new Uint8Array(signature) } : {}),
    demo: engineer.isDemo,
  }));
  const mine = slots.filter((s) => chosen.includes(s.discipline));
  const stamped = await stampAndCheck(ctx, source, mine, seals, printed);

  const sha256 = crypto.createHash('sha256').update(stamped.pdf).digest('hex');
  const key = `jobs/${file.jobId}/sealed/${crypto.randomUUID()}.pdf`;
  await ctx.storage.put(key, stamped.pdf);
  const now = ctx.clock.now();
  const sourceSha256 = crypto.createHash('sha256').update(source).digest('hex');
  const byName = await repo.userNameOf(ctx.database.db, p.id);
  try {
    await ctx.database.db.transaction(async (tx) => {
      const locked = await repo.lockFile(tx, file.id);
      if (!locked || locked.storageKey !== file.storageKey || locked.deliverableState !== 'draft') throw conflict('The document changed while it was being sealed: open it again.');
      const complete = needed.every((d) => chosen.includes(d) || applied.some((a) => a.discipline === d));
      await repo.setDeliverable(tx, file.id, {
        storageKey: key, size: stamped.pdf.length, sha256, sealSlots: slots, sealCode: code,
        ...(complete ? { deliverableState: 'sealed', sealedAt: now } : {}),
      });
      await repo.insertSeals(tx, licences.map(({ d, licence }) => ({
        jobId: file.jobId, fileId: file.id, documentKind: file.deliverableKind!, discipline: d, engineerId: engineer.id, engineerName: engineer.name,
        licenceState: licence.state, licenceNumber: licence.number, licenceExpiresOn: licence.expiresOn, sealedById: p.id, sealedByName: byName,
        sealedByRole: p.role, onAuthorisation: authority.onAuthorisation, code, pages: coveredPages(mine, d), sourceSha256, sha256,
        acceptedAssumedPages: d === 'structural' ? assumed.map((a) => a.page) : [],
        sourceStorageKey: file.storageKey, printedOn: today, createdAt: now,
      })));
      if (complete) {
        const first = applied[0] ?? { engineerName: engineer.name, licenceState: licences[0]!.licence.state, licenceNumber: licences[0]!.licence.number };
        await repo.insertVerification(tx, {
          code, fileId: file.id, jobId: file.jobId, documentKind: file.deliverableKind!, documentName: file.name,
          engineerName: first.engineerName, licenceState: first.licenceState, licenceNumber: first.licenceNumber,
          jobAddress: await repo.jobAddressOf(tx, file.jobId), location: job.location, sha256, size: stamped.pdf.length, sealedAt: now,
        });
      }
      await syncServiceTasks(tx, file.jobId, now);
    });
  } catch (e) {
    await ctx.storage.remove(key).catch(() => {});
    throw e;
  }
  await announceJobsChanged(ctx);
  return oneDeliverable(ctx, p, file.jobId, file.id);
}
