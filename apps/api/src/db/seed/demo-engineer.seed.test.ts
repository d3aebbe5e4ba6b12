import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImage } from '@sunstamp/planset/images';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { DEMO_ENGINEER, demoSealPng, seedDemoEngineer } from './demo-engineer.seed.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

describe('the demo engineer (npm start)', () => {
  it('is added once, licensed in the sample jobs\' states, with a seal image the admin\'s account signs with', async () => {
    expect(await seedDemoEngineer(t.database, t.ctx.storage)).toBe(true);
    expect(await seedDemoEngineer(t.database, t.ctx.storage)).toBe(false);
    const list = (await t.request('GET', '/api/engineers', { token: await t.tokenOf(DEMO.admin) })).data as { id: string; name: string; has_seal: boolean; licences: { state: string }[]; user?: { email: string } | null }[];
    const dana = list.find((e) => e.name === DEMO_ENGINEER.name)!;
    expect(dana).toMatchObject({ has_seal: true });
    expect(dana.licences.map((l) => l.state).sort()).toEqual(['AZ', 'CO', 'FL', 'TX']);
    const seal = await t.app.inject({ method: 'GET', url: `/api/engineers/${dana.id}/seal`, headers: { authorization: `Bearer ${await t.tokenOf(DEMO.admin)}` } });
    expect(seal.statusCode).toBe(200);
    expect(sniffImage(new Uint8Array(seal.rawPayload))).toEqual({ mime: 'image/png', width: 320, height: 320 });
  });

  it('draws a PNG the seal checks accept (RGBA, transparent corners, ink on the rings)', () => {
    const size = 64;
    const png = demoSealPng(size);
    expect(sniffImage(png)).toEqual({ mime: 'image/png', width: size, height: size });
    // The IDAT of one chunk, inflated: a filter byte and 4 bytes a pixel per row.
    const b = Buffer.from(png);
    const at = b.indexOf('IDAT');
    const raw = inflateSync(b.subarray(at + 4, at + 4 + b.readUInt32BE(at - 4)));
    const alpha = (x: number, y: number) => raw[y * (size * 4 + 1) + 1 + x * 4 + 3];
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(size - 1, size - 1)).toBe(0);
    expect(alpha(Math.round(size / 2), Math.round(size * 0.02))).toBe(255); // the outer ring, top
    expect(alpha(Math.round(size / 2), Math.round(size / 2))).toBe(255); // the centre dot
  });
});
