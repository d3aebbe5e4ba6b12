import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemo, seedReference } from './db/seed/seed.ts';
import { seedSampleJobs } from './db/seed/sample-jobs.seed.ts';
import { createMailer } from './platform/mailer.ts';
import { systemClock } from './platform/clock.ts';
import { resolveAuthSecret } from './platform/secrets.ts';
import { buildApp } from './app.ts';

export type Server = { app: FastifyInstance; database: Database; seeded: boolean };

/** Closes the app first (its listeners unsubscribe through the database), then the database. */
export async function closeServer(s: Pick<Server, 'app' | 'database'>) {
  await s.app.close();
  await s.database.close();
}

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds and builds the app. */
export async function createServer(config: Config): Promise<Server> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await seedReference(database);
  const seeded = config.seedDemo ? await seedDemo(database) : false;
  // The demo's sample jobs: only while the install has no job at all (see sample-jobs.seed.ts).
  if (config.seedDemo) await seedSampleJobs(database);
  const logger = config.logLevel === 'silent' ? false : { level: config.logLevel };
  const app = await buildApp({
    config: { ...config, webDist: config.webDist ?? path.resolve(here, '../../web/dist') },
    database,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log: { info: (o, m) => console.log(`[mail] ${m}`, JSON.stringify(o)) },
    }),
    clock: systemClock,
    authSecret: resolveAuthSecret(config.authSecret, config.dataDir),
    logger,
  });
  return { app, database, seeded };
}
