import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { Storage } from '../../platform/storage.ts';
import { engineerLicences, engineers, users } from '../schema.ts';

/*
 * The demo's engineer, so that `npm start` can seal letters and plan sets out of the box: licensed
 * for structural and electrical work in the states of the sample jobs (AZ, TX, CO) and Florida,
 * with a placeholder seal visibly marked "DEMO – NOT A VALID SEAL" (and flagged is_demo, so every
 * seal it applies says so in words too), sealing and signing from the demo admin's account. Only on
 * an install that has no engineer yet; staff replace it on the Engineers page with their own
 * engineers, licences, seals and certificates.
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

/** The placeholder seal: two navy rings with the name, crossed by a red band "DEMO – NOT A VALID SEAL". */
export const DEMO_SEAL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
  <circle cx="200" cy="200" r="192" fill="#ffffff" stroke="#14367a" stroke-width="10"/>
  <circle cx="200" cy="200" r="128" fill="none" stroke="#14367a" stroke-width="5"/>
  <text x="200" y="60" font-family="sans-serif" font-size="25" font-weight="bold" fill="#14367a" text-anchor="middle">DANA WHITFIELD</text>
  <text x="200" y="356" font-family="sans-serif" font-size="21" font-weight="bold" fill="#14367a" text-anchor="middle">PROFESSIONAL ENGINEER</text>
  <text x="200" y="138" font-family="sans-serif" font-size="24" fill="#14367a" text-anchor="middle">SAMPLE ONLY</text>
  <g transform="rotate(-28 200 200)">
    <rect x="4" y="166" width="392" height="80" fill="#ffffff" stroke="#c00000" stroke-width="6"/>
    <text x="200" y="202" font-family="sans-serif" font-size="33" font-weight="bold" fill="#c00000" text-anchor="middle">DEMO –</text>
    <text x="200" y="236" font-family="sans-serif" font-size="26" font-weight="bold" fill="#c00000" text-anchor="middle">NOT A VALID SEAL</text>
  </g>
</svg>`;

/** The placeholder seal as the seal step draws it: the SVG through the upload path (sanitised, drawn as a PNG). */
export async function demoSealPng(size = 400): Promise<Uint8Array> {
  const { normaliseSealImage } = await import('@sunstamp/planset/seals/seal-image');
  return (await normaliseSealImage(new TextEncoder().encode(DEMO_SEAL_SVG), { maxPx: size })).png;
}

/** Adds the demo engineer when there is none; answers whether it did. */
export async function seedDemoEngineer(database: Database, storage: Storage): Promise<boolean> {
  const db = database.db;
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(engineers)) as [{ n: number }];
  if (n > 0) return false;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@sunstamp.test'));
  const id = crypto.randomUUID();
  const sealKey = `engineers/${id}/seal-${crypto.randomUUID()}.png`;
  await storage.put(sealKey, await demoSealPng());
  await db.transaction(async (tx) => {
    await tx.insert(engineers).values({
      id, userId: admin?.id ?? null, name: DEMO_ENGINEER.name, email: DEMO_ENGINEER.email, disciplines: ['structural', 'electrical'],
      sealKey, sealMime: 'image/png', isDemo: true,
    });
    await tx.insert(engineerLicences).values(DEMO_ENGINEER.licences.map((l) => ({ engineerId: id, ...l })));
  });
  return true;
}

/** The demo engineer's id, when the install has it. */
export async function demoEngineerId(database: Database): Promise<string | null> {
  const [row] = await database.db.select({ id: engineers.id }).from(engineers).where(eq(engineers.isDemo, true)).limit(1);
  return row?.id ?? null;
}
