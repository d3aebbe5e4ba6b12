import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { deliverableKindLabel, type DeliverableKind } from '@sunstamp/domain/constants/deliverables.constants';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { sealingLicenceOf, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { needsOfService, taskAfterDeliverables, tasksOf, type DeliverableFacts } from '@sunstamp/domain/jobs/deliverables.rules';
import { formatVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import { sealsShown } from '@sunstamp/planset/seals/seal-check';
import { coveredPages, marginSlots } from '@sunstamp/planset/seals/seal-slots';
import type { Database } from '../client.ts';
import { bytesOfStream, type Storage } from '../../platform/storage.ts';
import { documentSeals, documentVerifications, engineerLicences, engineers, jobFiles, jobHistory, jobs, states, users } from '../schema.ts';
import { demoEngineerId, seedDemoEngineer } from './demo-engineer.seed.ts';
import { SAMPLE_JOBS } from './sample-jobs.seed.ts';
import { seedDemoDatasheets } from './demo-datasheets.seed.ts';

/**
 * The sample jobs' documents: every sample job that went through Design Completed has the
 * documents its services require for that revision, and the ones that reached Pending Approval or
 * Approved have them released, as the workflow demands. The PDFs are one-page stand-ins saying what
 * they are. Where a service needs a seal, the stand-in is sealed as a document made outside
 * Sunstamp is: the demo engineer's seal (marked "DEMO – NOT A VALID SEAL") drawn in the lower right
 * corner with the licence and verification code, the result read back, an audit row and the public
 * verification record. On `npm start` the job named by DEMO_STAMPED_JOB gets no stand-in plan set:
 * the server makes its real one (generated, sealed by the demo engineer, released;
 * jobs/demo-stamped-set.ts).
 * The stand-ins are sealed under the same rules as any seal: a licence of the job's state, of the
 * seal's discipline, unexpired on the seal date, and never while sealing is refused (PUBLIC_URL
 * unset outside the embedded demo: the printed link would point at localhost). A document that
 * cannot be sealed stays a draft, never released, with no verification code.
 * Runs once, after the sample jobs, on a demo install only.
 */

/** The CAD Stamp sample job whose plan set is generated and sealed for real at start-up. */
export const DEMO_STAMPED_JOB = 'Brooks Residence';
const sealUrl = (publicUrl: string) => `${publicUrl}/verify`;
function disciplineOf(kind: DeliverableKind, services: readonly string[]): Discipline[] {
  if (kind === 'electrical_letter' || kind === 'busbar_certification') return ['electrical'];
  const stamps = kind === 'plan_set' ? (['structural', 'electrical'] as const).filter((d) => services.some((x) => x.startsWith(`cad_stamp_${d}`))) : [];
  return stamps.length ? stamps : ['structural'];
}

/** A minimal one-page PDF with a few lines of text (valid: readers open it, its xref is exact). */
export function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 56 ${740 - i * 24} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const GATES: Record<string, 'ready' | 'released'> = {
  'Design Completed': 'ready', Finalized: 'ready', 'Waiting on AHJ': 'ready', 'Pending Approval': 'released', Approved: 'released',
};

/** A code from a seeded source, so a re-seeded demo prints different codes but each stays unguessable. */
function code(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return [...crypto.randomBytes(20)].map((b) => alphabet[b & 31]).join('');
}

/**
 * `stampedSetMadeLater`: the server makes DEMO_STAMPED_JOB's plan set for real right after
 * (jobs/demo-stamped-set.ts), so no stand-in is made for it.
 */
export async function seedSampleDeliverables(database: Database, storage: Storage, opts: { publicUrl?: string; stampedSetMadeLater?: boolean; sealingBlocked?: string | null } = {}): Promise<number> {
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const db = database.db;
  // the demo catalogue's generated datasheets first: the sample plan sets bind them as cut sheets
  await seedDemoDatasheets(database, storage);
  const names = SAMPLE_JOBS.map((s) => s.name);
  const rows = await db
    .select({ id: jobs.id, name: jobs.name, services: jobs.servicesRequested, revision: jobs.revisionNumber, tasks: jobs.serviceTasks,
      street: jobs.clientStreetAddress, city: jobs.clientCity, zip: jobs.clientZipCode, state: states.abbreviation })
    .from(jobs)
    .leftJoin(states, eq(states.id, jobs.clientStateId))
    .where(inArray(jobs.name, names));
  if (!rows.length) return 0;
  const already = await db.select({ id: jobFiles.id }).from(jobFiles)
    .where(and(inArray(jobFiles.jobId, rows.map((r) => r.id)), isNotNull(jobFiles.deliverableKind))).limit(1);
  if (already.length) return 0;
  const [admin] = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(eq(users.email, 'admin@sunstamp.test'));
  await seedDemoEngineer(database, storage);
  const engineerId = (await demoEngineerId(database))!;
  const [engineer] = await db.select().from(engineers).where(eq(engineers.id, engineerId));
  const licences = await db.select().from(engineerLicences).where(eq(engineerLicences.engineerId, engineerId));
  const sealer = { ...engineer!, licences };
  /** The licence each discipline is sealed under on this job and date, or null when any is refused. */
  const licenceFor = (state: string | null, disciplines: readonly Discipline[], date: string) => {
    if (opts.sealingBlocked || !state) return null;
    const found = disciplines.map((d) => sealingLicenceOf(sealer, state, d, date));
    return found.every((f) => f.ok) ? (found[0] as { ok: true; licence: (typeof licences)[number] }).licence : null;
  };
  const sealImage = await readAll(storage, engineer!.sealKey!);
  const seals: (typeof documentSeals.$inferInsert)[] = [];
  const history = await db.select().from(jobHistory).where(inArray(jobHistory.jobId, rows.map((r) => r.id))).orderBy(asc(jobHistory.id));

  const files: (typeof jobFiles.$inferInsert)[] = [];
  const codes: (typeof documentVerifications.$inferInsert)[] = [];
  const taskUpdates: { id: string; tasks: Record<string, string> }[] = [];
  for (const job of rows) {
    // The furthest gate each revision reached, and when.
    const reached = new Map<number, { stage: 'ready' | 'released'; at: Date; readyAt: Date }>();
    let rev = 0;
    for (const h of history.filter((x) => x.jobId === job.id)) {
      if (h.event === 'revision') rev++;
      const stage = h.toStatus ? GATES[h.toStatus] : undefined;
      if (!stage) continue;
      const prev = reached.get(rev);
      if (!prev) reached.set(rev, { stage, at: h.at, readyAt: h.at });
      else if (stage === 'released' && prev.stage === 'ready') reached.set(rev, { stage, at: h.at, readyAt: prev.readyAt });
    }
    const address = [job.street, job.city, [job.state, job.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    const facts: DeliverableFacts[] = [];
    for (const [revision, r] of reached) {
      const kinds = new Map<DeliverableKind, boolean>();
      for (const s of job.services) for (const n of needsOfService(s)) kinds.set(n.kinds[0]!, (kinds.get(n.kinds[0]!) ?? false) || n.sealed);
      for (const [kind, sealed] of kinds) {
        if (opts.stampedSetMadeLater && kind === 'plan_set' && job.name === DEMO_STAMPED_JOB && revision === job.revision) continue;
        const id = crypto.randomUUID();
        const disciplines = disciplineOf(kind, job.services);
        const date = r.readyAt.toISOString().slice(0, 10);
        const licence = sealed ? licenceFor(job.state, disciplines, date) : null;
        const c = licence ? code() : null;
        const label = deliverableKindLabel(kind);
        const draft = simplePdf([
          `${label} - ${job.name}${revision ? ` (revision ${revision})` : ''}`,
          address,
          `Services: ${job.services.map(serviceLabel).join(', ')}`,
          'Sample document of the Sunstamp demo workspace.',
        ]);
        let bytes = draft;
        const slots = marginSlots([{ width: 612, height: 792 }], disciplines);
        if (c && licence) {
          const applied = disciplines.map((d) => ({
            discipline: d, engineerName: engineer!.name, licenceState: licence.state, licenceNumber: licence.number, date,
            code: formatVerificationCode(c), verifyUrl: sealUrl(publicUrl), seal: sealImage, demo: true,
          }));
          bytes = Buffer.from((await (await import('@sunstamp/planset/seals/seal-stamp')).stampSeals(draft, slots, applied)).pdf);
          const check = await sealsShown(bytes, slots, applied.map((a) => ({ discipline: a.discipline, licenceNumber: a.licenceNumber, code: a.code })));
          if (!check.ok) throw new Error(`the demo seal did not show on ${job.name}'s ${label}`);
          const sourceKey = `jobs/${job.id}/${id}-draft`;
          await storage.put(sourceKey, draft);
          for (const a of applied) {
            seals.push({
              jobId: job.id, fileId: id, documentKind: kind, discipline: a.discipline, engineerId, engineerName: engineer!.name, licenceState: licence.state,
              licenceNumber: licence.number, licenceExpiresOn: licence.expiresOn, sealedById: admin?.id ?? null,
              sealedByName: `${admin?.first ?? ''} ${admin?.last ?? ''}`.trim() || 'admin', sealedByRole: 'admin', onAuthorisation: false, code: c,
              pages: coveredPages(slots, a.discipline), sourceSha256: crypto.createHash('sha256').update(draft).digest('hex'),
              sha256: crypto.createHash('sha256').update(bytes).digest('hex'), sourceStorageKey: sourceKey, printedOn: date, createdAt: r.readyAt,
            });
          }
        }
        const key = `jobs/${job.id}/${id}`;
        await storage.put(key, bytes);
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        const name = `${job.name.replace(/\s+/g, '-')}-${kind.replace(/_/g, '-')}${revision ? `-rev${revision}` : ''}.pdf`;
        // A document that needed a seal it could not get stays a draft: never released unsealed.
        const released = r.stage === 'released' && (!sealed || c !== null);
        const state = released ? 'released' : c ? 'sealed' : 'draft';
        files.push({
          id, jobId: job.id, kind: kind === 'plan_set' ? 'cad' : 'letter', category: kind === 'plan_set' ? 'PV-01' : 'Engineering',
          name, mime: 'application/pdf', size: bytes.length, storageKey: key, uploadedById: admin?.id ?? null, uploadedByRole: 'admin',
          createdAt: r.readyAt, deliverableKind: kind, deliverableState: state,
          deliverableRevision: revision, sha256, sealedAt: c ? r.readyAt : null, releasedAt: released ? r.at : null,
          releasedById: released ? (admin?.id ?? null) : null,
          ...(c ? { sealSlots: slots, sealCode: c } : {}),
        });
        if (c) {
          const s0 = seals[seals.length - 1]!;
          codes.push({
            code: c, fileId: id, jobId: job.id, documentKind: kind, documentName: name, engineerName: engineer!.name,
            licenceState: s0.licenceState, licenceNumber: s0.licenceNumber, jobAddress: address, location: [job.city, job.state].filter(Boolean).join(', '),
            sha256, size: bytes.length, sealedAt: r.readyAt,
          });
        }
        if (revision === job.revision) facts.push({ kind, state, sealed: c !== null });
      }
    }
    const tasks: Record<string, string> = { ...job.tasks };
    for (const t of tasksOf(job.services, job.tasks)) {
      const next = taskAfterDeliverables(t.service, t.status, facts);
      if (next) tasks[t.service] = next;
    }
    taskUpdates.push({ id: job.id, tasks });
  }
  await db.transaction(async (tx) => {
    if (files.length) await tx.insert(jobFiles).values(files);
    if (codes.length) await tx.insert(documentVerifications).values(codes);
    if (seals.length) await tx.insert(documentSeals).values(seals);
    for (const u of taskUpdates) await tx.update(jobs).set({ serviceTasks: u.tasks }).where(eq(jobs.id, u.id));
  });
  return files.length;
}

async function readAll(storage: Storage, key: string): Promise<Uint8Array> {
  return new Uint8Array(await bytesOfStream(await storage.read(key)));
}
