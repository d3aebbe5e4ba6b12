import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJobDeliverables, ZVerification } from '@sunstamp/domain/contracts/deliverables';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart, type Part } from '../../test/upload-fixtures.ts';
import { fixtureEngineer, FIXTURE_ENGINEER } from '../../test/deliverables-fixtures.ts';
import { states, users } from '../../db/schema.ts';
import { simplePdf } from '../../db/seed/sample-deliverables.seed.ts';
import { newVerificationCode, setServiceTask } from './deliverables.service.ts';
import { unmarkGeneratedPlanSets } from './deliverables.repository.ts';

let t: TestApp;
const uid: Record<string, string> = {};
const call = async (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: who ? await t.tokenOf(who) : undefined, body });
const upload = (who: string, jobId: string, parts: Part[]) => postMultipart(t, `/api/jobs/${jobId}/files`, parts, { as: who });
const pdf = (label: string) => simplePdf([label]);
let txId = 0;
let engineerId = '';

const CLIENTS = [DEMO.acmeUser, DEMO.acmeOwner];
const ROLES = [DEMO.admin, DEMO.support, DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner];

/** An Acme job with these services, submitted, assigned to the drafter and moved to `to` along the workflow. */
async function jobAt(services: string[], to: 'Pending QC' | 'Finalized', name = 'Deliverables job') {
  const id = (await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name, client_street_address: '12 Sun St', city: 'Austin', state: txId, client_zip_code: '78702', services_requested: services })).data.id as string;
  expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`)).statusCode).toBe(200);
  expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
  for (const s of ['Pending Design', 'Pending QC']) {
    const r = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: s });
    expect(r.statusCode, r.body).toBe(200);
  }
  if (to === 'Finalized') {
    await markUploaded(id, 'plan_set', 'draft');
    for (const s of ['Design Completed', 'Finalized']) {
      const r = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: s });
      expect(r.statusCode, r.body).toBe(200);
    }
  }
  return id;
}

async function markUploaded(jobId: string, kind: string, state: 'draft' | 'sealed', who: string = DEMO.support, bytes = pdf(`${kind} ${jobId}`)) {
  const up = await upload(who, jobId, [{ name: 'kind', value: kind === 'plan_set' ? 'cad' : 'letter' }, { name: 'category', value: kind === 'plan_set' ? 'PV-01' : 'Engineering' }, file(`${kind}.pdf`, bytes)]);
  expect(up.statusCode, up.body).toBe(201);
  const r = await call(who, 'POST', `/api/jobs/${jobId}/deliverables`, { file_id: up.data[0].id, kind });
  expect(r.statusCode, r.body).toBe(201);
  if (state === 'draft') return r.data;
  // The fixtures' engineer seals it from its own account (the demo admin's).
  const sealed = await call(DEMO.admin, 'POST', `/api/deliverables/${r.data.id}/seal`, { engineer_id: engineerId });
  expect(sealed.statusCode, sealed.body).toBe(200);
  return sealed.data;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  txId = (await t.database.db.select().from(states)).find((x) => x.abbreviation === 'TX' && x.country === 'US')!.id;
  engineerId = await fixtureEngineer(t);
});
afterAll(async () => { await t?.close(); });

describe('a job cannot reach Design Completed, Pending Approval or Approved without its deliverables', () => {
  it('CAD Design: Design Completed needs a plan set; the refusal names it', async () => {
    const id = await jobAt(['cad_packet'], 'Pending QC');
    const r = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' });
    expect(r.statusCode).toBe(409);
    expect(r.data).toEqual({
      message: 'This job cannot move to Design Completed without the deliverables its services require.',
      args: ['CAD Design needs a plan set.'],
    });
    await markUploaded(id, 'plan_set', 'draft', DEMO.contractor);
    expect((await call(DEMO.contractor, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' })).statusCode).toBe(200);
  });

  it('CAD Design cannot reach Pending Approval without a released plan set, for every role', async () => {
    const id = await jobAt(['cad_packet'], 'Finalized');
    const expected: Record<string, [number, string]> = {
      [DEMO.admin]: [409, 'CAD Design needs a released plan set.'],
      [DEMO.support]: [409, 'CAD Design needs a released plan set.'],
      [DEMO.contractor]: [409, 'CAD Design needs a released plan set.'],
      [DEMO.acmeOwner]: [403, 'Your role cannot make this change.'],
      [DEMO.acmeUser]: [403, 'Your role cannot make this change.'],
      [DEMO.brightOwner]: [404, 'Not found.'],
    };
    for (const who of ROLES) {
      const r = await call(who, 'POST', `/api/jobs/${id}/status`, { status: 'Pending Approval' });
      expect([who, r.statusCode], r.body).toEqual([who, expected[who][0]]);
      expect(JSON.stringify(r.data)).toContain(expected[who][1]);
    }
    // Release is staff's: a client or the drafter is refused by role before anything about the job is read, another tenant too.
    const release: Record<string, number> = { [DEMO.acmeOwner]: 403, [DEMO.acmeUser]: 403, [DEMO.contractor]: 403, [DEMO.brightOwner]: 403 };
    for (const [who, code] of Object.entries(release)) {
      expect((await call(who, 'POST', `/api/jobs/${id}/release`, {})).statusCode, who).toBe(code);
    }
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.status).toBe('Finalized');
    const ok = await call(DEMO.support, 'POST', `/api/jobs/${id}/release`, { note: 'Your plan set is ready.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.status).toBe('Pending Approval');
    expect(ok.data.tasks).toEqual([{ service: 'cad_packet', service_label: 'CAD Design', status: 'completed', status_label: 'Completed' }]);
    // The client reads the note and the released plan set, then approves.
    const seen = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data;
    expect(seen).toMatchObject({ action_needed: 'review', request: { note: 'Your plan set is ready.' } });
    const approve = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { status: 'Approved' });
    expect(approve.statusCode, approve.body).toBe(200);
  });

  it('release answers 409 outside Finalized / Waiting on AHJ / Pending Approval, and when a required document is still missing', async () => {
    const early = await jobAt(['cad_packet'], 'Pending QC');
    const r = await call(DEMO.admin, 'POST', `/api/jobs/${early}/release`, {});
    expect(r.statusCode).toBe(409);
    expect(r.data.message).toBe('Deliverables are released from Finalized or Waiting on AHJ; this job is Pending QC.');
    // Two services: the plan set alone is not enough, and nothing is released (one transaction).
    const id = await jobAt(['cad_packet', 'structural_roof_letter'], 'Pending QC');
    await markUploaded(id, 'plan_set', 'draft');
    const dc = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' });
    expect(dc.statusCode).toBe(409);
    expect(dc.data.args).toEqual(['Structural Roof Letter needs a sealed structural roof letter.']);
  });

  it('a service that needs a sealed document refuses an unsealed release; sealing issues a verification code', async () => {
    const id = await jobAt(['cad_stamp_structural'], 'Pending QC');
    const plan = await markUploaded(id, 'plan_set', 'draft');
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' })).data.args).toEqual(['CAD Stamp (Structural) needs a sealed plan set.']);
    // Support prepares; the engineer seals (the fixtures' engineer signs in as the demo admin).
    expect((await call(DEMO.support, 'POST', `/api/deliverables/${plan.id}/seal`, { engineer_id: engineerId })).statusCode).toBe(403);
    const sealed = await call(DEMO.admin, 'POST', `/api/deliverables/${plan.id}/seal`, { engineer_id: engineerId });
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.data).toMatchObject({
      state: 'sealed', verification_code: expect.stringMatching(/^[0-9A-Z]{20}$/), seals_needed: [],
      seals: [{ discipline: 'structural', engineer_name: FIXTURE_ENGINEER.name, licence_state: 'TX', licence_number: 'PE-FX-TX', pages: [1], on_authorisation: false }],
    });
    expect((await call(DEMO.admin, 'POST', `/api/deliverables/${plan.id}/seal`, { engineer_id: engineerId })).statusCode).toBe(409);
    for (const s of ['Design Completed', 'Finalized']) expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: s })).statusCode).toBe(200);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {})).data.status).toBe('Pending Approval');

    // An unsealed plan set for a stamp job cannot be released.
    const other = await jobAt(['cad_stamp_electrical', 'cad_packet'], 'Pending QC');
    const p2 = await markUploaded(other, 'plan_set', 'sealed');
    for (const s of ['Design Completed', 'Finalized']) expect((await call(DEMO.admin, 'POST', `/api/jobs/${other}/status`, { status: s })).statusCode).toBe(200);
    const extra = await markUploaded(other, 'plan_set', 'draft');
    const refused = await call(DEMO.admin, 'POST', `/api/jobs/${other}/release`, { deliverable_ids: [extra.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.data.message).toBe('Seal the plan set "plan_set.pdf" before releasing it: CAD Stamp (Electrical) needs a sealed plan set.');
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${other}/release`, { deliverable_ids: [p2.id] })).statusCode).toBe(200);
  });
});

