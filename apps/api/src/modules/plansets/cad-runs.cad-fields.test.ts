import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld, type PlanSetWorld } from '../../test/planset-fixtures.ts';
import { ahjs, cadRuns } from '../../db/schema.ts';

/*
 * The dynamic CAD fields (spec §3) on a plan-set run: a fact the AHJ asks for that the job lacks is
 * a missing input of the run (422 naming the field, the requirement and where to enter it), never a
 * dash in the title block; the building permit number, issued after the set is approved, is a
 * write-in line instead.
 */

let t: TestApp;
let w: PlanSetWorld;
let storiesTown: string;
let caseTown: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });

/** POST generate-cad, then wait for the run to finish. */
const generate = (who: string, id: string) => generateCadAndWait(t, who, id);

const STORIES_MESSAGE = "Number of Stories is needed: the requirement num_stories_on_cad asks for it on the plan set. Enter it in the job's CAD fields (Design inputs on the job page).";

beforeAll(async () => {
  t = await createTestApp();
  w = await preparePlanSetWorld(t);
  // An AHJ like the world's that asks for the number of stories and the building permit number.
  const [criteria] = await t.database.db.select().from(ahjs).where(eq(ahjs.id, w.ahjId));
  const { id: _id, nameKey: _k, createdAt: _c, updatedAt: _u, ...copy } = criteria!;
  const [town] = await t.database.db.insert(ahjs).values({ ...copy, name: `Stories Town ${Date.now()}` }).returning();
  storiesTown = town!.id;
  const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${storiesTown}`, { set: { num_stories_on_cad: true, building_permit_number_on_title_block: true } });
  if (set.statusCode !== 200) throw new Error(`requirements: ${set.statusCode} ${set.body}`);
  // One that prints its case number in the title block (as the sample City of Austin does).
  const [caseCopy] = await t.database.db.insert(ahjs).values({ ...copy, name: `Case Town ${Date.now()}` }).returning();
  caseTown = caseCopy!.id;
  const setCase = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${caseTown}`, { set: { case_number_on_title_block: true } });
  if (setCase.statusCode !== 200) throw new Error(`requirements: ${setCase.statusCode} ${setCase.body}`);
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('dynamic CAD fields on a plan-set run', () => {
  it('a job whose AHJ asks for stories without a value answers the missing input; once entered the run passes, the permit number a write-in line', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Stories Residence' });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: storiesTown })).statusCode).toBe(200);

    const refused = await generate(DEMO.contractor, id);
    expect(refused.statusCode, refused.body).toBe(422);
    // The permit number is not among what is missing: it is issued after the set is approved.
    expect(refused.data.args).toEqual([{ 'cad_fields.num_stories': STORIES_MESSAGE }]);
    expect(refused.data.message).toBe(`The plan set cannot be generated yet: ${STORIES_MESSAGE}`);
    expect((await call(DEMO.admin, 'GET', `/api/jobs/${id}/cad-runs`)).data.results).toEqual([]);

    const put = await call(DEMO.contractor, 'PUT', `/api/jobs/${id}/cad-fields`, { values: { num_stories: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    const res = await generate(DEMO.contractor, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    expect(run.status).toBe('passed');
    const pv1 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-1');
    const svg = (await call(DEMO.admin, 'GET', `/api/files/${pv1.file_id}/download`)).body as string;
    expect(svg).toContain('STORIES: 2');
    expect(svg).toContain('PERMIT #: ________');
    expect(svg).not.toMatch(/(STORIES|PERMIT #): —/);
  }, 180_000);

  it('the AHJ case number given at intake (PUT /jobs case_number) is printed in the title block (issue 29, item 11)', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Case Number Residence' });
    const saved = await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: caseTown, case_number: 'BP-2026-0412' });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await generate(DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const run = (await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}`)).data;
    expect(run.error, JSON.stringify(run.error)).toBeNull();
    const pv1 = run.files.find((f: any) => f.part === 'preview' && f.number === 'PV-1');
    const svg = (await call(DEMO.admin, 'GET', `/api/files/${pv1.file_id}/download`)).body as string;
    expect(svg).toContain('CASE #: BP-2026-0412');
  }, 180_000);

  it('the missing CAD field is named with everything else that is missing, at once', async () => {
    const id = await preparePlanSetJob(t, w, { name: 'Gaps and Stories Residence', cad: { contractor_license_num: '' } });
    expect((await call(DEMO.admin, 'PUT', '/api/jobs', { id, ahj_id: storiesTown })).statusCode).toBe(200);
    const g = await generate(DEMO.admin, id);
    expect(g.statusCode, g.body).toBe(422);
    expect(g.data.args).toEqual([
      { 'cad_intake.contractor_license_num': "The contractor's license number is needed (CAD intake)." },
      { 'cad_fields.num_stories': STORIES_MESSAGE },
    ]);
  });
});
