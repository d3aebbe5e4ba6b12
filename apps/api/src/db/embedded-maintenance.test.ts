import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { maintainEmbeddedDatabase, maintenanceOf, startEmbeddedMaintenance, type MaintenanceStep } from './embedded-maintenance.ts';
import { openTestDatabase } from '../test/test-database.ts';

const table = { reltuples: 1000, pages: 10, mods: 0, dead: 0, live: 1000, analysed: true };

describe("maintenanceOf: autovacuum's default thresholds", () => {
  it('analyses a table with rows and no statistics, and leaves an empty one alone', () => {
    expect(maintenanceOf({ ...table, analysed: false })).toEqual({ analyse: true, vacuum: false });
    // Never vacuumed nor analysed (reltuples -1), rows inserted since the start.
    expect(maintenanceOf({ reltuples: -1, pages: 0, mods: 12, dead: 0, live: 12, analysed: false })).toEqual({ analyse: true, vacuum: false });
    expect(maintenanceOf({ reltuples: -1, pages: 0, mods: 0, dead: 0, live: 0, analysed: false })).toEqual({ analyse: false, vacuum: false });
    expect(maintenanceOf({ reltuples: 0, pages: 0, mods: 0, dead: 0, live: 0, analysed: false })).toEqual({ analyse: false, vacuum: false });
  });
  it('analyses after more than 50 + 10 % of the rows changed, vacuums beyond 50 + 20 % dead rows', () => {
    expect(maintenanceOf({ ...table, mods: 150 }).analyse).toBe(false);
    expect(maintenanceOf({ ...table, mods: 151 }).analyse).toBe(true);
    expect(maintenanceOf({ ...table, dead: 250 }).vacuum).toBe(false);
    expect(maintenanceOf({ ...table, dead: 251 }).vacuum).toBe(true);
    // A small table: the 50 rows dominate.
    expect(maintenanceOf({ ...table, reltuples: 10, mods: 50, dead: 52 })).toEqual({ analyse: false, vacuum: false });
    expect(maintenanceOf({ ...table, reltuples: 10, mods: 52, dead: 53 })).toEqual({ analyse: true, vacuum: true });
  });
});

// PGlite is the engine without autovacuum; on PostgreSQL the server's own may have analysed the
// tables first, so what a pass finds to do is not the test's to know.
describe.skipIf(process.env.SUNSTAMP_TEST_DB === 'postgres')('on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    ({ database } = await openTestDatabase('reference'));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const statisticsRows = async (name: string) =>
    Number((await database.query<{ n: number }>(`select count(*)::int as n from pg_statistic where starelid = $1::regclass`, [name]))[0]!.n);
  const plannerRows = async (name: string) =>
    Number((await database.query<{ reltuples: number }>(`select reltuples from pg_class where oid = $1::regclass`, [name]))[0]!.reltuples);
  /** Changes every state's row (a dead version each) and makes the counters visible at once. */
  const churnStates = async () => {
    await database.query('select pg_stat_force_next_flush()');
    await database.query('update states set name = name');
    await database.query('select pg_stat_force_next_flush()');
    await database.query('select 1');
  };
  const deadStates = async () =>
    Number((await database.query<{ n: number }>(`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'states'`))[0]?.n ?? 0);

  it('analyses the tables that have rows and no statistics, then has nothing to do', async () => {
    const states = Number((await database.query<{ n: number }>('select count(*)::int as n from states'))[0]!.n);
    expect(states).toBeGreaterThan(50);
    expect(await statisticsRows('states')).toBe(0);

    const steps = await maintainEmbeddedDatabase(database);
    expect(steps).toContainEqual({ table: 'public.states', analyse: true, vacuum: false, ms: expect.any(Number) });
    // The empty tables (no job in a reference install) are left alone.
    expect(steps.map((s) => s.table)).not.toContain('public.jobs');
    expect(await statisticsRows('states')).toBeGreaterThan(0);
    // The planner now knows the table's size instead of guessing it from its pages.
    expect(await plannerRows('states')).toBe(states);

    expect(await maintainEmbeddedDatabase(database)).toEqual([]);
  }, 60_000);

  it('vacuums the dead rows of an update away and analyses the changed table again', async () => {
    await churnStates();
    expect(await deadStates()).toBeGreaterThan(50);
    const steps = await maintainEmbeddedDatabase(database);
    expect(steps.find((s) => s.table === 'public.states')).toMatchObject({ vacuum: true, analyse: true });
    await database.query('select pg_stat_force_next_flush()');
    await database.query('select 1');
    expect(await deadStates()).toBe(0);
    expect(await maintainEmbeddedDatabase(database)).toEqual([]);
  }, 60_000);

  it('runs its first pass after the delay, then on its interval, and not after stop', async () => {
    const passes: MaintenanceStep[][] = [];
    const errors: unknown[] = [];
    await churnStates();
    const maintenance = startEmbeddedMaintenance(database, { firstAfterMs: 20, everyMs: 50, onPass: (s) => passes.push(s), onError: (e) => errors.push(e) });
    try {
      await expect.poll(() => passes.length, { timeout: 20_000 }).toBe(1);
      expect(passes[0]!.map((s) => s.table)).toContain('public.states');
      // Another update: a later pass (on the interval) takes it.
      await churnStates();
      await expect.poll(() => passes.length, { timeout: 20_000 }).toBe(2);
    } finally {
      await maintenance.stop();
    }
    await churnStates();
    await new Promise((r) => setTimeout(r, 400));
    expect(passes).toHaveLength(2);
    expect(errors).toEqual([]);
  }, 60_000);
});
