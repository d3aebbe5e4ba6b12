// The deliverables ZIP and the public verification lookup, in process (PGlite, local disk).
// `npx tsx bench/deliverables-zip.bench.ts` — 20 released deliverables of 5 MB each (the upload
// limit allows 50 MB a file); streams the ZIP through the API 5 times and reads the time, the
// bytes and how much the process's RSS grew; then 200 verification lookups.
import crypto from 'node:crypto';
import { createTestApp, DEMO } from '../apps/api/src/test/test-app.ts';
import { newVerificationCode } from '../apps/api/src/modules/deliverables/deliverables.service.ts';
import { documentVerifications, jobFiles } from '../apps/api/src/db/schema.ts';

const FILES = 20;
const SIZE = 5 * 1024 * 1024;
const t = await createTestApp();
const token = await t.tokenOf(DEMO.acmeOwner);
const job = (await t.request('PUT', '/api/jobs', { token, body: { name: 'Zip bench', client_street_address: '1 Bench St' } })).data.id as string;
let code = '';
for (let i = 0; i < FILES; i++) {
  const id = crypto.randomUUID();
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(SIZE - 9)]);
  await t.ctx.storage.put(`jobs/${job}/${id}`, bytes);
  await t.database.db.insert(jobFiles).values({
    id, jobId: job, kind: 'letter', category: 'Engineering', name: `doc-${i}.pdf`, mime: 'application/pdf', size: bytes.length,
    storageKey: `jobs/${job}/${id}`, uploadedByRole: 'admin', createdAt: new Date(),
    // Released sealed documents as the seal step leaves them (the bench reads them, it does not seal).
    deliverableKind: 'calculation_package', deliverableState: 'released', deliverableRevision: 0, sealedAt: new Date(), releasedAt: new Date(),
  });
  code = newVerificationCode();
  await t.database.db.insert(documentVerifications).values({
    code, fileId: id, jobId: job, documentKind: 'calculation_package', documentName: `doc-${i}.pdf`, engineerName: 'B. Ench', licenceState: 'TX',
    licenceNumber: '1', jobAddress: '1 Bench St', location: 'Austin, TX', sha256: crypto.createHash('sha256').update(bytes).digest('hex'), size: bytes.length, sealedAt: new Date(),
  });
}
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
const times: number[] = [];
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  const res = await t.app.inject({ method: 'GET', url: `/api/jobs/${job}/deliverables/zip`, headers: { authorization: `Bearer ${token}` }, payloadAsStream: true });
  let bytes = 0;
  for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
  times.push(performance.now() - start);
  if (run === 0) console.log(`zip: ${(bytes / 1024 / 1024).toFixed(1)} MB, status ${res.statusCode}`);
}
clearInterval(timer);
times.sort((a, b) => a - b);
console.log(`zip of ${FILES} × ${SIZE / 1024 / 1024} MB: p50 ${times[2].toFixed(0)} ms, min ${times[0].toFixed(0)} ms; RSS grew ${((peak - rss0) / 1024 / 1024).toFixed(0)} MB at most`);
const lookups: number[] = [];
for (let i = 0; i < 200; i++) {
  t.clock.advance(61_000); // past the per-address limit's minute
  const s = performance.now();
  await t.app.inject({ method: 'GET', url: `/api/verify/${code}` });
  lookups.push(performance.now() - s);
}
lookups.sort((a, b) => a - b);
console.log(`verify lookup: p50 ${lookups[100].toFixed(2)} ms, p95 ${lookups[190].toFixed(2)} ms`);
await t.close();
