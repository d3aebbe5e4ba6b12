import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { extractPdfText } from '@sunstamp/planset/check/pdf-text';
import { DEMO_DATASHEET_MARK } from '@sunstamp/planset/render/demo-datasheet';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { equipment } from '../schema.ts';
import { seedDemoDatasheets } from './demo-datasheets.seed.ts';

/*
 * The demo catalogue's datasheets (issue 24 finding 5): each seeded model without one gets a
 * generated datasheet marked as a demo, stored like a staff upload; a restart adds nothing more and
 * a datasheet staff uploaded is kept.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

async function bytesOf(key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of await t.ctx.storage.read(key)) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('demo datasheets', () => {
  it('gives every seeded model a generated datasheet that names the model and says it is a demo, once, keeping an uploaded one', async () => {
    const db = t.database.db;
    const seeded = await db.select().from(equipment).where(eq(equipment.source, 'seed'));
    expect(seeded.length).toBeGreaterThan(3);
    // one model already has a datasheet staff uploaded: it stays
    const kept = seeded[0]!;
    await t.ctx.storage.put(`equipment/${kept.id}/uploaded.pdf`, new TextEncoder().encode('%PDF-1.4 uploaded'));
    await db.update(equipment).set({ datasheetKey: `equipment/${kept.id}/uploaded.pdf`, datasheetName: 'maker.pdf', datasheetSize: 17 }).where(eq(equipment.id, kept.id));

    const n = await seedDemoDatasheets(t.database, t.ctx.storage);
    expect(n).toBe(seeded.filter((s) => !s.datasheetKey).length - (kept.datasheetKey ? 0 : 1));
    expect(await db.select().from(equipment).where(and(eq(equipment.source, 'seed'), isNull(equipment.datasheetKey)))).toEqual([]);
    const [after] = await db.select().from(equipment).where(eq(equipment.id, kept.id));
    expect(after!.datasheetName).toBe('maker.pdf');

    const other = (await db.select().from(equipment).where(eq(equipment.source, 'seed'))).find((s) => s.id !== kept.id)!;
    expect(other.datasheetName).toMatch(/demo datasheet \(generated\)\.pdf$/);
    const [page] = await extractPdfText(await bytesOf(other.datasheetKey!));
    expect(page!.text).toContain(other.model);
    expect(page!.text).toContain(DEMO_DATASHEET_MARK);

    expect(await seedDemoDatasheets(t.database, t.ctx.storage)).toBe(0);
  });
});
