import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STATUSES, JOB_STATUSES } from '@sunstamp/domain/jobs/workflow.rules';
import { ZJob, ZJobPage } from '@sunstamp/domain/contracts/jobs';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart } from '../../test/upload-fixtures.ts';
import { users } from '../../db/schema.ts';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';

/**
 * Who must act next ("Waiting on me", the job's action_needed and request) and what each role
 * reads of a job (client-facing statuses and terms), per role, through the real API.
 */
let t: TestApp;
const uid: Record<string, string> = {};
const H = 3_600_000;
const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });
const move = async (who: string, id: string, status: string, note?: string) => {
  // Design Completed, Pending Approval and Approved need the documents the services require.
  if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, id);
  const r = await call(who, 'POST', `/api/jobs/${id}/status`, { status, ...(note ? { note } : {}) });
  expect(r.statusCode, r.body).toBe(200);
  return r.data;
};
async function submitted(name: string, who = DEMO.acmeUser) {
  const res = await call(who, 'PUT', '/api/jobs', { name, client_street_address: '2 Oak St', services_requested: ['structural_roof_letter'] });
  expect(res.statusCode, res.body).toBe(201);
  expect((await call(who, 'POST', `/api/jobs/${res.data.id}/submit`)).statusCode).toBe(200);
  return res.data.id as string;
}
const waiting = async (who: string, extra = '') => (await call(who, 'GET', `/api/jobs?waiting_on=me&page_size=200${extra}`)).data;
/** Internal status names a client must never read ("Draft", "Approved" and "Cancelled" are also client-facing). */
const INTERNAL = JOB_STATUSES.filter((s) => !(CLIENT_STATUSES as readonly string[]).includes(s));
const leaks = (v: unknown) => INTERNAL.filter((s) => JSON.stringify(v).includes(s));

