import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractPdfText } from '@sunstamp/planset/check/pdf-text';
import { documentSeals, jobFiles, jobs } from '../../db/schema.ts';
import { seedDemoEngineer } from '../../db/seed/demo-engineer.seed.ts';
import { DEMO_STAMPED_JOB } from '../../db/seed/sample-deliverables.seed.ts';
import { makeTestP12 } from '../../platform/signing/test-p12.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, postMultipart } from '../../test/upload-fixtures.ts';
import { makeDemoStampedSet } from './demo-stamped-set.ts';

/*
 * The demo as an outside check tries its seals (issue 23): one real stamped set end to end, every
 * plan set recorded as sealed showing the licence number on every covered page, the drafter unable
 * to seal, /verify giving a stranger no street address, a self-signed certificate refused.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sampleJobs: true });
  await seedDemoEngineer(t.database, t.ctx.storage);
}, 120_000);
afterAll(async () => { await t?.close(); });

const demoJobs = async () => t.database.db.select({ id: jobs.id, name: jobs.name, status: jobs.status }).from(jobs);

async function post(who: string, url: string, body?: unknown) {
  const token = await t.tokenOf(who);
  const res = await t.app.inject({
    method: 'POST', url,
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return Object.assign(res, { data: res.json() as any });
}

describe('the demo\'s stamped set and its seals, as an outside check tries them', () => {
  it('a CAD Stamp demo job is generated, sealed by the demo engineer and released with visible seals', { timeout: 600_000 }, async () => {
    expect(await makeDemoStampedSet(t.ctx)).toBe('made');
    expect(await makeDemoStampedSet(t.ctx)).toBe('exists');
    const job = (await demoJobs()).find((j) => j.name === DEMO_STAMPED_JOB)!;
    const token = await t.tokenOf('owner@brightside.test');
    const list = await t.request('GET', `/api/jobs/${job.id}/deliverables`, { token });
    const set = list.data.deliverables.find((d: { kind: string; name: string }) => d.kind === 'plan_set' && d.name.endsWith('-rev0-plan-set.pdf'));
    expect(set, JSON.stringify(list.data.deliverables)).toMatchObject({ state: 'released' });
    const pdf = await t.app.inject({ method: 'GET', url: `/api/files/${set.id}/download`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.statusCode).toBe(200);
    const pages = await extractPdfText(new Uint8Array(pdf.rawPayload));
    // Brooks Residence orders CAD Stamp (Structural): PV-1 to PV-3 carry the demo engineer's CO licence and the DEMO mark.
    for (const n of [1, 2, 3]) {
      const text = pages[n - 1]!.text.replace(/\s+/g, '');
      expect(text, `page ${n}`).toContain('PE-DEMO-1002');
      expect(text, `page ${n}`).toContain('DEMO–NOTAVALIDSEAL');
    }
  });

  it('every plan set the demo records as sealed shows the engineer\'s licence number on every covered page', { timeout: 300_000 }, async () => {
    const sealed = (await t.database.db.select().from(jobFiles)).filter((f) => f.deliverableKind === 'plan_set' && f.sealedAt && (f.deliverableState === 'sealed' || f.deliverableState === 'released'));
    expect(sealed.length).toBeGreaterThan(1);
    for (const f of sealed) {
      const seals = (await t.database.db.select().from(documentSeals).where(eq(documentSeals.fileId, f.id))).filter((x) => x.code === f.sealCode);
      expect(seals.length, f.name).toBeGreaterThan(0);
      const bytes = new Uint8Array(Buffer.concat(await (async () => { const c: Buffer[] = []; for await (const x of await t.ctx.storage.read(f.storageKey)) c.push(x as Buffer); return c; })()));
      const pages = await extractPdfText(bytes);
      for (const s of seals) for (const n of s.pages) expect(pages[n - 1]!.text.replace(/\s+/g, ''), `${f.name} p${n}`).toContain(s.licenceNumber);
    }
  });

  it('the contractor cannot seal; /verify tells a stranger no street address; a self-signed certificate does not sign', { timeout: 300_000 }, async () => {
    const rows = (await t.database.db.select().from(jobFiles)).filter((f) => f.deliverableState === 'draft' && f.mime === 'application/pdf');
    const draft = rows[0]!;
    const engineer = (await t.request('GET', '/api/engineers', { token: await t.tokenOf(DEMO.admin) })).data[0];
    await t.database.db.update(jobs).set({ assigneeId: (await t.database.query<{ id: string }>('select id from users where email = $1', [DEMO.contractor]))[0]!.id }).where(eq(jobs.id, draft.jobId));
    const drafter = await post(DEMO.contractor, `/api/deliverables/${draft.id}/seal`, { engineer_id: engineer.id });
    expect(drafter.statusCode).toBe(403);
    // A sealed document not yet released: the public answer says so, with no street address.
    const unreleased = (await t.database.db.select().from(jobFiles)).find((f) => f.deliverableState === 'sealed');
    expect(unreleased, 'the demo has a document sealed and not yet released (a job at Design Completed)').toBeDefined();
    {
      const code = (await t.database.query<{ code: string }>('select code from document_verifications where file_id = $1', [unreleased!.id]))[0]!.code;
      const v = await t.request('GET', `/api/verify/${code}`);
      expect(v.statusCode).toBe(200);
      expect(v.data).toMatchObject({ released: false, job: null });
      const [j] = await t.database.db.select().from(jobs).where(eq(jobs.id, unreleased!.jobId));
      expect(v.body).not.toContain(j!.clientStreetAddress);
    }
    // The demo engineer has no certificate registered: a self-signed one made in a minute does not sign.
    const letters = await post(DEMO.admin, `/api/jobs/${(await demoJobs()).find((j) => j.name === 'Lee Residence')!.id}/generate-letters`, { letter_types: ['design_affidavit'], include_digital_signature: true });
    expect(letters.statusCode, letters.body).toBe(202);
    await t.ctx.queue.drain(300_000);
    const lee = (await demoJobs()).find((j) => j.name === 'Lee Residence')!;
    const [letter] = (await t.request('GET', `/api/jobs/${lee.id}/letters`, { token: await t.tokenOf(DEMO.admin) })).data;
    expect((await post(DEMO.admin, `/api/deliverables/${letter.file_id}/seal`, { engineer_id: engineer.id, accept_assumed_values: true })).statusCode).toBe(200);
    const mallory = makeTestP12({ commonName: 'Mallory Nobody' });
    const signed = await postMultipart(t, `/api/letters/${letter.id}/sign`, [file('m.p12', Buffer.from(mallory.p12)), { name: 'passphrase', value: mallory.passphrase }], { as: DEMO.admin });
    expect(signed.statusCode).toBe(422);
  });
});

describe('the demo\'s documents when sealing is refused (PUBLIC_URL unset outside the embedded demo)', () => {
  let blocked: TestApp;
  beforeAll(async () => {
    blocked = await createTestApp({ sampleJobs: true, config: { sealingBlocked: 'PUBLIC_URL is not set' } });
  }, 120_000);
  afterAll(async () => { await blocked?.close(); });

  it('seals and releases nothing that needs a seal: those stay drafts, with no verification code and no seal row', async () => {
    const files = (await blocked.database.db.select().from(jobFiles)).filter((f) => f.deliverableKind);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.deliverableState === 'sealed' || f.sealedAt || f.sealCode)).toEqual([]);
    expect(await blocked.database.db.select().from(documentSeals)).toEqual([]);
    expect(await blocked.database.query('select code from document_verifications')).toEqual([]);
    // Unsealed kinds may still be released; a plan set the services stamp never is.
    const stampedSets = files.filter((f) => f.deliverableKind === 'plan_set' && f.deliverableState === 'released');
    for (const f of stampedSets) {
      const [job] = await blocked.database.db.select().from(jobs).where(eq(jobs.id, f.jobId));
      expect(job!.servicesRequested.some((s) => s.startsWith('cad_stamp')), f.name).toBe(false);
    }
  });
});
