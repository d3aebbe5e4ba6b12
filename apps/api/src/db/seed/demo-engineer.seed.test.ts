import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePixels } from '@sunstamp/planset/seals/seal-image';
import { sniffImage } from '@sunstamp/planset/images';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { DEMO_ENGINEER, demoSealPng, seedDemoEngineer } from './demo-engineer.seed.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

describe('the demo engineer (npm start)', () => {
  it('is added once, licensed in the sample jobs\' states, flagged demo, with a seal image the admin\'s account seals with', async () => {
    expect(await seedDemoEngineer(t.database, t.ctx.storage)).toBe(true);
    expect(await seedDemoEngineer(t.database, t.ctx.storage)).toBe(false);
    const list = (await t.request('GET', '/api/engineers', { token: await t.tokenOf(DEMO.admin) })).data as { id: string; name: string; has_seal: boolean; is_demo: boolean; licences: { state: string }[]; may: { seal: boolean } }[];
    const dana = list.find((e) => e.name === DEMO_ENGINEER.name)!;
    expect(dana).toMatchObject({ has_seal: true, is_demo: true, may: { seal: true } });
    expect(dana.licences.map((l) => l.state).sort()).toEqual(['AZ', 'CO', 'FL', 'TX']);
    const seal = await t.app.inject({ method: 'GET', url: `/api/engineers/${dana.id}/seal`, headers: { authorization: `Bearer ${await t.tokenOf(DEMO.admin)}` } });
    expect(seal.statusCode).toBe(200);
    expect(sniffImage(new Uint8Array(seal.rawPayload))).toEqual({ mime: 'image/png', width: 400, height: 400 });
  });

  it('the placeholder seal is visibly marked DEMO in red across its middle, on transparency outside the ring', async () => {
    const png = await demoSealPng(200);
    expect(sniffImage(png)).toEqual({ mime: 'image/png', width: 200, height: 200 });
    const { width, rgba } = await imagePixels(png);
    const px = (x: number, y: number) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
    expect(px(0, 0)[3]).toBe(0);
    // The red band crosses the centre: strongly red pixels there.
    const red = Array.from({ length: 40 }, (_, i) => px(80 + i, 100)).filter(([r, gr, b, a]) => a! > 200 && r! > 150 && gr! < 80 && b! < 80);
    expect(red.length).toBeGreaterThan(3);
  });
});