describe('the client sees released deliverables only (role matrix)', () => {
  it('an unreleased deliverable is invisible to the client everywhere; once released it is listed and downloadable', async () => {
    const id = await jobAt(['cad_packet'], 'Finalized', 'Visibility job');
    const draft = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/deliverables`)).data.deliverables[0];
    expect(draft).toMatchObject({ kind: 'plan_set', state: 'draft', revision: 0, kind_label: 'Plan set', group: 'plan_set' });
    const sees: Record<string, boolean | null> = {
      [DEMO.admin]: true, [DEMO.support]: true, [DEMO.contractor]: true, [DEMO.acmeOwner]: false, [DEMO.acmeUser]: false, [DEMO.brightOwner]: null,
    };
    const check = async (released: boolean) => {
      for (const who of ROLES) {
        const list = await call(who, 'GET', `/api/jobs/${id}/deliverables`);
        const dl = await call(who, 'GET', `/api/files/${draft.id}/download`);
        const files = await call(who, 'GET', `/api/jobs/${id}/files`);
        const job = await call(who, 'GET', `/api/jobs/${id}`);
        const zip = await call(who, 'GET', `/api/jobs/${id}/deliverables/zip`);
        if (sees[who] === null) {
          for (const r of [list, dl, files, job, zip]) expect(r.statusCode, who).toBe(404);
          continue;
        }
        const visible = sees[who] || released;
        expect(ZJobDeliverables.parse(list.data).deliverables.map((d) => d.id), who).toEqual(visible ? [draft.id] : []);
        expect(dl.statusCode, who).toBe(visible ? 200 : 404);
        expect(files.data.some((f: any) => f.id === draft.id), who).toBe(visible);
        expect(job.data.job_files.some((f: any) => f.id === draft.id), who).toBe(visible);
        expect(zip.statusCode, who).toBe(visible ? 200 : 404);
        // A client never reads the verification code or what is still missing.
        if (CLIENTS.includes(who as never)) expect(list.data).toMatchObject({ requirements: [], may_mark: false, may_release: false });
        // Taking a seal back is the engineer's act: offered to an admin only, never to the drafter or support.
        if (list.statusCode === 200) expect([who, list.data.may_withdraw_sealed]).toEqual([who, who === DEMO.admin]);
        // Seal is offered to an admin or an engineer's own account: not to support or the drafter (the demo engineer's account is the admin's).
        if (list.statusCode === 200) expect([who, list.data.may_seal]).toEqual([who, who === DEMO.admin]);
      }
      // A client may not seal, unmark or release it (404 while it cannot see it, 403 after).
      for (const who of CLIENTS) {
        const code = released ? 403 : 404;
        expect((await call(who, 'POST', `/api/deliverables/${draft.id}/seal`, { engineer_id: engineerId })).statusCode).toBe(code);
        expect((await call(who, 'DELETE', `/api/deliverables/${draft.id}`)).statusCode).toBe(code);
      }
    };
    await check(false);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {})).statusCode).toBe(200);
    await check(true);
  });

  it('the client downloads all released deliverables at once as a streamed ZIP that unzips to the same bytes', async () => {
    const id = await jobAt(['cad_packet', 'shade_report'], 'Pending QC', 'Zip job');
    const shade = pdf('shade report');
    const up = await upload(DEMO.support, id, [{ name: 'kind', value: 'letter' }, file('plan_set.pdf', shade)]);
    expect((await call(DEMO.support, 'POST', `/api/jobs/${id}/deliverables`, { file_id: up.data[0].id, kind: 'shade_report' })).statusCode).toBe(201);
    await markUploaded(id, 'plan_set', 'draft');
    for (const s of ['Design Completed', 'Finalized']) expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: s })).statusCode).toBe(200);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {})).statusCode).toBe(200);
    const zip = await call(DEMO.acmeOwner, 'GET', `/api/jobs/${id}/deliverables/zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('Zip job - deliverables rev 0.zip');
    expect(zip.headers['content-length']).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    const zipPath = path.join(dir, 'd.zip');
    fs.writeFileSync(zipPath, zip.rawPayload);
    expect(execFileSync('unzip', ['-t', zipPath]).toString()).toContain('No errors detected');
    execFileSync('unzip', ['-q', zipPath, '-d', path.join(dir, 'out')]);
    // Two files named plan_set.pdf: the second is renamed, not lost.
    expect(fs.readdirSync(path.join(dir, 'out')).sort()).toEqual(['plan_set (2).pdf', 'plan_set.pdf']);
    const contents = ['plan_set.pdf', 'plan_set (2).pdf'].map((n) => fs.readFileSync(path.join(dir, 'out', n)));
    expect(contents.filter((c) => c.equals(shade))).toHaveLength(1);
    expect(contents.filter((c) => c.toString().includes('plan_set'))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
    expect((await call(DEMO.acmeOwner, 'GET', `/api/jobs/${id}/deliverables/zip?revision=7`)).statusCode).toBe(404);
    expect((await call(DEMO.acmeOwner, 'GET', `/api/jobs/${id}/deliverables/zip?revision=-1`)).statusCode).toBe(400);
  });

  it('a released deliverable cannot be deleted or withdrawn', async () => {
    const id = await jobAt(['cad_packet'], 'Finalized');
    const d = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/deliverables`)).data.deliverables[0];
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {})).statusCode).toBe(200);
    const del = await call(DEMO.admin, 'DELETE', `/api/files/${d.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.data.message).toBe('This deliverable was released to the client and cannot be deleted.');
    expect((await call(DEMO.admin, 'DELETE', `/api/deliverables/${d.id}`)).statusCode).toBe(409);
  });
});

describe('marking deliverables: bad inputs answer a clear 4xx', () => {
  let id: string;
  let fileId: string;
  beforeAll(async () => {
    id = await jobAt(['cad_packet'], 'Pending QC', 'Bad inputs');
    fileId = (await upload(DEMO.support, id, [{ name: 'kind', value: 'cad' }, file('plan.pdf', PDF)])).data[0].id;
  });
  it('refuses each bad body', async () => {
    const other = await jobAt(['cad_packet'], 'Pending QC', 'Other job');
    const otherFile = (await upload(DEMO.support, other, [file('x.pdf', PDF)])).data[0].id;
    const internal = (await upload(DEMO.support, id, [{ name: 'kind', value: 'internal' }, file('i.pdf', PDF)])).data[0].id;
    const cases: [unknown, number, string][] = [
      [{ file_id: fileId, kind: 'poem' }, 400, 'kind'],
      [{ file_id: 'nope', kind: 'plan_set' }, 400, 'file_id'],
      [{ file_id: fileId, kind: 'plan_set', state: 'released' }, 400, 'state'],
      // Marking never seals: only an engineer does, on the seal route.
      [{ file_id: fileId, kind: 'plan_set', state: 'sealed' }, 400, 'state'],
      [{ file_id: fileId, kind: 'plan_set', seal: { engineer_name: 'Not An Engineer, P.E.', licence_state: 'TX', licence_number: '1' } }, 400, 'seal'],
      [{ file_id: fileId, kind: 'plan_set', extra: 1 }, 400, 'extra'],
      [{ file_id: otherFile, kind: 'plan_set' }, 400, 'Upload the document to this job first.'],
      [{ file_id: '00000000-0000-4000-8000-000000000000', kind: 'plan_set' }, 400, 'Upload the document to this job first.'],
      [{ file_id: internal, kind: 'plan_set' }, 409, 'An internal file is never shown to the client'],
    ];
    for (const [body, code, text] of cases) {
      const r = await call(DEMO.support, 'POST', `/api/jobs/${id}/deliverables`, body);
      expect([r.statusCode, JSON.stringify(body)], r.body).toEqual([code, JSON.stringify(body)]);
      expect(JSON.stringify(r.data)).toContain(text);
    }
    expect((await call(DEMO.support, 'POST', `/api/jobs/${id}/deliverables`, { file_id: fileId, kind: 'plan_set' })).statusCode).toBe(201);
    const again = await call(DEMO.support, 'POST', `/api/jobs/${id}/deliverables`, { file_id: fileId, kind: 'plan_set' });
    expect(again.statusCode).toBe(409);
    expect(again.data.message).toBe('"plan.pdf" is already a deliverable (plan set).');
    // The drafter works only on its assigned jobs; clients never mark.
    for (const who of CLIENTS) expect((await call(who, 'POST', `/api/jobs/${id}/deliverables`, { file_id: fileId, kind: 'plan_set' })).statusCode).toBe(403);
    // A client role never marks: 403 by role, whichever company's job (role before body).
    expect((await call(DEMO.brightOwner, 'POST', `/api/jobs/${id}/deliverables`, { file_id: fileId, kind: 'plan_set' })).statusCode).toBe(403);
    // Unmarking returns the file to an ordinary one.
    expect((await call(DEMO.support, 'DELETE', `/api/deliverables/${fileId}`)).statusCode).toBe(204);
    expect((await call(DEMO.support, 'DELETE', `/api/deliverables/${fileId}`)).statusCode).toBe(404);
    expect((await call(DEMO.support, 'DELETE', '/api/deliverables/not-an-id')).statusCode).toBe(404);
    expect((await call(DEMO.support, 'POST', `/api/jobs/${id}/release`, { deliverable_ids: ['nope'] })).statusCode).toBe(400);
  });
});

describe('tasks per service', () => {
  it('move with documents and releases, by hand for the services no document completes, and start again on a revision', async () => {
    const id = await jobAt(['cad_packet', 'permit_submittal'], 'Pending QC', 'Tasks job');
    const statuses = async () => (await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.tasks.map((x: any) => `${x.service_label}: ${x.status_label}`);
    expect(await statuses()).toEqual(['CAD Design: Not Completed', 'Permit Submittal: Not Completed']);
    await setServiceTask(t.ctx, { jobId: id, service: 'cad_packet', status: 'failed' });
    expect(await statuses()).toEqual(['CAD Design: Failed', 'Permit Submittal: Not Completed']);
    await markUploaded(id, 'plan_set', 'draft');
    expect(await statuses()).toEqual(['CAD Design: In Progress', 'Permit Submittal: Not Completed']);
    const put = await call(DEMO.contractor, 'PUT', `/api/jobs/${id}/tasks/permit_submittal`, { status: 'completed' });
    expect(put.statusCode, put.body).toBe(200);
    for (const s of ['Design Completed', 'Finalized']) expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: s })).statusCode).toBe(200);
    await call(DEMO.admin, 'POST', `/api/jobs/${id}/release`, {});
    expect(await statuses()).toEqual(['CAD Design: Completed', 'Permit Submittal: Completed']);
    // The list carries them too (a column of the jobs list).
    const row = (await call(DEMO.acmeUser, 'GET', '/api/jobs?page_size=200')).data.results.find((j: any) => j.id === id);
    expect(row.tasks.map((x: any) => x.status)).toEqual(['completed', 'completed']);
    // Bad moves.
    expect((await call(DEMO.admin, 'PUT', `/api/jobs/${id}/tasks/shade_report`, { status: 'completed' })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'PUT', `/api/jobs/${id}/tasks/cad_packet`, { status: 'done' })).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'PUT', `/api/jobs/${id}/tasks/cad_packet`, { status: 'failed' })).statusCode).toBe(403);
    expect((await call(DEMO.brightOwner, 'PUT', `/api/jobs/${id}/tasks/cad_packet`, { status: 'failed' })).statusCode).toBe(403);
    // A revision needs new documents: tasks start again and the old revision's plan set stays the client's.
    const rev = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'layout_change', note: 'Two more panels' });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(await statuses()).toEqual(['CAD Design: Not Completed', 'Permit Submittal: Not Completed']);
    const d = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/deliverables`)).data;
    expect(d.revision).toBe(1);
    expect(d.deliverables.map((x: any) => [x.revision, x.state])).toEqual([[0, 'released']]);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Pending QC' })).statusCode).toBe(200);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Design Completed' })).data.args).toEqual(['CAD Design needs a plan set.']);
  });
});

describe('public verification', () => {
  let code: string;
  let bytes: Buffer;
  let jobId: string;
  let fileId: string;
  beforeAll(async () => {
    jobId = await jobAt(['structural_roof_letter'], 'Pending QC', 'Secret Client Name job');
    const d = await markUploaded(jobId, 'structural_roof_letter', 'sealed');
    fileId = d.id;
    code = d.verification_code;
    bytes = (await call(DEMO.admin, 'GET', `/api/files/${fileId}/download`)).rawPayload;
  });
  it('anyone reads document, engineer, licence, city and state, date and SHA-256; no street address; unreleased says so', async () => {
    const r = await call(null, 'GET', `/api/verify/${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10, 15)}-${code.slice(15).toLowerCase()}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(ZVerification.strict().parse(r.data)).toEqual({
      code: `${code.slice(0, 5)}-${code.slice(5, 10)}-${code.slice(10, 15)}-${code.slice(15)}`,
      document: 'Structural roof letter',
      engineer_name: FIXTURE_ENGINEER.name, licence_state: 'TX', licence_number: 'PE-FX-TX',
      // The day printed beside the seal: the firm's day, UTC until an admin sets the firm's time zone.
      seals: [{ discipline: 'structural', engineer_name: FIXTURE_ENGINEER.name, licence_state: 'TX', licence_number: 'PE-FX-TX', sealed_at: expect.any(String), sealed_on: (r.data.sealed_at as string).slice(0, 10) }],
      location: 'Austin, TX',
      sealed_at: expect.any(String),
      sealed_on: [(r.data.sealed_at as string).slice(0, 10)],
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      released: false,
      withdrawn_at: null,
      status_text: 'Sealed, not yet released to the client: the engineering firm has not issued this document yet.',
      job: null,
    });
    for (const secret of ['12 Sun St', '78702', 'Secret Client Name', 'Acme', 'structural_roof_letter.pdf']) expect(r.body, secret).not.toContain(secret);
  });
  it('a signed-in member of the job\'s company, or staff, also reads the job and its address; another tenant or the drafter does not', async () => {
    for (const who of [DEMO.acmeUser, DEMO.acmeOwner, DEMO.admin, DEMO.support]) {
      const r = await call(who, 'GET', `/api/verify/${code}`);
      expect(r.data.job, who).toEqual({ id: jobId, name: 'Secret Client Name job', address: '12 Sun St, Austin, TX 78702' });
    }
    for (const who of [DEMO.brightOwner, DEMO.contractor]) expect((await call(who, 'GET', `/api/verify/${code}`)).data.job, who).toBeNull();
  });
  it('an uploaded copy is compared by hash: the same bytes match, one changed byte does not', async () => {
    const same = await postMultipart(t, `/api/verify/${code}/check`, [file('letter.pdf', bytes, 'file')]);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.data).toMatchObject({ matches: true, size: bytes.length });
    const changed = Buffer.from(bytes);
    changed[changed.length - 3] ^= 1;
    const diff = await postMultipart(t, `/api/verify/${code}/check`, [file('letter.pdf', changed, 'file')]);
    expect(diff.data).toMatchObject({ matches: false, expected_sha256: same.data.sha256 });
    expect((await postMultipart(t, `/api/verify/${code}/check`, [{ name: 'x', value: 'y' }])).statusCode).toBe(400);
    expect((await t.request('POST', `/api/verify/${code}/check`, { body: {} })).statusCode).toBe(415);
  });
  it('unknown and malformed codes answer the same 404', async () => {
    for (const c of [newVerificationCode(), 'short', 'x'.repeat(100), '%00']) {
      const r = await call(null, 'GET', `/api/verify/${encodeURIComponent(c)}`);
      expect([c, r.statusCode]).toEqual([c, 404]);
      expect(r.data.message).toBe('No sealed document has this code. Check the code printed beside the seal.');
    }
  });
  it('lookups are limited per address: 30 a minute, then 429 until the minute is over', async () => {
    const ask = () => t.app.inject({ method: 'GET', url: `/api/verify/${code}`, remoteAddress: '203.0.113.9' });
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await ask()).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
    expect(codes.slice(30)).toEqual([429, 429]);
    expect((await ask()).json().message).toContain('Too many verification requests');
    // Another address is not affected; the next minute starts again.
    expect((await t.app.inject({ method: 'GET', url: `/api/verify/${code}`, remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await ask()).statusCode).toBe(200);
  });
  it('a document taken out of the deliverables answers that it was withdrawn, even once its file is deleted; a draft never answered', async () => {
    // A sealed document of its own to take out: the other tests here read the describe's, before or after this one.
    const ownJob = await jobAt(['structural_roof_letter'], 'Pending QC', 'Taken out job');
    const own = await markUploaded(ownJob, 'structural_roof_letter', 'sealed');
    const ownBytes = (await call(DEMO.admin, 'GET', `/api/files/${own.id}/download`)).rawPayload;
    const other = await markUploaded(ownJob, 'calculation_package', 'draft');
    expect(other.verification_code).toBeNull();
    // A seal is the engineer's: the job's drafter and support may not take it back (the drafter once did, and /verify went dark).
    for (const who of [DEMO.contractor, DEMO.support]) {
      const refused = await call(who, 'DELETE', `/api/deliverables/${own.id}`);
      expect([who, refused.statusCode]).toEqual([who, 403]);
      expect(refused.data.message).toBe('A sealed document is withdrawn by an admin or by the engineer whose seal it carries.');
    }
    const before = await call(null, 'GET', `/api/verify/${own.verification_code}`);
    expect(before.data).toMatchObject({ withdrawn_at: null, released: false });
    // A draft is still theirs to take out.
    expect((await call(DEMO.contractor, 'DELETE', `/api/deliverables/${other.id}`)).statusCode).toBe(204);
    t.clock.advance(86_400_000);
    expect((await call(DEMO.admin, 'DELETE', `/api/deliverables/${own.id}`)).statusCode).toBe(204);
    const withdrawnOn = t.clock.now();
    const after = await call(null, 'GET', `/api/verify/${own.verification_code}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(ZVerification.strict().parse(after.data)).toEqual({
      ...before.data,
      withdrawn_at: withdrawnOn.toISOString(),
      status_text: `Withdrawn by the engineering firm on ${withdrawnOn.toISOString().slice(0, 10)}: this document is no longer valid and must not be accepted. Ask the applicant for the current sealed document.`,
    });
    // The reviewer's copy is still recognised as that document (so they know which one was withdrawn).
    expect((await postMultipart(t, `/api/verify/${own.verification_code}/check`, [file('letter.pdf', ownBytes, 'file')])).data).toMatchObject({ matches: true });
    // The job's deliverables no longer show the code: the file is an ordinary file again.
    const listed = (await call(DEMO.admin, 'GET', `/api/jobs/${ownJob}/deliverables`)).data.deliverables;
    expect(listed.find((d: { id: string }) => d.id === own.id)).toBeUndefined();
    // Deleting the file keeps the record: the code still answers "withdrawn", with its seal.
    const del = await call(DEMO.admin, 'DELETE', `/api/files/${own.id}`);
    expect([204, 200]).toContain(del.statusCode);
    t.clock.advance(61_000);
    const gone = await call(null, 'GET', `/api/verify/${own.verification_code}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.data).toMatchObject({ withdrawn_at: withdrawnOn.toISOString(), seals: before.data.seals, sha256: before.data.sha256 });
  });
  it('a sealed plan set replaced by a newer run before release answers "withdrawn" too', async () => {
    const setJob = await jobAt(['cad_stamp_structural', 'cad_packet'], 'Pending QC', 'Replaced set job');
    const sealedSet = await markUploaded(setJob, 'plan_set', 'sealed');
    expect((await call(null, 'GET', `/api/verify/${sealedSet.verification_code}`)).data.withdrawn_at).toBeNull();
    // The uploaded set stands in for a generated one (a run's file kind; generating and sealing one is cad-runs.test.ts's).
    await t.database.query(`update job_files set kind = 'plan_set' where id = $1`, [sealedSet.id]);
    // What a passed run does before recording its new set (plansets/cad-runs.service.ts storePassedRun).
    await unmarkGeneratedPlanSets(t.database.db, setJob, sealedSet.revision, t.clock.now());
    const r = await call(null, 'GET', `/api/verify/${sealedSet.verification_code}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data).toMatchObject({ withdrawn_at: t.clock.now().toISOString(), released: false, document: 'Plan set' });
    expect(r.data.status_text).toContain('no longer valid');
  });
});
