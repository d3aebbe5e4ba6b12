import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { cadRuns, jobs } from '../schema.ts';
import { DEMO_ENGINEER, seedDemoEngineer } from './demo-engineer.seed.ts';
import { SAMPLE_JOBS } from './sample-jobs.seed.ts';

/*
 * The seeded demo (`npm start`) draws plan sets and letters: a new user who clicks Generate on a
 * demo job past pre-check gets a plan set, through the real queue, engine and renderer. The
 * engineering checks gate generation, so each of these jobs is a passing design.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sampleJobs: true });
  await seedDemoEngineer(t.database, t.ctx.storage);
}, 120_000);
afterAll(async () => { await t?.close(); });

/** Not yet through pre-check (left incomplete on purpose) or cancelled (never generated). */
const NOT_GENERATED = new Set(['Draft', 'Pending Pre-Check', 'Cancelled']);
/** A draft its client filled in completely before submitting: it generates too (its auto-layout once put a pathway label on the junction box). */
const COMPLETE_DRAFTS = new Set(['Nguyen Residence']);

async function post(who: string, url: string, body?: unknown) {
  const token = await t.tokenOf(who);
  const res = await t.app.inject({
    method: 'POST', url,
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return Object.assign(res, { data: res.json() as any });
}

/** Waits for a plan-set run to finish (seconds each; much longer on a machine shared by many suites). */
async function finished(runId: string) {
  const until = Date.now() + 240_000;
  for (;;) {
    const [run] = await t.database.db.select().from(cadRuns).where(eq(cadRuns.id, runId));
    if (run?.status === 'passed' || run?.status === 'failed') return run;
    if (Date.now() > until) throw new Error(`run ${runId} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const demoJobs = async () => t.database.db.select({ id: jobs.id, name: jobs.name, status: jobs.status }).from(jobs);

describe('the seeded demo generates', () => {
  it('covers the statuses a new user would try Generate in', async () => {
    const statuses = new Set((await demoJobs()).filter((j) => !NOT_GENERATED.has(j.status)).map((j) => j.status));
    for (const s of ['Pending Design', 'Pending QC', 'Design Completed', 'Pending Approval', 'Approved', 'Pending Design Revision']) {
      expect(statuses.has(s), s).toBe(true);
    }
  });

  it('a plan set for every demo job past pre-check: 202, and the run passes with its PDF', { timeout: 1_200_000 }, async () => {
    const rows = (await demoJobs()).filter((j) => !NOT_GENERATED.has(j.status) || COMPLETE_DRAFTS.has(j.name));
    expect(rows.length).toBeGreaterThanOrEqual(7);
    const problems: string[] = [];
    for (const j of rows) {
      const res = await post(DEMO.admin, `/api/jobs/${j.id}/generate-cad`);
      if (res.statusCode !== 202) {
        problems.push(`${j.name} (${j.status}): ${res.statusCode} ${res.body}`);
        continue;
      }
      const run = await finished(res.data.id);
      if (run.status !== 'passed') problems.push(`${j.name} (${j.status}): ${run.errorKey} ${run.errorMessage} ${run.errorDetail}`);
      else {
        expect(run.files.filter((f) => f.part === 'pdf'), j.name).toHaveLength(1);
        expect(run.files.filter((f) => f.part === 'preview').length, j.name).toBeGreaterThanOrEqual(5);
        // the demo AHJs call for cut sheets, and the demo catalogue's generated datasheets are bound in
        expect(run.files.filter((f) => f.part === 'cut_sheet').length, j.name).toBeGreaterThanOrEqual(2);
      }
    }
    // Every job's problem at once: one failing sample does not hide the next.
    expect(problems).toEqual([]);
  });

  it('the jobs left incomplete say what they lack (422), and a cancelled one is refused (409)', async () => {
    const rows = (await demoJobs()).filter((j) => NOT_GENERATED.has(j.status));
    const byName = new Map(rows.map((j) => [j.name, j]));
    const wilson = await post(DEMO.admin, `/api/jobs/${byName.get('Wilson Residence')!.id}/generate-cad`);
    expect(wilson.statusCode).toBe(422);
    expect(wilson.data.message).toContain('The job has no AHJ');
    // The firm's and the contractor's title-block details are seeded: never among what is missing.
    expect(wilson.data.message).not.toMatch(/no (address|phone number) for the title block/);
    expect((await post(DEMO.admin, `/api/jobs/${byName.get('Patel Residence')!.id}/generate-cad`)).statusCode).toBe(422);
    expect((await post(DEMO.admin, `/api/jobs/${byName.get('Martin Residence')!.id}/generate-cad`)).statusCode).toBe(409);
  });

  it('a structural roof letter written for the demo engineer on a job in one of their states', { timeout: 600_000 }, async () => {
    const states = new Set<string>(DEMO_ENGINEER.licences.map((l) => l.state));
    const sample = SAMPLE_JOBS.find((s) => s.name === 'Lee Residence')!;
    expect(states.has(sample.state)).toBe(true);
    const job = (await demoJobs()).find((j) => j.name === sample.name)!;
    const res = await post(DEMO.admin, `/api/jobs/${job.id}/generate-letters`, { letter_types: ['structural_roof_letter'] });
    expect(res.statusCode, res.body).toBe(202);
    await t.ctx.queue.drain(300_000);
    const letters = await t.request('GET', `/api/jobs/${job.id}/letters`, { token: await t.tokenOf(DEMO.admin) });
    expect(letters.statusCode).toBe(200);
    const roof = letters.data.find((l: { letter_type: string }) => l.letter_type === 'structural_roof_letter');
    expect(roof, JSON.stringify(letters.data)).toMatchObject({ engineer: { name: DEMO_ENGINEER.name } });
    const pdf = await t.app.inject({ method: 'GET', url: roof.download_url, headers: { authorization: `Bearer ${await t.tokenOf(DEMO.admin)}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