let asked: string; // Pending Client, asked by support with a question
let review: string; // Pending Approval
let working: string; // Pending Design, assigned to the contractor
let early: string; // Pending Pre-Check, submitted first (overdue first)
/** The four jobs, in the current app's database. */
async function setup() {
  early = await submitted('Early job');
  t.clock.advance(10 * H);
  working = await submitted('Working job');
  await move(DEMO.support, working, 'Pending Design');
  expect((await call(DEMO.admin, 'POST', `/api/jobs/${working}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
  asked = await submitted('Asked job');
  await move(DEMO.support, asked, 'Pending Design');
  await move(DEMO.support, asked, 'Pending Client', 'Is the roof metal or shingle? Please add an attic photo.');
  review = await submitted('Review job');
  for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized']) await move(DEMO.admin, review, s);
  await move(DEMO.admin, review, 'Pending Approval', 'Plan set attached for your review.');
}
beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  await setup();
});
/** A submitted job at Pending Design, assigned to the contractor, of the describe or test that makes it. */
async function newWorking(name: string) {
  const id = await submitted(name);
  await move(DEMO.support, id, 'Pending Design');
  expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
  return id;
}
afterAll(async () => { await t?.close(); });

describe('GET /api/jobs?waiting_on=me', () => {
  // Exactly the four jobs, at the clock they were made at: a database of their own, since the other
  // describes make jobs that wait on the team and move the clock, before or after this one.
  let shared: { t: TestApp; early: string; working: string; asked: string; review: string };
  beforeAll(async () => {
    shared = { t, early, working, asked, review };
    t = await createTestApp();
    await setup();
  });
  afterAll(async () => {
    await t?.close();
    ({ t, early, working, asked, review } = shared);
  });
  it('a client gets the jobs waiting on the client: Pending Client and Pending Approval', async () => {
    for (const who of [DEMO.acmeUser, DEMO.acmeOwner]) {
      const page = await waiting(who);
      expect(() => ZJobPage.parse(page)).not.toThrow();
      expect(page.results.map((j: any) => j.name).sort()).toEqual(['Asked job', 'Review job']);
      expect(page.count).toBe(2);
      const byName = Object.fromEntries(page.results.map((j: any) => [j.name, j]));
      expect(byName['Asked job']).toMatchObject({ status: 'Submitted', waiting_on: 'client', action_needed: 'answer', assignee: null, is_overdue: false });
      expect(byName['Review job']).toMatchObject({ status: 'Submitted', waiting_on: 'client', action_needed: 'review' });
    }
    expect((await waiting(DEMO.brightOwner)).results).toEqual([]);
  });

  it('staff get the pending-admin jobs, overdue first', async () => {
    for (const who of [DEMO.admin, DEMO.support]) {
      const page = await waiting(who, '&ordering=-created_at');
      const names = page.results.map((j: any) => j.name);
      expect(names).toEqual(['Early job', 'Working job']);
      expect(page.results[0]).toMatchObject({ status: 'Pending Pre-Check', waiting_on: 'team', action_needed: 'work', is_overdue: true });
      expect(page.results[1]).toMatchObject({ is_overdue: false });
    }
  });

  it('a contractor gets the pending-admin jobs assigned to it', async () => {
    const page = await waiting(DEMO.contractor);
    expect(page.results.map((j: any) => j.name)).toEqual(['Working job']);
    expect(page.results[0].action_needed).toBe('work');
  });

  it('combines with a status filter, and refuses an unknown value with 400', async () => {
    expect((await waiting(DEMO.admin, '&status=Pending Design')).results.map((j: any) => j.name)).toEqual(['Working job']);
    expect((await waiting(DEMO.admin, '&status=Pending Client')).results).toEqual([]);
    const bad = await call(DEMO.acmeUser, 'GET', '/api/jobs?waiting_on=everyone');
    expect(bad.statusCode).toBe(400);
    expect(bad.data.message).toBeTruthy();
  });
});

describe('the job answer says who must act and what was asked', () => {
  it('a client reads staff\'s question on a job waiting for its answer', async () => {
    const j = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${asked}`)).data;
    expect(() => ZJob.parse(j)).not.toThrow();
    expect(j).toMatchObject({
      status: 'Submitted', waiting_on: 'client', action_needed: 'answer', may_edit: true,
      request: { note: 'Is the roof metal or shingle? Please add an attic photo.' },
    });
    expect(j.allowed_transitions).toContainEqual({ to: 'Submitted', action: 'answer' });
  });

  it('a client reads the note sent with the deliverables, and may approve or ask for a revision', async () => {
    const j = (await call(DEMO.acmeOwner, 'GET', `/api/jobs/${review}`)).data;
    expect(j).toMatchObject({ action_needed: 'review', may_edit: false, request: { note: 'Plan set attached for your review.' } });
    expect(j.allowed_transitions.map((x: any) => x.action).sort()).toEqual(['approve', 'cancel', 'revision']);
  });

  it('staff read the same job as waiting on the client, with the internal status', async () => {
    const j = (await call(DEMO.support, 'GET', `/api/jobs/${asked}`)).data;
    expect(j).toMatchObject({ status: 'Pending Client', waiting_on: 'client', action_needed: null, may_edit: true });
    const w = (await call(DEMO.contractor, 'GET', `/api/jobs/${working}`)).data;
    expect(w).toMatchObject({ status: 'Pending Design', waiting_on: 'team', action_needed: 'work', request: null, may_edit: false });
  });

  it('the client answers with action "answer": back to where the job came from, without being told its name', async () => {
    const id = await submitted('Answer job');
    await move(DEMO.support, id, 'Pending Design');
    await move(DEMO.support, id, 'Pending Client', 'Which panel?');
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, {})).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { status: 'Pending Design', action: 'answer' })).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { action: 'later' })).statusCode).toBe(400);
    expect((await call(DEMO.brightOwner, 'POST', `/api/jobs/${id}/status`, { action: 'answer' })).statusCode).toBe(404);
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { action: 'answer', note: 'The 400 W one.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ status: 'Submitted', waiting_on: 'team', action_needed: null, request: null });
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.status).toBe('Pending Design');
    const again = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { action: 'answer' });
    expect(again.statusCode).toBe(409);
    expect(leaks(again.data)).toEqual([]);
    const history = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data;
    expect(history.map((h: any) => h.event)).toEqual(['created', 'submitted', 'question', 'answered']);
    expect(history[2]).toMatchObject({ label: 'Question from our team', note: 'Which panel?', actor: null });
    expect(history[3]).toMatchObject({ label: 'Answer sent', note: 'The 400 W one.', actor: expect.objectContaining({ email: DEMO.acmeUser }) });
  });
});

describe('a client reads client-facing statuses and terms only', () => {
  // A working job of its own: the design-file tests add files and events to theirs.
  let working = '';
  beforeAll(async () => { working = await newWorking('Client view job'); });
  it('no internal status name, assignee, overdue flag, internal event or internal category in any answer', async () => {
    // The drafter files a design sheet and staff an internal pre-check note on the job.
    const sheet = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: 'PV-01' }, { name: 'kind', value: 'cad' }, file('pv1.pdf', PDF)], { as: DEMO.contractor });
    expect(sheet.statusCode, sheet.body).toBe(201);
    const check = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: 'Pre-Check' }, file('precheck.pdf', PDF)], { as: DEMO.support });
    expect(check.statusCode, check.body).toBe(201);
    t.clock.advance(20 * H);
    for (const who of [DEMO.acmeUser, DEMO.acmeOwner]) {
      const answers = [
        (await call(who, 'GET', `/api/jobs/${working}`)).data,
        (await call(who, 'GET', `/api/jobs/${working}/history`)).data,
        (await call(who, 'GET', `/api/jobs/${working}/revisions`)).data,
        (await call(who, 'GET', `/api/jobs/${working}/files`)).data,
        (await call(who, 'GET', '/api/jobs?page_size=200')).data,
      ];
      for (const a of answers) expect(leaks(a)).toEqual([]);
      const [job, history, , files, list] = answers;
      expect(job).toMatchObject({ status: 'Submitted', assignee: null, is_overdue: false, pending_admin_hours: 0 });
      expect(history.map((h: any) => h.event)).toEqual(['created', 'submitted']);
      expect(files.map((f: any) => [f.name, f.category, f.uploaded_by]).sort()).toEqual([['precheck.pdf', 'General', null], ['pv1.pdf', 'PV-01', null]]);
      expect(list.results.every((j: any) => j.assignee === null && j.is_overdue === false)).toBe(true);
      expect(JSON.stringify([job, list])).not.toContain(DEMO.contractor);
    }
    // Staff and the drafter read all of it.
    const staffJob = (await call(DEMO.admin, 'GET', `/api/jobs/${working}`)).data;
    expect(staffJob).toMatchObject({ status: 'Pending Design', assignee: expect.objectContaining({ email: DEMO.contractor }), is_overdue: true });
    const staffHistory = (await call(DEMO.admin, 'GET', `/api/jobs/${working}/history`)).data.map((h: any) => h.event);
    expect(staffHistory).toEqual(['created', 'submitted', 'status_changed', 'assigned']);
    const staffFiles = (await call(DEMO.contractor, 'GET', `/api/jobs/${working}/files`)).data;
    expect(staffFiles.map((f: any) => f.category).sort()).toEqual(['PV-01', 'Pre-Check']);
    expect(staffFiles.find((f: any) => f.name === 'pv1.pdf').uploaded_by).toMatchObject({ id: uid[DEMO.contractor] });
  });
});

