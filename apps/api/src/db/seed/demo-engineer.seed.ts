import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { encodePng } from '@sunstamp/planset/images';
import type { Database } from '../client.ts';
import type { Storage } from '../../platform/storage.ts';
import { engineerLicences, engineers, users } from '../schema.ts';

/*
 * The demo's engineer, so that `npm start` seals letters and plan sets out of the box: licensed
 * for structural and electrical work in the states of the sample jobs (AZ, TX, CO) and Florida, with
 * a placeholder seal image (a blue double ring: clearly not a real seal), signing as the demo
 * admin's account. Only on an install that has no engineer yet; staff replace it on the Engineers
 * page with their own engineers, licences and seals.
 */

export const DEMO_ENGINEER = {
  name: 'Dana Whitfield (demo)',
  email: 'dana.whitfield@sunstamp.test',
  licences: [
    { state: 'AZ', number: 'PE-DEMO-1000', expiresOn: '2030-12-31' },
    { state: 'TX', number: 'PE-DEMO-1001', expiresOn: '2030-12-31' },
    { state: 'CO', number: 'PE-DEMO-1002', expiresOn: '2030-12-31' },
    { state: 'FL', number: 'PE-DEMO-1003', expiresOn: '2030-12-31' },
  ],
} as const;

/** A placeholder seal: two concentric navy rings and a centre dot on transparency, `size` px square. */
export function demoSealPng(size = 320): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  const c = (size - 1) / 2;
  const rings: [number, number][] = [[0.47, 0.5], [0.33, 0.355], [0, 0.06]];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - c, y - c) / size;
      if (rings.some(([a, b]) => r >= a && r <= b)) px.set([20, 54, 120, 255], (y * size + x) * 4);
    }
  }
  return encodePng(size, size, px, 4);
}

/** Adds the demo engineer when there is none; answers whether it did. */
export async function seedDemoEngineer(database: Database, storage: Storage): Promise<boolean> {
  const db = database.db;
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(engineers)) as [{ n: number }];
  if (n > 0) return false;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@sunstamp.test'));
  const id = crypto.randomUUID();
  const sealKey = `engineers/${id}/seal-${crypto.randomUUID()}`;
  await storage.put(sealKey, demoSealPng());
  await db.transaction(async (tx) => {
    await tx.insert(engineers).values({
      id, userId: admin?.id ?? null, name: DEMO_ENGINEER.name, email: DEMO_ENGINEER.email, disciplines: ['structural', 'electrical'],
      sealKey, sealMime: 'image/png',
    });
    await tx.insert(engineerLicences).values(DEMO_ENGINEER.licences.map((l) => ({ engineerId: id, ...l })));
  });
  return true;
}
