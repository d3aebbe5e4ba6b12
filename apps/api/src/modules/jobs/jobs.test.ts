import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ZJobPage } from '@sunstamp/domain/contracts/jobs';
import { ARRAY_DEFAULTS } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS } from '@sunstamp/domain/jobs/cad-intake.schema';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { companies, jobs, states, users } from '../../db/schema.ts';
import { monthKey } from '@sunstamp/domain/jobs/month-stats.rules';
import { deliverRequired } from '../../test/deliverables-fixtures.ts';
import { DELIVERABLE_GATED_STATUSES } from '@sunstamp/domain/constants/deliverables.constants';

let t: TestApp;
const co: Record<string, string> = {};
const uid: Record<string, string> = {};
let prId = 0;
let txId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(companies)) co[c.name] = c.id;
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
  prId = (await t.database.db.select().from(states).where(eq(states.abbreviation, 'PR')))[0]!.id;
  txId = (await t.database.db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
});
afterAll(async () => { await t?.close(); });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

const READY = { name: 'Smith Residence', client_name: 'John Smith', client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] };

async function newJob(who: string = DEMO.acmeUser, body: Record<string, unknown> = READY) {
  const res = await call(who, 'PUT', '/api/jobs', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function move(who: string, id: string, status: string) {
  // Design Completed, Pending Approval and Approved need the documents the services require.
  if (DELIVERABLE_GATED_STATUSES.includes(status as never)) await deliverRequired(t, id);
  const res = await call(who, 'POST', `/api/jobs/${id}/status`, { status });
  expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
  return res.data;
}

describe('PUT /api/jobs: create', () => {
  it('fills the spec\'s new-job defaults and answers state, city and connection type as objects', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Casa Rivera', state: prId, city: 'San Juan', connection_type_id: 'flashed_l_foot', arrays: [{}] });
    expect(res.statusCode, res.body).toBe(201);
    const j = res.data;
    expect(j).toMatchObject({
      name: 'Casa Rivera', client_name: '', client_street_address: '', client_zip_code: '',
      company: { id: co['Acme Solar'], name: 'Acme Solar' },
      home_elevation: null, latitude: null, longitude: null,
      company_verified_inspection: false, no_pictures: false,
      roof_type: 'Gable Roof', gypsum_type: 'No Drywall', status: 'Draft', client_status: 'Draft', enclosed: 'Enclosed',
      exposure_category: null, notes: '', services_requested: [], job_files_link: '', requirements: [],
      client_state: { id: prId, name: 'Puerto Rico', abbreviation: 'PR' },
      client_city: { name: 'San Juan', state_id: prId },
      connection_type: { id: 'flashed_l_foot', label: 'Flashed L-Foot (Lag Screw)' },
      site_photo_count: 2, is_overdue: false, pending_admin_hours: 0, revision_number: 0, assignee: null,
      created_by: expect.objectContaining({ email: DEMO.acmeUser }),
    });
    expect(j.arrays).toEqual([{ ...ARRAY_DEFAULTS, attic_images: [], beam_space_images: [], beam_size_images: [] }]);
    expect(j.cad_intake).toEqual(CAD_INTAKE_DEFAULTS);
    // A client reads client-facing statuses only, the targets of its moves included.
    expect(j.allowed_transitions.map((x: any) => x.to).sort()).toEqual(['Cancelled', 'Submitted']);
  });
  it('writes the Created history event', async () => {
    const id = await newJob();
    const h = await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`);
    expect(h.data).toEqual([expect.objectContaining({ event: 'created', label: 'Created', from_status: null, to_status: 'Draft', actor: expect.objectContaining({ email: DEMO.acmeUser }) })]);
  });
  it('needs a company from staff; a client with one company gets it; nobody uses a company they do not belong to', async () => {
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { name: 'x' })).statusCode).toBe(400);
    const staff = await call(DEMO.admin, 'PUT', '/api/jobs', { name: 'x', company: co['Brightside Energy'] });
    expect(staff.statusCode).toBe(201);
    expect(staff.data.company.name).toBe('Brightside Energy');
    const other = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'x', company: co['Brightside Energy'] });
    expect(other.statusCode).toBe(400);
    expect(other.data.args).toEqual([{ company: 'Unknown company.' }]);
  });
  it.each([
    ['an unknown field', { name: 'x', colour: 'red' }],
    ['a wrong type', { name: 42 }],
    ['a non-draft status', { status: 'Approved' }],
    ['an unknown state', { state: 99999 }],
    ['an unknown connection type', { connection_type_id: 'glue' }],
    ['an unknown structure type', { structure_type: 'Castle' }],
    ['an unknown service', { services_requested: ['teleport'] }],
    ['a bad page list', { structural_pages_to_stamp: 'PV-1, not a page' }],
    ['a site photo count out of range', { site_photo_count: 13 }],
    ['a fractional site photo count', { site_photo_count: 1.5 }],
    ['a bad array value', { arrays: [{ roof_pitch: 95 }] }],
    ['Other without its text in the CAD intake', { cad_intake: { utility: 'Other' } }],
    ['an array connection type Other without text', { arrays: [{ connection_type: 'Other' }] }],
    ['a latitude out of range', { latitude: 91 }],
  ])('refuses %s with 400', async (_n, body) => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.data.message).toBeTruthy();
  });
  it('refuses invalid JSON and a non-object body', async () => {
    const token = await t.tokenOf(DEMO.acmeUser);
    expect((await t.request('PUT', '/api/jobs', { token, raw: '{bad' })).statusCode).toBe(400);
    expect((await t.request('PUT', '/api/jobs', { token, raw: '[1]' })).statusCode).toBe(400);
  });
});

describe('spec §5 rules', () => {
  it('normalises page lists and keeps a site photo count', async () => {
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structural_pages_to_stamp: 'pv-1,PV-3, s-1,', site_photo_count: 4 });
    expect(res.data).toMatchObject({ structural_pages_to_stamp: 'PV-1, PV-3, S-1', site_photo_count: 4 });
  });
  it('offers only Pre-Manufactured Truss (2x2) on a Manufactured Home, and not it elsewhere', async () => {
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Manufactured Home', arrays: [{ frame_shape: '2x6' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.data.args[0]).toEqual({ 'arrays.0.frame_shape': 'Choose one of: Pre-Manufactured Truss (2x2).' });
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Manufactured Home', arrays: [{ frame_shape: 'Pre-Manufactured Truss (2x2)' }] });
    expect(ok.statusCode).toBe(201);
    const house = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { structure_type: 'Single Family Residence', arrays: [{ frame_shape: 'Pre-Manufactured Truss (2x2)' }] });
    expect(house.statusCode).toBe(422);
    // Changing the structure type re-checks the stored arrays.
    const change = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: ok.data.id, structure_type: 'Townhouse' });
    expect(change.statusCode).toBe(422);
  });
  it('checks the structural span against the limit staff set as a warning, never a refusal', async () => {
    // 168 in over cos(26°) ≈ 186.9 in; 3 portrait modules need 195 in at 65 in each.
    const arrays = [{ panel_quantity: 9, num_panels_on_rafter: 3, beam_span: [168], roof_pitch: 26 }];
    const warned = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { ...READY, arrays });
    expect(warned.statusCode).toBe(201);
    const codes = async (id: string) => (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/equipment`)).data.warnings.map((w: any) => w.code);
    expect(await codes(warned.data.id)).toEqual(['span_may_need_reinforcement']);
    // A job that may need reinforcement is still submittable: staff review it.
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${warned.data.id}/submit`)).statusCode).toBe(200);
    const put = await call(DEMO.admin, 'PUT', '/api/settings/structural-span', { Portrait: 60, Landscape: 39 });
    expect(put.statusCode).toBe(200);
    expect(await codes(warned.data.id)).toEqual([]);
    await call(DEMO.admin, 'PUT', '/api/settings/structural-span', { Portrait: 65, Landscape: 39 });
  });
  it('requires custom_* text only for a shown group', async () => {
    const hidden = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { cad_intake: { needs_battery_info: false, battery_type: 'Other' } });
    expect(hidden.statusCode).toBe(201);
    const shown = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: hidden.data.id, cad_intake: { needs_battery_info: true } });
    expect(shown.statusCode).toBe(400);
    expect(shown.data.args).toEqual([{ 'cad_intake.custom_battery_type': 'Please describe your choice' }]);
    const filled = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: hidden.data.id, cad_intake: { needs_battery_info: true, custom_battery_type: 'Home battery X' } });
    expect(filled.statusCode).toBe(200);
    expect(filled.data.cad_intake).toMatchObject({ needs_battery_info: true, battery_type: 'Other', custom_battery_type: 'Home battery X', beam_spacing: 24 });
  });
});

describe('settings/structural-span', () => {
  it.each([
    [DEMO.admin, 200, 200], [DEMO.support, 200, 403], [DEMO.contractor, 403, 403], [DEMO.acmeOwner, 403, 403], [DEMO.acmeUser, 403, 403],
  ])('%s: GET %i, PUT %i', async (who, get, put) => {
    expect((await call(who, 'GET', '/api/settings/structural-span')).statusCode).toBe(get);
    expect((await call(who, 'PUT', '/api/settings/structural-span', { Portrait: 65, Landscape: 39 })).statusCode).toBe(put);
  });
  it('answers the defaults and refuses bad values', async () => {
    expect((await call(DEMO.admin, 'GET', '/api/settings/structural-span')).data).toEqual({ Portrait: 65, Landscape: 39 });
    expect((await call(DEMO.admin, 'PUT', '/api/settings/structural-span', { Portrait: -1, Landscape: 39 })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'PUT', '/api/settings/structural-span', { Portrait: 60 })).statusCode).toBe(400);
  });
});

describe('PUT /api/jobs: update', () => {
  it('changes only the fields sent and writes Drafted while a draft, Edited after', async () => {
    const id = await newJob();
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, notes: 'Gate code 1234', state: txId, city: 'Austin' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ name: 'Smith Residence', notes: 'Gate code 1234', client_state: { abbreviation: 'TX' }, client_city: { name: 'Austin' } });
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    await call(DEMO.support, 'PUT', '/api/jobs', { id, notes: 'Checked' });
    const events = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.map((e: any) => e.event);
    expect(events).toEqual(['created', 'drafted', 'submitted', 'edited']);
  });
  it('refuses a status change through PUT, and client edits once the job is with staff', async () => {
    const id = await newJob();
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, status: 'Approved' })).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, status: 'Draft', notes: 'same status is fine' })).statusCode).toBe(200);
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    await move(DEMO.support, id, 'Pending Design');
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, notes: 'late change' });
    expect(res.statusCode).toBe(409);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, rejection_notice: 'x' })).statusCode).toBe(403);
    expect((await call(DEMO.support, 'PUT', '/api/jobs', { id, rejection_notice: 'Missing photos' })).data.rejection_notice).toBe('Missing photos');
  });
  it('writes no history and changes nothing when the intake re-sends what is stored', async () => {
    const id = await newJob(DEMO.acmeUser, { ...READY, arrays: [{ panel_quantity: 18 }], cad_intake: { module_count: 18 }, latitude: 30.2672, longitude: -97.7431, state: txId, city: 'Austin', client_zip_code: '78701' });
    const before = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data;
    t.clock.advance(60_000);
    // The whole form again, as the intake sends it on every step: defaults spelled out, keys in another order, services reordered.
    const again = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      id,
      services_requested: [...READY.services_requested].reverse(),
      client_street_address: ` ${READY.client_street_address} `,
      name: READY.name, client_name: READY.client_name, client_zip_code: '78701', city: 'Austin', state: txId,
      latitude: 30.2672, longitude: -97.7431, home_elevation: null, structure_type: null,
      roof_type: 'Gable Roof', gypsum_type: 'No Drywall', enclosed: 'Enclosed', exposure_category: null,
      notes: '', job_files_link: '', company_verified_inspection: false, no_pictures: false,
      arrays: [Object.fromEntries(Object.entries({ ...ARRAY_DEFAULTS, panel_quantity: 18 }).reverse())],
      cad_intake: { ...CAD_INTAKE_DEFAULTS, module_count: 18 },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.data.updated_at).toBe(before.updated_at);
    const events = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.map((e: any) => e.event);
    expect(events).toEqual(['created']);
  });
  it('names only the fields that changed', async () => {
    const id = await newJob(DEMO.acmeUser, { ...READY, arrays: [{ panel_quantity: 18 }] });
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', {
      id, ...READY, notes: 'Gate code 1234', arrays: [{ ...ARRAY_DEFAULTS, panel_quantity: 20 }], cad_intake: { ...CAD_INTAKE_DEFAULTS },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.arrays[0].panel_quantity).toBe(20);
    const h = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data;
    expect(h.map((e: any) => e.event)).toEqual(['created', 'drafted']);
    expect(h[1].data).toEqual({ fields: ['notes', 'arrays'] });
  });
  it('a client edits a job in Pending Client in place: Edited, still Pending Client until the answer', async () => {
    const id = await newJob();
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    await move(DEMO.support, id, 'Pending Client');
    const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, notes: 'Attic photos uploaded', name: READY.name });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ status: 'Submitted', client_status: 'Submitted', action_needed: 'answer', may_edit: true, notes: 'Attic photos uploaded' });
    expect(res.data.allowed_transitions).toContainEqual({ to: 'Submitted', action: 'answer' });
    const h = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data;
    expect(h.at(-1)).toMatchObject({ event: 'edited', data: { fields: ['notes'] }, from_status: null, to_status: null });
    expect((await move(DEMO.acmeUser, id, 'Pending Pre-Check')).status).toBe('Submitted');
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}`)).data.status).toBe('Pending Pre-Check');
  });
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id: '00000000-0000-4000-8000-000000000000', name: 'x' })).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id: 'nope', name: 'x' })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'GET', '/api/jobs/nope')).statusCode).toBe(404);
  });
});

