import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { deliverableKindLabel, type DeliverableKind } from '@sunstamp/domain/constants/deliverables.constants';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { needsOfService, taskAfterDeliverables, tasksOf, type DeliverableFacts } from '@sunstamp/domain/jobs/deliverables.rules';
import { formatVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import type { Database } from '../client.ts';
import type { Storage } from '../../platform/storage.ts';
import { documentVerifications, jobFiles, jobHistory, jobs, states, users } from '../schema.ts';
import { SAMPLE_JOBS } from './sample-jobs.seed.ts';

/**
 * The sample jobs' documents: every sample job that went through Design Completed has the
 * documents its services require for that revision (sealed where a service needs a seal), and
 * the ones that reached Pending Approval or Approved have them released, as the workflow now
 * demands. The PDFs are one-page stand-ins saying what they are; sealed ones carry a verification
 * code the public /verify page answers. Runs once, after the sample jobs, on a demo install only.
 */

const ENGINEER = { name: 'Dana Reyes, P.E.', licence: (state: string) => `PE ${state}-${state === 'TX' ? '131072' : '58213'}` };

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

export async function seedSampleDeliverables(database: Database, storage: Storage): Promise<number> {
  const db = database.db;
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
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@sunstamp.test'));
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
        const id = crypto.randomUUID();
        const c = sealed ? code() : null;
        const label = deliverableKindLabel(kind);
        const bytes = simplePdf([
          `${label} - ${job.name}${revision ? ` (revision ${revision})` : ''}`,
          address,
          `Services: ${job.services.map(serviceLabel).join(', ')}`,
          'Sample document of the Sunstamp demo workspace.',
          ...(c ? [`Sealed by ${ENGINEER.name}, ${ENGINEER.licence(job.state ?? 'TX')}`, `Verify at /verify with code ${formatVerificationCode(c)}`] : []),
        ]);
        const key = `jobs/${job.id}/${id}`;
        await storage.put(key, bytes);
        const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
        const name = `${job.name.replace(/\s+/g, '-')}-${kind.replace(/_/g, '-')}${revision ? `-rev${revision}` : ''}.pdf`;
        const released = r.stage === 'released';
        files.push({
          id, jobId: job.id, kind: kind === 'plan_set' ? 'cad' : 'letter', category: kind === 'plan_set' ? 'PV-01' : 'Engineering',
          name, mime: 'application/pdf', size: bytes.length, storageKey: key, uploadedById: admin?.id ?? null, uploadedByRole: 'admin',
          createdAt: r.readyAt, deliverableKind: kind, deliverableState: released ? 'released' : sealed ? 'sealed' : 'draft',
          deliverableRevision: revision, sha256, sealedAt: sealed ? r.readyAt : null, releasedAt: released ? r.at : null,
          releasedById: released ? (admin?.id ?? null) : null,
        });
        if (c) {
          codes.push({
            code: c, fileId: id, jobId: job.id, documentKind: kind, documentName: name, engineerName: ENGINEER.name,
            licenceState: job.state ?? 'TX', licenceNumber: ENGINEER.licence(job.state ?? 'TX'), jobAddress: address, sha256, size: bytes.length, sealedAt: r.readyAt,
          });
        }
        if (revision === job.revision) facts.push({ kind, state: released ? 'released' : sealed ? 'sealed' : 'draft', sealed });
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
    for (const u of taskUpdates) await tx.update(jobs).set({ serviceTasks: u.tasks }).where(eq(jobs.id, u.id));
  });
  return files.length;
}
