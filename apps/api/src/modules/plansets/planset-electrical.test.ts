import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { jobs } from '../../db/schema.ts';

/*
 * Issue 25 (plan sets part 2): the ordered electrical system is the drawn one, or the run says why
 * not. Impossible service equipment refused at intake and in the run.
 */

let t: TestApp;
let w: PlanSetWorld;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });
const fieldsOf = (res: { data: any }) => (res.data.args ?? []).map((a: Record<string, string>) => Object.keys(a)[0]);

beforeAll(async () => {
  t = await createTestApp();
  w = await preparePlanSetWorld(t);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('finding 3: impossible service equipment', () => {
  it('the intake answers 400 naming the field: a 400 A main on a 100 A busbar, a non-standard rating, an upgrade\'s new panel', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Impossible Panel Residence' });
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 100, breaker_rating: 400 } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.data.args).toEqual([{ 'cad_intake.breaker_rating': expect.stringMatching(/The main breaker \(400 A\) is larger than the MSP busbar \(100 A\)/) }]);
    const odd = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 210, breaker_rating: 200 } });
    expect(odd.statusCode).toBe(400);
    expect(fieldsOf(odd)).toEqual(['cad_intake.msp_rating']);
    const mpu = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { mpu_required: true, mpu_model_number: 'QO 225', new_msp_rating: 200, new_mb_rating: 225 } });
    expect(mpu.statusCode).toBe(400);
    expect(fieldsOf(mpu)).toEqual(['cad_intake.new_mb_rating']);
    // A real panel is accepted.
    const ok = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, cad_intake: { msp_rating: 225, breaker_rating: 200 } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a stored impossible panel (entered before the rule) is refused by the run with a 422 naming the field, and nothing is drawn', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Stored Impossible Residence' });
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, id));
    await t.database.db.update(jobs).set({ cadIntake: { ...(row!.cadIntake as object), msp_rating: 100, breaker_rating: 400 } }).where(eq(jobs.id, id));
    const g = await generateCadAndWait(t, DEMO.admin, id);
    expect(g.statusCode).toBe(422);
    expect(g.data.args).toEqual([{ 'cad_intake.breaker_rating': expect.stringMatching(/larger than the MSP busbar/) }]);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);
  }, 120_000);
});