describe('role × route matrix', () => {
  let acmeJob: string;
  let assignedJob: string;
  beforeAll(async () => {
    acmeJob = await newJob(DEMO.acmeUser);
    assignedJob = await newJob(DEMO.acmeOwner);
    await call(DEMO.acmeOwner, 'POST', `/api/jobs/${assignedJob}/submit`);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${assignedJob}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
  });

  const readRoutes = (id: string): [Method, string][] => [
    ['GET', `/api/jobs/${id}`], ['GET', `/api/jobs/${id}/history`], ['GET', `/api/jobs/${id}/revisions`],
  ];
  it.each([
    [DEMO.admin, 200], [DEMO.support, 200], [DEMO.contractor, 404], [DEMO.acmeOwner, 200], [DEMO.acmeUser, 200], [DEMO.brightOwner, 404],
  ])('reading another\'s or one\'s own job: %s → %i', async (who, status) => {
    for (const [m, url] of readRoutes(acmeJob)) expect((await call(who, m, url)).statusCode, url).toBe(status);
  });
  it('a contractor reads the jobs assigned to it and no others, in the list too', async () => {
    for (const [m, url] of readRoutes(assignedJob)) expect((await call(DEMO.contractor, m, url)).statusCode).toBe(200);
    const list = await call(DEMO.contractor, 'GET', '/api/jobs?page_size=200');
    // Other tests of this file assign jobs to the contractor too, before or after this one: the
    // list is exactly the active jobs assigned to it, this describe's among them.
    const assigned = (await t.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.assigneeId, uid[DEMO.contractor]!), eq(jobs.isActive, true)))).map((j) => j.id);
    expect(assigned).toContain(assignedJob);
    expect([...list.data.results.map((j: any) => j.id)].sort()).toEqual([...assigned].sort());
    expect(list.data.count).toBe(assigned.length);
  });
  it('the list shows clients only their companies\' jobs', async () => {
    const bright = await call(DEMO.brightOwner, 'GET', '/api/jobs?page_size=200');
    expect(bright.data.results.every((j: any) => j.company.name === 'Brightside Energy')).toBe(true);
    const acme = await call(DEMO.acmeUser, 'GET', '/api/jobs?page_size=200');
    expect(acme.data.results.map((j: any) => j.id)).toEqual(expect.arrayContaining([acmeJob, assignedJob]));
    expect(acme.data.results.every((j: any) => j.company.name === 'Acme Solar')).toBe(true);
  });
  // [method, path, body, brightOwner's answer, the unassigned contractor's answer]: 404, it is not
  // told the job exists; 403 where its role can never do it, whichever job (role before body).
  it.each([
    ['PUT', '/api/jobs', (id: string) => ({ id, notes: 'x' }), 404, 404],
    ['POST', '/api/jobs/:id/submit', () => undefined, 404, 404],
    ['POST', '/api/jobs/:id/status', () => ({ status: 'Cancelled' }), 404, 404],
    ['POST', '/api/jobs/:id/cancel', () => undefined, 404, 404],
    ['POST', '/api/jobs/:id/revision', () => ({ reason: 'other' }), 404, 404],
    ['POST', '/api/jobs/:id/assign', () => ({ assignee_id: uid[DEMO.support] }), 403, 404],
    ['POST', '/api/jobs/:id/unassign', () => undefined, 403, 404],
    ['POST', '/api/jobs/:id/deactivate', () => undefined, 403, 403],
  ] as const)('%s %s on another company\'s job tells nothing about it (brightOwner; contractor when unassigned)', async (m, path, body, bright, contractor) => {
    for (const [who, code] of [[DEMO.brightOwner, bright], [DEMO.contractor, contractor]] as const) {
      const res = await call(who, m, path.replace(':id', acmeJob), body(acmeJob));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(code);
    }
  });
  it.each([
    [DEMO.contractor, 'PUT', '/api/jobs', { notes: 'x' }, 403],
    [DEMO.contractor, 'POST', '/api/jobs/:id/cancel', undefined, 403],
    [DEMO.contractor, 'POST', '/api/jobs/:id/revision', { reason: 'other' }, 403],
    [DEMO.contractor, 'POST', '/api/jobs/:id/deactivate', undefined, 403],
    [DEMO.acmeUser, 'POST', '/api/jobs/:id/assign', { assignee_id: 'CONTRACTOR' }, 403],
    [DEMO.acmeUser, 'POST', '/api/jobs/:id/unassign', undefined, 403],
    [DEMO.acmeOwner, 'POST', '/api/jobs/:id/deactivate', undefined, 403],
    [DEMO.acmeUser, 'POST', '/api/jobs/:id/status', { status: 'Pending Design' }, 403],
    [DEMO.contractor, 'POST', '/api/jobs/:id/status', { status: 'Pending Design' }, 200],
  ] as const)('capability: %s %s %s → %i', async (who, m, path, body, status) => {
    // A submitted job assigned to the contractor, of this case's own: the contractor's status case moves its job.
    const job = await newJob(DEMO.acmeOwner);
    expect((await call(DEMO.acmeOwner, 'POST', `/api/jobs/${job}/submit`)).statusCode).toBe(200);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${job}/assign`, { assignee_id: uid[DEMO.contractor] })).statusCode).toBe(200);
    const b = body && 'assignee_id' in body ? { assignee_id: uid[DEMO.contractor] } : body;
    const res = await call(who, m, path.replace(':id', job), m === 'PUT' ? { id: job, ...(b as object) } : b);
    expect(res.statusCode, res.body).toBe(status);
  });
  it('a contractor never creates a job', async () => {
    expect((await call(DEMO.contractor, 'PUT', '/api/jobs', { name: 'x' })).statusCode).toBe(403);
  });
  it('every job route needs sign-in', async () => {
    for (const [m, url] of [['GET', '/api/jobs'], ['GET', `/api/jobs/${acmeJob}`], ['PUT', '/api/jobs'], ['POST', `/api/jobs/${acmeJob}/submit`]] as const) {
      expect((await t.request(m, url, { body: m === 'GET' ? undefined : {} })).statusCode).toBe(401);
    }
  });
});

describe('workflow, history, revisions and month stats', () => {
  it('takes a job from Draft to Approved, counting completed jobs for who made the change', async () => {
    const month = monthKey(t.clock.now());
    const before = async (who: string) => (await call(who, 'GET', '/api/users/me')).data.month_stats;
    const s0 = await before(DEMO.support);
    const c0 = await before(DEMO.acmeOwner);
    const id = await newJob(DEMO.acmeOwner);
    const submitted = await call(DEMO.acmeOwner, 'POST', `/api/jobs/${id}/submit`);
    expect(submitted.data).toMatchObject({ status: 'Submitted', client_status: 'Submitted', waiting_on: 'team', action_needed: null });
    expect(submitted.data.submitted_at).not.toBeNull();
    for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized', 'Pending Approval']) await move(DEMO.support, id, s);
    const approved = await move(DEMO.acmeOwner, id, 'Approved');
    expect(approved).toMatchObject({ status: 'Approved', client_status: 'Approved' });
    expect((await before(DEMO.support)).jobs_completed_this_month).toBe(s0.jobs_completed_this_month + 1);
    expect((await before(DEMO.acmeOwner)).jobs_completed_this_month).toBe(c0.jobs_completed_this_month + 1);
    const h = (await call(DEMO.acmeOwner, 'GET', `/api/jobs/${id}/history`)).data;
    // The client reads its own events and the deliverables' arrival; staff read every move.
    expect(h.map((e: any) => e.event)).toEqual(['created', 'submitted', 'ready_for_review', 'approved']);
    expect(h[1]).toMatchObject({ label: 'Submitted', from_status: 'Draft', to_status: 'Submitted' });
    const staffView = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data;
    expect(staffView.map((e: any) => e.event)).toEqual(['created', 'submitted', 'status_changed', 'status_changed', 'status_changed', 'status_changed', 'pending_approval', 'approved']);
    expect(staffView[1]).toMatchObject({ label: 'Submitted', from_status: 'Draft', to_status: 'Pending Pre-Check' });
    expect(month).toMatch(/^\d{4}-\d{2}$/);
  });
  it('refuses transitions outside the table with 409 and revisions through the status route with 400', async () => {
    const id = await newJob();
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Finalized' });
    expect(res.statusCode).toBe(409);
    expect(res.data.message).toBe('A job cannot move from Draft to Finalized.');
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Nowhere' })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, {})).statusCode).toBe(400);
  });
  it('will not submit an incomplete job', async () => {
    const id = await newJob(DEMO.acmeUser, { name: 'x' });
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    expect(res.statusCode).toBe(422);
    expect(res.data.args).toEqual([{ client_street_address: 'Enter the site address.' }, { services_requested: 'Choose at least one service.' }]);
  });
  it('answers from Pending Client back to the status that asked', async () => {
    const id = await newJob();
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    await move(DEMO.support, id, 'Pending Design');
    const asked = await move(DEMO.support, id, 'Pending Client');
    expect(asked.client_status).toBe('Submitted');
    const allowed = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).data.allowed_transitions;
    expect(allowed).toEqual(expect.arrayContaining([{ to: 'Submitted', action: 'answer' }]));
    expect((await call(DEMO.support, 'GET', `/api/jobs/${id}`)).data.allowed_transitions).toEqual(expect.arrayContaining([{ to: 'Pending Design', action: 'answer' }]));
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/status`, { status: 'Pending Pre-Check' })).statusCode).toBe(409);
    await move(DEMO.acmeUser, id, 'Pending Design');
    const events = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data.map((e: any) => e.event);
    expect(events.slice(-3)).toEqual(['status_changed', 'pending_client', 'pending_rae']);
  });
  it('records a revision with its reason, number and involuntary flag and counts it for the month', async () => {
    const id = await newJob(DEMO.acmeUser);
    await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`);
    for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Finalized', 'Pending Approval']) await move(DEMO.admin, id, s);
    const r0 = (await call(DEMO.acmeUser, 'GET', '/api/users/me')).data.month_stats.revisions_this_month;
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'not_a_reason' })).statusCode).toBe(400);
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'other', involuntary: true })).statusCode).toBe(403);
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, {
      reason: 'layout_change', note: 'Two more panels', job: { notes: 'now 14 panels' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ status: 'Submitted', client_status: 'Submitted', revision_number: 1, notes: 'now 14 panels' });
    expect((await call(DEMO.acmeUser, 'GET', '/api/users/me')).data.month_stats.revisions_this_month).toBe(r0 + 1);
    for (const s of ['Pending QC', 'Design Completed', 'Finalized', 'Pending Approval']) await move(DEMO.admin, id, s);
    await move(DEMO.acmeUser, id, 'Approved');
    const again = await call(DEMO.support, 'POST', `/api/jobs/${id}/revision`, { reason: 'right_angle_error' });
    expect(again.data.revision_number).toBe(2);
    const revs = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/revisions`)).data;
    expect(revs).toEqual([
      expect.objectContaining({ number: 1, reason: 'layout_change', reason_label: 'Layout Change', involuntary: false, from_status: 'Submitted', note: 'Two more panels', changes: { fields: ['notes'], changes: [{ field: 'notes', from: '—', to: 'now 14 panels' }] } }),
      expect.objectContaining({ number: 2, reason: 'right_angle_error', involuntary: true, from_status: 'Approved', requested_by: expect.objectContaining({ email: DEMO.support }) }),
    ]);
    const hist = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}/history`)).data.filter((e: any) => e.event === 'revision');
    expect(hist[0]).toMatchObject({ label: 'Revision requested', data: { number: 1, reason: 'layout_change', involuntary: false } });
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/status`, { status: 'Pending Design Revision' })).statusCode).toBe(409);
  });
  it('a revision is refused from a status that does not allow one', async () => {
    const id = await newJob();
    const res = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/revision`, { reason: 'other' });
    expect(res.statusCode).toBe(409);
  });
  it('cancels, assigns, unassigns and deactivates with their history events', async () => {
    const id = await newJob();
    const bad = await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.acmeUser] });
    expect(bad.statusCode).toBe(400);
    const a = await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.support] });
    expect(a.data.assignee).toMatchObject({ id: uid[DEMO.support], full_name: 'Sam Support' });
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/unassign`)).data.assignee).toBeNull();
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/unassign`)).statusCode).toBe(409);
    const c = await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/cancel`, { note: 'Customer withdrew' });
    expect(c.data).toMatchObject({ status: 'Cancelled', client_status: 'Cancelled', allowed_transitions: [] });
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/cancel`)).statusCode).toBe(409);
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, notes: 'x' })).statusCode).toBe(409);
    const d = await call(DEMO.support, 'POST', `/api/jobs/${id}/deactivate`);
    expect(d.data.is_active).toBe(false);
    expect((await call(DEMO.support, 'POST', `/api/jobs/${id}/deactivate`)).statusCode).toBe(409);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
    const h = (await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`)).data;
    expect(h.map((e: any) => e.label)).toEqual(['Created', 'Assigned', 'Unassigned', 'Cancelled', 'Deactivated']);
    expect(h[3].note).toBe('Customer withdrew');
    const list = await call(DEMO.admin, 'GET', '/api/jobs?page_size=200');
    expect(list.data.results.some((j: any) => j.id === id)).toBe(false);
    const withInactive = await call(DEMO.admin, 'GET', '/api/jobs?page_size=200&include_inactive=true');
    expect(withInactive.data.results.some((j: any) => j.id === id)).toBe(true);
    expect((await call(DEMO.acmeUser, 'GET', '/api/jobs?include_inactive=true')).statusCode).toBe(403);
  });
  it('a contractor hands its own job back', async () => {
    const id = await newJob();
    await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] });
    const res = await call(DEMO.contractor, 'POST', `/api/jobs/${id}/unassign`);
    expect(res.statusCode).toBe(204);
    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/jobs: paging, sort, filters, search', () => {
  let ids: Record<string, string> = {};
  beforeAll(async () => {
    // Fresh company so counts are exact.
    const c = await call(DEMO.admin, 'POST', '/api/companies', { name: 'List Test Co' });
    co['List Test Co'] = c.data.id;
    const mk = async (name: string, extra: Record<string, unknown> = {}) => {
      const r = await call(DEMO.admin, 'PUT', '/api/jobs', { company: c.data.id, name, client_name: `${name} client`, client_street_address: `${name.length} Elm Street`, services_requested: ['cad_packet'], ...extra });
      t.clock.advance(1000);
      return r.data.id as string;
    };
    ids = {
      // A state: the list names it from the states table without a join (jobs-list.repository.ts).
      alpha: await mk('Alpha Ranch', { client_zip_code: '78701', services_requested: ['structural_roof_letter'], state: txId }),
      bravo: await mk('Bravo House'),
      charlie: await mk('Charlie Barn', { client_name: 'Ms Zed' }),
    };
    await call(DEMO.admin, 'POST', `/api/jobs/${ids.bravo}/submit`);
    await call(DEMO.admin, 'POST', `/api/jobs/${ids.bravo}/assign`, { assignee_id: uid[DEMO.contractor] });
  });
  const list = async (q: string, who: string = DEMO.admin) => {
    const res = await call(who, 'GET', `/api/jobs?company=${co['List Test Co']}&${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.data;
  };
  const names = (d: any) => d.results.map((j: any) => j.name);
  it('pages and sorts', async () => {
    expect(names(await list('ordering=-created_at'))).toEqual(['Charlie Barn', 'Bravo House', 'Alpha Ranch']);
    expect(names(await list('ordering=name'))).toEqual(['Alpha Ranch', 'Bravo House', 'Charlie Barn']);
    const p2 = await list('ordering=name&page=2&page_size=2');
    expect(p2).toMatchObject({ count: 3, page: 2, page_size: 2 });
    expect(names(p2)).toEqual(['Charlie Barn']);
    expect((await list('')).page_size).toBe(50);
  });
  it('filters by status, client status, services and assignee', async () => {
    expect(names(await list('status=Pending%20Pre-Check'))).toEqual(['Bravo House']);
    expect(names(await list('client_status=Draft&ordering=name'))).toEqual(['Alpha Ranch', 'Charlie Barn']);
    expect(names(await list('services=structural_roof_letter'))).toEqual(['Alpha Ranch']);
    expect(names(await list(`assignee=${uid[DEMO.contractor]}`))).toEqual(['Bravo House']);
    expect(names(await list('assignee=none&ordering=name'))).toEqual(['Alpha Ranch', 'Charlie Barn']);
    expect(names(await list('assignee=me', DEMO.contractor))).toEqual(['Bravo House']);
  });
  it('filters by created and updated ranges', async () => {
    const all = await list('ordering=created_at');
    const second = all.results[1].created_at;
    expect(names(await list(`ordering=created_at&created_after=${encodeURIComponent(second)}`))).toEqual(['Bravo House', 'Charlie Barn']);
    expect(names(await list(`ordering=created_at&created_before=${encodeURIComponent(second)}`))).toEqual(['Alpha Ranch', 'Bravo House']);
    expect((await list(`updated_after=${encodeURIComponent(new Date(Date.now() + 86_400_000 * 400).toISOString())}`)).count).toBe(0);
  });
  it('searches name, client name and address, case-insensitively', async () => {
    expect(names(await list('search=ranch'))).toEqual(['Alpha Ranch']);
    expect(names(await list('search=ms%20zed'))).toEqual(['Charlie Barn']);
    expect(names(await list('search=elm%20street&ordering=name'))).toEqual(['Alpha Ranch', 'Bravo House', 'Charlie Barn']);
    expect(names(await list('search=78701'))).toEqual(['Alpha Ranch']);
    expect((await list('search=100%25_')).count).toBe(0);
  });
  it('filters by several values at once (array parameters) and pages through them without repeats', async () => {
    expect(names(await list('status=Pending%20Pre-Check,Draft&ordering=name'))).toEqual(['Alpha Ranch', 'Bravo House', 'Charlie Barn']);
    expect(names(await list(`assignee=none,${uid[DEMO.contractor]}&services=structural_roof_letter,cad_packet&ordering=-name`)))
      .toEqual(['Charlie Barn', 'Bravo House', 'Alpha Ranch']);
    const seen = [];
    for (let page = 1; page <= 3; page++) seen.push(...names(await list(`status=Pending%20Pre-Check,Draft&ordering=status&page_size=1&page=${page}`)));
    expect(seen.sort()).toEqual(['Alpha Ranch', 'Bravo House', 'Charlie Barn']);
  });
  it('answers the ZJobPage contract, each item agreeing with the job it lists', async () => {
    const page = await list('ordering=name');
    expect(() => ZJobPage.parse(page)).not.toThrow();
    for (const item of page.results) {
      const one = (await call(DEMO.admin, 'GET', `/api/jobs/${item.id}`)).data;
      // The unread count is the list's own (messages.test.ts and inbox.test.ts check it).
      for (const [k, v] of Object.entries(item)) if (k !== 'unread_messages') expect(one[k], k).toEqual(v);
      expect(item.unread_messages).toEqual(expect.any(Number));
    }
    expect(page.results.find((j: any) => j.name === 'Alpha Ranch').client_state).toEqual({ id: txId, name: 'Texas', abbreviation: 'TX' });
    const bravo = page.results.find((j: any) => j.name === 'Bravo House');
    expect(bravo).toMatchObject({ status: 'Pending Pre-Check', client_status: 'Submitted', company: { name: 'List Test Co' } });
    expect(bravo.assignee.email).toBe(DEMO.contractor);
    expect(bravo.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
  it.each([
    'page=0', 'page_size=201', 'page=x', 'ordering=password', 'status=Nope', 'client_status=Pending', 'company=nope',
    'services=teleport', 'assignee=bob', 'overdue=maybe', 'created_after=yesterday', 'updated_before=2026-13-45',
  ])('refuses %s with 400', async (q) => {
    const res = await call(DEMO.admin, 'GET', `/api/jobs?${q}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.data.message).toBeTruthy();
  });
});

describe('stored columns stay consistent', () => {
  it('client_status always follows status', async () => {
    const rows = await t.database.db.select({ s: jobs.status, c: jobs.clientStatus }).from(jobs);
    const { clientStatusOf } = await import('@sunstamp/domain/jobs/workflow.rules');
    for (const r of rows) expect(r.c).toBe(clientStatusOf(r.s as any));
  });
});
