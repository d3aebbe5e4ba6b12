/*
 * CEC inverter import benchmark: imports the 2019 CEC inverter list (3,264 rows, 555 KB)
 * through the equipment service into a fresh PGlite database, then imports it again (every row an
 * update). Target: ≤ 5 s for the import. Runs in memory and on disk (the embedded default).
 * Run: npx tsx bench/cec-import.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema.ts';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { importCecEquipment } from '../apps/api/src/modules/catalogue/equipment.service.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(repoRoot, '../shared/data/cec/cec-inverters-2019-03-05.csv');
const text = fs.readFileSync(file, 'utf8');
const TARGET_MS = 5000;

async function run(label: string, dataDir: string | undefined) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await seedReference(database);
  await seedDemo(database);
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@sunstamp.test'));
  const principal = { id: admin!.id, email: admin!.email, role: 'admin' as const, companyIds: [] };
  const times: number[] = [];
  for (const pass of ['first import', 're-import']) {
    const t0 = performance.now();
    const r = await importCecEquipment({ database }, principal, 'inverter', text);
    const ms = performance.now() - t0;
    times.push(ms);
    console.log(`${label}, ${pass}: ${ms.toFixed(0)} ms (${r.total} rows: ${r.created} created, ${r.updated} updated)`);
  }
  await database.close();
  return Math.max(...times);
}

console.log(`file: ${path.basename(file)} (${(text.length / 1024).toFixed(0)} KB), node ${process.version}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-bench-'));
let worst = 0;
try {
  worst = Math.max(await run('PGlite in memory', undefined), await run('PGlite on disk', dir));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`worst: ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS} ms)`);
if (worst > TARGET_MS) process.exitCode = 1;
