import type { Database } from './client.ts';

/*
 * What autovacuum does for a PostgreSQL server, done by the API for the embedded database. PGlite
 * runs no autovacuum launcher: left alone, an install's tables were never analysed (the planner
 * guessed 630 rows for the 69 states and costed every filter with default selectivities) and never
 * vacuumed (dead row versions of every update stayed in the tables and their indexes). On the jobs
 * list over 100,000 jobs, analysing every table took up to a sixth off the database's time for most
 * shapes of page (bench/README.md, issue 27).
 *
 * The rules are autovacuum's, with its default thresholds: a table is analysed when it has rows but
 * no statistics yet, or when more rows changed since its last analysis than 50 + 10 % of its rows;
 * it is vacuumed when it holds more dead rows than 50 + 20 % of its rows. The change counters live
 * in PGlite's memory and start again at zero with every start; the statistics and row counts they are
 * compared with are kept in the database.
 *
 * PGlite answers one statement at a time, so a pass holds up the requests behind it: analysing
 * every table of an install with 100,000 jobs took 0.76 s on a slow day of this machine, once, and a
 * pass with nothing to do is one catalogue query. serve.ts runs the first pass a few seconds after the server listens, so neither
 * the first answer of a restart nor the workers' start waits for it, then one a minute
 * (autovacuum's own naptime).
 */

export const MAINTENANCE_FIRST_AFTER_MS = 5_000;
export const MAINTENANCE_EVERY_MS = 60_000;

type TableState = {
  schema: string;
  name: string;
  reltuples: number;
  /** Its pages on disk now (pg_class.relpages is only written by VACUUM and ANALYZE). */
  pages: number;
  mods: number;
  dead: number;
  live: number;
  analysed: boolean;
};

export type MaintenanceStep = { table: string; vacuum: boolean; analyse: boolean; ms: number };

/** What a table needs by autovacuum's default thresholds (exported for its test). */
export function maintenanceOf(t: Pick<TableState, 'reltuples' | 'pages' | 'mods' | 'dead' | 'live' | 'analysed'>): { vacuum: boolean; analyse: boolean } {
  const rows = Math.max(t.reltuples, 0);
  const hasRows = t.reltuples > 0 || t.pages > 0 || t.live > 0 || t.mods > 0;
  return {
    analyse: (hasRows && !t.analysed) || t.mods > 50 + 0.1 * rows,
    vacuum: t.dead > 50 + 0.2 * rows,
  };
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * The tables of the app's and the queue's schemas, with what the planner and the change counters
 * know of them. A table filled before this start and never analysed has no counters and no row
 * estimate (reltuples -1): its size on disk says it has rows.
 */
async function tableStates(database: Database): Promise<TableState[]> {
  const rows = await database.query<{
    schema: string; name: string; reltuples: number | string; pages: number | string;
    mods: number | string | null; dead: number | string | null; live: number | string | null; analysed: boolean;
  }>(`select n.nspname as schema, c.relname as name, c.reltuples,
      pg_relation_size(c.oid) / current_setting('block_size')::int as pages,
      s.n_mod_since_analyze as mods, s.n_dead_tup as dead, s.n_live_tup as live,
      exists (select 1 from pg_statistic st where st.starelid = c.oid) as analysed
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by 1, 2`);
  return rows.map((r) => ({
    schema: r.schema, name: r.name, reltuples: Number(r.reltuples), pages: Number(r.pages),
    mods: Number(r.mods ?? 0), dead: Number(r.dead ?? 0), live: Number(r.live ?? 0), analysed: r.analysed,
  }));
}

/** One pass: analyses and vacuums the tables that need it, one statement per table; answers what it did. */
export async function maintainEmbeddedDatabase(database: Database): Promise<MaintenanceStep[]> {
  const done: MaintenanceStep[] = [];
  for (const t of await tableStates(database)) {
    const { vacuum, analyse } = maintenanceOf(t);
    if (!vacuum && !analyse) continue;
    const table = `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
    const started = performance.now();
    // VACUUM cannot run in a transaction block; each is a statement of its own.
    await database.query(vacuum ? `vacuum${analyse ? ' (analyze)' : ''} ${table}` : `analyze ${table}`);
    done.push({ table: `${t.schema}.${t.name}`, vacuum, analyse, ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * Runs a pass `firstAfterMs` after the call, then every `everyMs`; a pass never overlaps the last.
 * The timers keep no process alive; `stop` waits for a pass under way.
 */
export function startEmbeddedMaintenance(
  database: Database,
  opts: { firstAfterMs?: number; everyMs?: number; onPass?: (steps: MaintenanceStep[]) => void; onError?: (err: unknown) => void } = {},
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = () => {
    if (stopped) return;
    running = maintainEmbeddedDatabase(database)
      .then((steps) => { if (steps.length) opts.onPass?.(steps); }, (err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(pass, opts.everyMs ?? MAINTENANCE_EVERY_MS).unref();
      });
  };
  timer = setTimeout(pass, opts.firstAfterMs ?? MAINTENANCE_FIRST_AFTER_MS).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
