import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CAD_INTAKE_DEFAULTS } from '@sunstamp/domain/jobs/cad-intake.schema';
import { ARRAY_DEFAULTS } from '@sunstamp/domain/jobs/job-defaults.schema';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { statementCounter } from '../../test/statement-counter.ts';
import { jobHistory, jobs, states } from '../../db/schema.ts';
import { updateJobReturning } from './jobs.repository.ts';

/**
 * How many SQL statements PUT /api/jobs sends to the database (bench/README.md "Jobs write path").
 * Counted with test/statement-counter.ts: only the measured call's own statements, on either
 * database (PGlite's protocol messages, node-postgres' Client#query).
 */
const counter = statementCounter();

let t: TestApp;
let token = '';
let txId = 0;

beforeAll(async () => {
  counter.install();
  t = await createTestApp();
  token = await t.tokenOf(DEMO.acmeUser);
  txId = (await t.database.db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
});
afterAll(async () => {
  counter.uninstall();
  await t?.close();
});

const counted = async (fn: () => Promise<unknown>): Promise<number> => (await counter.counted(fn)).length;

const put = (body: unknown) => t.request('PUT', '/api/jobs', { token, body });
const get = (id: string) => t.request('GET', `/api/jobs/${id}`, { token });

/** The whole form, as the web intake sends it on every step (job-intake.schema.ts output). */
const form = () => ({
  name: 'Statement count', client_name: 'Ana Diaz', client_street_address: '12 Elm St', client_zip_code: '73301',
  city: 'Austin', state: txId, latitude: 30.27, longitude: -97.74, home_elevation: null, structure_type: 'Single Family Residence',
  roof_type: 'Gable Roof', gypsum_type: 'No Drywall', enclosed: 'Enclosed', exposure_category: 'C', notes: '', job_files_link: '',
  company_verified_inspection: false, no_pictures: false, ahj_id: null, services_requested: ['structural_roof_letter'],
  arrays: [{ ...ARRAY_DEFAULTS, panel_quantity: 12, beam_span: [168] }], cad_intake: { ...CAD_INTAKE_DEFAULTS },
});

/** A job of the test's own, made from the whole form (each test counts on its own job's history, in any order). */
async function newJob() {
  const created = await put(form());
  expect(created.statusCode, created.body).toBe(201);
  const id = created.data.id as string;
  await warm(id);
  return id;
}

/**
 * Warms the per-process caches (principal, option lists) so only the write path is counted. The
 * principal is kept 3 s of real time from its read (platform/user-cache.ts), not from its last use:
 * read afresh just before a counted call, it outlasts the call even on a loaded machine.
 */
async function warm(id: string) {
  t.ctx.cache.principals.dropLocal();
  expect((await get(id)).statusCode).toBe(200);
}

describe('PUT /api/jobs statement counts', () => {
  beforeAll(async () => { await newJob(); });

  it('creating a job from the whole form answers what a fresh read shows, with its Created event', async () => {
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const n = await counted(async () => { res = await put({ ...form(), name: 'Created and counted' }); });
    expect(res!.statusCode, res!.body).toBe(201);
    console.log(`[statements] create from the whole form: ${n}`);
    expect(res!.data).toEqual((await get(res!.data.id)).data);
    const history = await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, res!.data.id));
    expect(history.map((h) => [h.event, h.fromStatus, h.toStatus, h.actorRole])).toEqual([['created', null, 'Draft', 'user']]);
  });

  it('an unchanged re-send of the whole form: at most 2 statements, no history', async () => {
    const id = await newJob();
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const n = await counted(async () => { res = await put({ id, ...form() }); });
    expect(res!.statusCode, res!.body).toBe(200);
    console.log(`[statements] unchanged re-send: ${n}`);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(2);
    const history = await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, id));
    expect(history.map((h) => h.event)).toEqual(['created']);
    expect(res!.data).toEqual((await get(id)).data);
  });

  it('a one-field edit: at most 5 statements, and the answer is what a fresh read shows', async () => {
    const id = await newJob();
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const n = await counted(async () => { res = await put({ id, name: 'Statement count 2' }); });
    expect(res!.statusCode, res!.body).toBe(200);
    console.log(`[statements] one-field edit: ${n}`);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(5);
    expect(res!.data.name).toBe('Statement count 2');
    expect(res!.data).toEqual((await get(id)).data);
  });

  it('the whole form with one field changed: at most 5 statements (states and settings are not read)', async () => {
    const id = await newJob();
    // The one-field edit before it (the test above, as a step of this one's own).
    expect((await put({ id, name: 'Statement count 2' })).statusCode).toBe(200);
    await warm(id);
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const n = await counted(async () => { res = await put({ id, ...form(), name: 'Statement count 2', notes: 'Gate code 1234' }); });
    expect(res!.statusCode, res!.body).toBe(200);
    console.log(`[statements] whole form, one field changed: ${n}`);
    expect(n).toBeLessThanOrEqual(5);
    expect(res!.data).toEqual((await get(id)).data);
    const history = await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, id));
    expect(history.map((h) => [h.event, h.data])).toEqual([
      ['created', null], ['drafted', { fields: ['name'] }], ['drafted', { fields: ['notes'] }],
    ]);
  });

  it('a changed state and changed arrays are still checked (one lookup each)', async () => {
    const id = await newJob();
    const badState = await put({ id, state: 999_999 });
    expect(badState.statusCode).toBe(400);
    expect(badState.data.args).toEqual([{ state: 'Unknown state.' }]);
    // The span check warns (GET /jobs/{id}/equipment), it never refuses: arrays that may need reinforcement are saved.
    const tooShort = await put({ id, arrays: [{ ...ARRAY_DEFAULTS, num_panels_on_rafter: 3, beam_span: [120] }] });
    expect(tooShort.statusCode).toBe(200);
    await warm(id);
    let res: Awaited<ReturnType<typeof put>> | undefined;
    const n = await counted(async () => { res = await put({ id, ...form(), name: 'Statement count 3', arrays: [{ ...ARRAY_DEFAULTS, panel_quantity: 14 }] }); });
    expect(res!.statusCode, res!.body).toBe(200);
    console.log(`[statements] whole form, arrays and name changed: ${n}`);
    expect(res!.data).toEqual((await get(id)).data);
  });

  it('writes nothing, history included, when the job is no longer in the status the edit checked', async () => {
    const id = await newJob();
    const before = await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, id));
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    const written = await updateJobReturning(t.database.db, id, { name: 'Never written', updatedAt: new Date() }, { status: 'Pending Design' }, {
      event: 'edited', actorId: job!.createdById, actorRole: 'user', data: { fields: ['name'] }, at: new Date(),
    });
    expect(written).toBeUndefined();
    const [after] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(after!.name).toBe(job!.name);
    expect(await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, id))).toHaveLength(before.length);
    // In the status it checked, the same call writes the row and its history in the one statement.
    const ok = await updateJobReturning(t.database.db, id, { notes: 'Written', updatedAt: new Date() }, { status: 'Draft' }, {
      event: 'drafted', actorId: job!.createdById, actorRole: 'user', data: { fields: ['notes'] }, at: new Date(),
    });
    expect(ok?.job.notes).toBe('Written');
    expect(ok?.companyName).toBe('Acme Solar');
    expect(await t.database.db.select().from(jobHistory).where(eq(jobHistory.jobId, id))).toHaveLength(before.length + 1);
  });
});
