import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { goldenInput } from '@sunstamp/planset/fixtures/golden.fixtures';
import { renderPlanSet, type RenderStage } from '@sunstamp/planset/planset.render';
import { PlanSetError } from '@sunstamp/planset/planset.errors';
import { cadRuns } from '../../db/schema.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld } from '../../test/planset-fixtures.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { closeRenderThreads, renderInThread, rendersInThreads } from './render.pool.ts';

/*
 * Plan sets rendered in worker threads (issue 27, part 4): the same set, stages and refusals as a
 * render on the event loop, two at once on two threads, and a run through the queue with
 * RENDER_THREADS=1 taking that path. (The crash tests and the browser tests run the built server,
 * whose default renders in threads from the bundle's dist/modules/plansets/render.worker.js.)
 */

afterAll(async () => { await closeRenderThreads(); });

describe('renderInThread', { timeout: 240_000 }, () => {
  it('answers the set a render on the event loop answers, with its stages in order; two at once on two threads', async () => {
    const input = await goldenInput('string-gable');
    const here: RenderStage[] = [];
    const local = await renderPlanSet(input, { onStage: (s) => here.push(s) });
    const before = rendersInThreads();
    const seen: RenderStage[][] = [[], []];
    const [a, b] = await Promise.all([0, 1].map((i) => renderInThread(input, 2, { onStage: (s) => seen[i]!.push(s) })));
    expect(rendersInThreads()).toBe(before + 2);
    for (const [i, r] of [a!, b!].entries()) {
      expect(seen[i]).toEqual(here);
      expect(r.pdf).toBeInstanceOf(Uint8Array);
      expect(r.pageCount).toBe(local.pageCount);
      expect(r.inputHash).toBe(local.inputHash);
      expect(r.pages).toEqual(local.pages);
      expect(r.sealSlots).toEqual(local.sealSlots);
      expect(r.sheets.map((s) => s.svg)).toEqual(local.sheets.map((s) => s.svg));
      expect(r.dxf).toBe(local.dxf);
    }
  });

  it('a refusal comes back as the PlanSetError the renderer threw, and an aborted render stops', async () => {
    const bad = await renderInThread({ nonsense: true }, 1).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(PlanSetError);
    const inProcess = (await renderPlanSet({ nonsense: true }).catch((e: unknown) => e)) as PlanSetError;
    expect([(bad as PlanSetError).key, (bad as PlanSetError).detail]).toEqual([inProcess.key, inProcess.detail]);
    const stop = new AbortController();
    stop.abort();
    const aborted = await renderInThread(await goldenInput('string-gable'), 1, { signal: stop.signal }).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(PlanSetError);
    expect((aborted as PlanSetError).detail).toBe('generation stopped: time limit reached');
  });
});

describe('a plan-set run with RENDER_THREADS=1', { timeout: 300_000 }, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: { renderThreads: 1 } }); }, 120_000);
  afterAll(async () => { await t?.close(); });

  it('renders in a thread and passes with its files', async () => {
    const w = await preparePlanSetWorld(t);
    const id = await preparePlanSetJob(t, w, { name: 'Threaded Render Residence' });
    const before = rendersInThreads();
    const res = await generateCadAndWait(t, DEMO.admin, id);
    expect(res.statusCode, res.body).toBe(202);
    const [run] = await t.database.db.select().from(cadRuns).where(eq(cadRuns.id, res.data.id));
    expect([run!.status, run!.errorDetail]).toEqual(['passed', null]);
    expect(run!.files.filter((f) => f.part === 'pdf')).toHaveLength(1);
    expect(rendersInThreads()).toBe(before + 1);
  });
});
