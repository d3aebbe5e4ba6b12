/**
 * What the unread-messages count costs the jobs list, in the database alone (no HTTP, so a busy
 * machine moves it less): 100,000 jobs (bench/jobs-seed.ts), 20,000 messages on 2,000 of the newest
 * jobs with read marks on half of them, then the list's statement for a page of 50 (newest first,
 * and a status filter) run in turns with and without the count, as admin and as a client.
 *
 *   npx tsx bench/jobs-list-unread.bench.ts --db postgres      # or --db pglite
 */
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { listJobs, type JobListFilter, type ListReader } from '../apps/api/src/modules/jobs/jobs.repository.ts';
import { threadAccessOf } from '../packages/domain/src/policies/message-inbox.policy.ts';
import { seedJobs } from './jobs-seed.ts';
import { openBenchDatabase } from './bench-database.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const arg = process.argv.indexOf('--db');
const kind = arg > 0 ? process.argv[arg + 1]! : 'postgres';

const bench = await openBenchDatabase(kind);
let { database } = bench;
const { cleanup } = bench;
try {
  await seedReference(database);
  await seedDemo(database);
  await seedJobs(database, JOBS);
  database = await bench.reopen(); // as after a restart: PGlite's cache sized by the data (bench-database.ts)
  const [admin] = await database.query<{ id: string }>("select id from users where email = 'admin@sunstamp.test'");
  const [owner] = await database.query<{ id: string; company_id: string }>(
    "select u.id, uc.company_id from users u join user_companies uc on uc.user_id = u.id where u.email = 'owner@acme-solar.test'");
  await database.query(`insert into messages (job_id, thread, author_id, body)
    select j.id, case when g % 3 = 0 then 'internal' else 'client' end, $1::uuid, 'Bench message ' || g
    from (select id, row_number() over (order by created_at desc) as n from jobs order by created_at desc limit 2000) j
    cross join generate_series(1, 10) g`, [owner!.id]);
  await database.query(`insert into message_reads (job_id, user_id, thread, last_read_message_id)
    select job_id, $1::uuid, thread, max(id) - 3 from messages group by job_id, thread having (hashtext(job_id::text) % 2) = 0`, [admin!.id]);
  await database.query('vacuum analyze');

  const now = new Date();
  const base: JobListFilter = { scope: { kind: 'all' }, includeInactive: false, now };
  const variants: [string, JobListFilter][] = [
    ['admin, newest first', base],
    ['admin, status filter', { ...base, statuses: ['Pending Design'] }],
    ['client, newest first', { ...base, scope: { kind: 'companies', companyIds: [owner!.company_id] } }],
  ];
  const none: ListReader = { userId: null, always: [], whenShared: [] };
  const rows: string[] = [];
  for (const [name, f] of variants) {
    const reader: ListReader = name.startsWith('admin')
      ? { userId: admin!.id, ...threadAccessOf({ id: admin!.id, role: 'admin' }) }
      : { userId: owner!.id, ...threadAccessOf({ id: owner!.id, role: 'user_admin' }) };
    const page = { limit: 50, offset: 0 };
    const order = { field: 'created_at' as const, desc: true };
    const run = (r: ListReader) => listJobs(database, f, order, page, 1, r);
    for (let i = 0; i < 20; i++) { await run(none); await run(reader); } // warm plans and caches
    const t = { without: 0, with: 0 };
    let unread = 0;
    for (let i = 0; i < ROUNDS; i++) {
      let t0 = performance.now();
      await run(none);
      t.without += performance.now() - t0;
      t0 = performance.now();
      const got = await run(reader);
      t.with += performance.now() - t0;
      unread = got.rows.reduce((n, r) => n + r.unreadMessages, 0);
    }
    rows.push(`| ${kind} | ${name} | ${(t.without / ROUNDS).toFixed(2)} ms | ${(t.with / ROUNDS).toFixed(2)} ms | ${unread} |`);
    console.log(rows.at(-1));
  }
  console.log(['\n| database | page of 50 | without the count | with it | unread on the page |', '|---|---|---|---|---|', ...rows].join('\n'));
} finally {
  await cleanup();
}
process.exit(0);
