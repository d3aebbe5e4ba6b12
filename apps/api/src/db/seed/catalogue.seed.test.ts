import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SEED_RACKING } from '@sunstamp/domain/catalogue/equipment.data';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { equipment } from '../schema.ts';
import { seedCatalogue } from './catalogue.seed.ts';

/*
 * An install seeded before a release added fields to the built-in catalogue (the rails' allowable
 * moment and its source, issue 24) gains them on the next start; a field the row already has keeps its
 * value, and a row staff edited (source 'staff') is left as staff left it.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });

const rackRow = async (model: string) => {
  const [row] = await t.database.db.select().from(equipment).where(and(eq(equipment.kind, 'racking'), eq(equipment.model, model)));
  return row!;
};

describe('catalogue seed on an existing install', () => {
  it('fills the fields a built-in row lacks, keeps the ones it has and leaves staff-edited rows alone', async () => {
    const db = t.database.db;
    const [xr100, xr10, solarmount] = SEED_RACKING.map((r) => r.model) as [string, string, string];
    // as an older release left them: no allowable moment on the built-in rows
    await db.update(equipment).set({ data: sql`${equipment.data} - 'allowableMomentLbFt' - 'allowableMomentSource'` }).where(eq(equipment.kind, 'racking'));
    // one built-in row whose notes an older release worded differently (a value it has is kept)
    await db.update(equipment).set({ data: sql`${equipment.data} || '{"notes":"older wording"}'::jsonb` }).where(eq(equipment.model, xr100));
    // one row staff edited: its data is what staff saved, without the new fields
    const staffData = { ...(await rackRow(solarmount)).data, notes: 'staff wording' };
    await db.update(equipment).set({ source: 'staff', data: staffData }).where(eq(equipment.model, solarmount));
    const before = await rackRow(xr10);
    expect(before.data).not.toHaveProperty('allowableMomentLbFt');
    // one built-in row as the release before this one seeded it: a made-up "demo" moment, no rail class
    const demoData = { ...Object.fromEntries(Object.entries((await rackRow(xr100)).data).filter(([k]) => !['railClass', 'maxCantileverRatio', 'maxCantileverSource'].includes(k))),
      allowableMomentLbFt: 560, allowableMomentSource: 'Demo catalogue value, not a manufacturer figure: replace with the allowable moment of the IronRidge XR Rail engineering design guide before a real job' };
    await db.update(equipment).set({ data: demoData }).where(eq(equipment.model, xr100));

    await seedCatalogue(t.database);

    const seed = (model: string) => SEED_RACKING.find((r) => r.model === model)!;
    const a = await rackRow(xr100);
    // the made-up moment is gone: no maker's figure is on file, the rail class is (and is printed as assumed)
    expect(seed(xr100).allowableMomentLbFt).toBeNull();
    expect(a.data.allowableMomentLbFt).toBeNull();
    expect(a.data.allowableMomentSource).toBeNull();
    expect(a.data.railClass).toBe(seed(xr100).railClass);
    expect(a.data.maxCantileverRatio).toBe(0.4);
    expect(a.data.notes).toBe('older wording');
    const b = await rackRow(xr10);
    expect(b.data.allowableMomentLbFt).toBe(seed(xr10).allowableMomentLbFt);
    expect(b.data.railClass).toBe('light');
    expect(b.updatedAt).toEqual(before.updatedAt);
    const s = await rackRow(solarmount);
    expect(s.source).toBe('staff');
    expect(s.data).toEqual(staffData);
    expect(s.data).not.toHaveProperty('allowableMomentLbFt');

    // a second start changes nothing
    const snapshot = await db.select().from(equipment).where(eq(equipment.source, 'seed'));
    await seedCatalogue(t.database);
    expect(await db.select().from(equipment).where(eq(equipment.source, 'seed'))).toEqual(snapshot);
  });
});