describe('design files: the team uploads them, a client is neither offered nor allowed what it may not do', () => {
  let working = '';
  beforeAll(async () => { working = await newWorking('Design files job'); });
  it('staff and the assigned contractor upload in the design categories; a client may not', async () => {
    for (const [who, category] of [[DEMO.contractor, 'PV-06+'], [DEMO.admin, 'Engineering'], [DEMO.support, 'PV-03']] as const) {
      const r = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: category }, { name: 'kind', value: 'cad' }, file('sheet.pdf', PDF)], { as: who });
      expect(r.statusCode, `${who} ${r.body}`).toBe(201);
    }
    for (const category of ['PV-01', 'Engineering', 'Pre-Check']) {
      const r = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: category }, file('mine.pdf', PDF)], { as: DEMO.acmeUser });
      expect(r.statusCode).toBe(403);
      expect(r.data.message).toContain('General or Extra Sheets');
    }
    const own = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: 'Extra Sheets' }, file('mine.pdf', PDF)], { as: DEMO.acmeUser });
    expect(own.statusCode, own.body).toBe(201);
    // The drafter is not assigned this one: 404, nothing learnt.
    const other = await postMultipart(t, `/api/jobs/${asked}/files`, [{ name: 'category', value: 'PV-01' }, file('x.pdf', PDF)], { as: DEMO.contractor });
    expect(other.statusCode).toBe(404);
  });

  it('may_delete tells each role what it may delete, and the API still refuses the rest', async () => {
    // A job of its own with the files it reads: the client's own, a design sheet and staff's pre-check note.
    const working = await newWorking('May delete job');
    const uploads: [string, string, string][] = [[DEMO.acmeUser, 'Extra Sheets', 'mine.pdf'], [DEMO.support, 'PV-03', 'sheet.pdf'], [DEMO.support, 'Pre-Check', 'precheck.pdf']];
    for (const [who, category, name] of uploads) {
      const r = await postMultipart(t, `/api/jobs/${working}/files`, [{ name: 'category', value: category }, file(name, PDF)], { as: who });
      expect(r.statusCode, `${who} ${r.body}`).toBe(201);
    }
    const files = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${working}/files`)).data;
    const mine = files.find((f: any) => f.name === 'mine.pdf');
    const staffs = files.filter((f: any) => f.name !== 'mine.pdf');
    expect(mine.may_delete).toBe(true);
    expect(staffs.length).toBeGreaterThan(0);
    for (const f of staffs) {
      expect(f.may_delete, f.name).toBe(false);
      expect((await call(DEMO.acmeUser, 'DELETE', `/api/files/${f.id}`)).statusCode).toBe(403);
    }
    const asStaff = (await call(DEMO.support, 'GET', `/api/jobs/${working}/files`)).data;
    expect(asStaff.every((f: any) => f.may_delete)).toBe(true);
    expect((await call(DEMO.acmeUser, 'DELETE', `/api/files/${mine.id}`)).statusCode).toBe(204);
    // Staff delete their pre-check note: the client reads no event for an internal file, nor the category.
    const precheck = asStaff.find((f: any) => f.name === 'precheck.pdf');
    expect((await call(DEMO.support, 'DELETE', `/api/files/${precheck.id}`)).statusCode).toBe(204);
    const history = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${working}/history`)).data;
    expect(history.map((h: any) => h.event)).toEqual(['created', 'submitted', 'client_upload_deleted']);
    expect(leaks(history)).toEqual([]);
    expect(JSON.stringify(history)).not.toContain('Pre-Check');
  });
});
