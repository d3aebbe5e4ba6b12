/**
 * Times each query of GET /stats alone on a seeded database (100,000 jobs, 1,000,000 events), to
 * see where an answer's time goes. Keeps the database between runs (PROFILE_DB, default
 * sunstamp_analytics_profile on TEST_DATABASE_URL's server; `--reseed` to start again).
 *
 *   npx tsx bench/analytics-profile.ts [--pglite] [--reseed]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import * as repo from '../apps/api/src/modules/analytics/analytics.repository.ts';
import { seedJobs } from './jobs-seed.ts';
import { seedHistory } from './analytics-seed.ts';

const pglite = process.argv.includes('--pglite');
const reseed = process.argv.includes('--reseed');
let database: Database;
if (pglite) {
  const dir = path.join(os.tmpdir(), 'sunstamp-analytics-profile-pglite');
  if (reseed) fs.rmSync(dir, { recursive: true, force: true });
  database = await openDatabase({ kind: 'pglite', dataDir: dir });
} else {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = process.env.PROFILE_DB ?? 'sunstamp_analytics_profile';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  if (reseed) await admin.query(`drop database if exists ${name}`);
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString() });
}
const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from jobs');
if (!n) {
  await seedReference(database);
  await seedDemo(database);
  await seedJobs(database, 100_000);
  await seedHistory(database);
}
const today = new Date().toISOString().slice(0, 10);
const fromDay = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
const toDay = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const range = { from: new Date(`${fromDay}T00:00:00Z`), to: new Date(`${toDay}T00:00:00Z`), fromDay, toDay };
const [acme] = await database.query<{ id: string }>("select id::text from companies where name = 'Acme Solar'");
const people = await repo.usersOfCompanies(database, undefined);
const scopes: [string, repo.StatsScope][] = [['all companies', {}], ['one company', { companyIds: [acme!.id] }]];
for (const [label, scope] of scopes) {
  const peopleIn = label === 'one company' ? await repo.usersOfCompanies(database, [acme!.id]) : people;
  const steps: [string, () => Promise<unknown>][] = [
    ['jobsPerDay', () => repo.jobsPerDay(database, range, scope)],
    ['revisionsByReason', () => repo.revisionsByReason(database, range, scope)],
    ['cycleDurations', () => repo.cycleDurations(database, range, scope)],
    ['actionCounts', () => repo.actionCounts(database, range, scope)],
    ['jobsPerUser', () => repo.jobsPerUser(database, range, scope, peopleIn)],
    ['jobsMovedPerUser', () => repo.jobsMovedPerUser(database, range, scope, peopleIn)],
    ['shiftHours', () => repo.shiftHours(database, range, peopleIn, new Date())],
  ];
  for (const [name, f] of steps) {
    await f();
    const t: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await f();
      t.push(performance.now() - t0);
    }
    t.sort((a, b) => a - b);
    console.log(`${pglite ? 'pglite' : 'postgres'} ${label} ${name}: median ${t[2]!.toFixed(1)} ms`);
  }
}
console.log(today);
await database.close();
