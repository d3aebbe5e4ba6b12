import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemo } from './db/seed/seed.ts';
import { seedReferenceOnce } from './db/seed/seed-mark.ts';
import { seedSampleJobs } from './db/seed/sample-jobs.seed.ts';
import { seedDemoEngineer } from './db/seed/demo-engineer.seed.ts';
import { makeDemoStampedSet } from './modules/jobs/demo-stamped-set.ts';
import { seedSampleDeliverables } from './db/seed/sample-deliverables.seed.ts';
import { systemClock } from './platform/clock.ts';
import { resolveAuthSecret } from './platform/secrets.ts';
import { createContext, type OpenContext } from './context.ts';
import { recoverLostJobs, startWorkers } from './workers.ts';
import { buildApp } from './app.ts';

export type Server = { app: FastifyInstance; ctx: OpenContext; database: Database; seeded: boolean };

/** Closes the app first (no new requests), then the context (queue, listeners), then the database. */
export async function closeServer(s: Pick<Server, 'app' | 'ctx' | 'database'>) {
  await s.app.close();
  await s.ctx.close();
  await s.database.close();
}

/** PGlite in DATA_DIR, or DATABASE_URL; migrated on open. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

/** Opens the database, seeds, builds the context, takes back a dead process's jobs (WORKERS on) and builds the app; startServerWorkers starts the workers after listen. */
export async function createServer(config: Config): Promise<Server> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const database = await openConfiguredDatabase(config);
  // One starting process at a time: each seed looks before it writes ("no user yet", "no job yet").
  const seeded = await database.exclusive(async () => {
    await seedReferenceOnce(database);
    const made = config.seedDemo ? await seedDemo(database) : false;
    // The demo's sample jobs: only while the install has no job at all (see sample-jobs.seed.ts).
    if (config.seedDemo) await seedSampleJobs(database);
    return made;
  });
  const logger = config.logLevel === 'silent' ? false : { level: config.logLevel };
  const ctx = await createContext(
    { ...config, webDist: config.webDist ?? path.resolve(here, '../../web/dist') },
    { database, clock: systemClock, authSecret: resolveAuthSecret(config.authSecret, config.dataDir) },
  );
  // An engineer with a placeholder seal marked DEMO, who seals the demo's documents from the admin's account.
  if (config.seedDemo) await seedDemoEngineer(database, ctx.storage);
  // Their documents need the storage: the sample jobs that passed Design Completed get theirs.
  if (config.seedDemo && (await seedSampleDeliverables(database, ctx.storage, { publicUrl: ctx.config.publicUrl, stampedSetMadeLater: true, sealingBlocked: ctx.config.sealingBlocked })) > 0) {
    // One real stamped set: a CAD Stamp sample job generated, sealed by the demo engineer, released.
    await makeDemoStampedSet(ctx).catch((err: unknown) => ctx.log.warn({ err: String(err) }, 'the demo\'s stamped plan set could not be made'));
  }
  // A dead process's runs are taken back before the first answer (issue 27: a restart never shows a
  // killed run as running); the polling starts after listen (startServerWorkers).
  if (config.workers) await recoverLostJobs(ctx);
  const app = await buildApp(ctx, { logger });
  return { app, ctx, database, seeded };
}

/**
 * Starts the queue's workers in this process unless WORKERS=off (createServer has already taken
 * back a dead process's jobs). Called once the server listens, so the first answer of a restart
 * does not wait for the workers' first polls; they share PGlite's one connection with everything else.
 */
export async function startServerWorkers(s: Pick<Server, 'ctx'>) {
  if (s.ctx.config.workers) await startWorkers(s.ctx);
}
