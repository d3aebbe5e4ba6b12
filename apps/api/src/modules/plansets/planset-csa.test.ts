import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { ahjs, jobFiles } from '../../db/schema.ts';

/*
 * Issue 26 item 5: a job whose requirements name the Canadian Electrical Code (dwg_electrical_code =
 * "CSA C22.1-2021" / "-2024", never "CEC", which is California's) reaches the engine as CSA C22.1 with
 * its edition. The engine implements the code's conductor rules but not Section 64, so the run fails
 * at the calculations with a message naming what is not supported — and nothing is drawn under NEC
 * numbers.
 */

let t: TestApp;
let w: PlanSetWorld;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });

beforeAll(async () => {
  t = await createTestApp();
  w = await preparePlanSetWorld(t);
}, 120_000);
afterAll(async () => { await t?.close(); });

/** A copy of the world's AHJ whose requirements name the given electrical code. */
async function ahjNaming(code: string): Promise<string> {
  const [criteria] = await t.database.db.select().from(ahjs).where(eq(ahjs.id, w.ahjId));
  const { id: _id, nameKey: _k, createdAt: _c, updatedAt: _u, ...copy } = criteria!;
  const [row] = await t.database.db.insert(ahjs).values({ ...copy, name: `Canadian Town ${code} ${Date.now()}` }).returning();
  const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${row!.id}`, { set: { dwg_electrical_code: code } });
  expect(set.statusCode, set.body).toBe(200);
  return row!.id;
}

describe('a job under the Canadian Electrical Code', () => {
  it.each(['2021', '2024'])('CSA C22.1-%s: the run fails at the calculations naming the edition and each Section 64 part not supported; nothing is drawn', async (edition) => {
    const ahjId = await ahjNaming(`CSA C22.1-${edition}`);
    const id = await preparePlanSetJob(t, w, { name: `Maple Residence ${edition}` });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: ahjId })).statusCode).toBe(200);
    const res = await generateCadAndWait(t, DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.status).toBe('failed');
    expect(run.error.key).toBe('pv4_failed');
    expect(run.error.detail).toMatch(new RegExp(`Canadian Electrical Code, CSA C22.1-${edition}`));
    for (const part of [/Section 64 PV source and output circuit currents/, /Rule 64-112/, /Rule 64-218/, /warning signs/]) expect(run.error.detail).toMatch(part);
    expect(run.error.detail).not.toMatch(/\b(690|705)\.\d/);
    expect(run.files).toEqual([]);
    expect(await t.database.db.select().from(jobFiles).where(eq(jobFiles.jobId, id))).toEqual([]);
  }, 120_000);

  it('"CEC" stays the California code: the run\'s refusal says so and points Canadian jobs to CSA C22.1', async () => {
    const ahjId = await ahjNaming('CEC');
    const id = await preparePlanSetJob(t, w, { name: 'Golden State Residence' });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: ahjId })).statusCode).toBe(200);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${(await generateCadAndWait(t, DEMO.admin, id)).data.id}`)).data;
    expect(run.status).toBe('failed');
    expect(run.error.detail).toMatch(/"CEC" is the California Electrical Code/);
    expect(run.error.detail).not.toMatch(/This job uses the Canadian/);
  }, 120_000);
});
