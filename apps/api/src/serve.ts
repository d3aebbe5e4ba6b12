import { loadConfig } from './config.ts';
import { closeOnSignals } from './platform/shutdown.ts';
import { closeServer, createServer, startServerWorkers } from './server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed.ts';
import { startEmbeddedMaintenance } from './db/embedded-maintenance.ts';

const started = Date.now();
const config = loadConfig();
const server = await createServer(config);
const { app, database } = server;
await app.listen({ port: config.port, host: config.host });
// The queue's workers start polling a moment after the server listens (a dead process's jobs were
// taken back before it): they share PGlite's one connection, and the first requests of a restart
// (open tabs reconnecting, a health check) are answered first instead of queueing behind them.
const WORKERS_AFTER_MS = 500;
const workers = setTimeout(() => {
  startServerWorkers(server).catch((err: unknown) => {
    console.error('The background workers could not start:', err);
    process.exit(1);
  });
}, WORKERS_AFTER_MS);

// The embedded database has no autovacuum: the API analyses and vacuums its tables itself
// (db/embedded-maintenance.ts), the first pass a few seconds after the server listens.
const maintenance = database.kind === 'pglite'
  ? startEmbeddedMaintenance(database, {
    // Logged at info when a pass held the database a second or more (like PostgreSQL's
    // log_autovacuum_min_duration), otherwise at debug: busy queue tables are analysed most minutes.
    onPass: (steps) => {
      const ms = steps.reduce((sum, s) => sum + s.ms, 0);
      app.log[ms >= 1000 ? 'info' : 'debug']({ steps, ms }, 'embedded database maintenance');
    },
    onError: (err) => app.log.warn({ err: String(err) }, 'embedded database maintenance failed'),
  })
  : undefined;

const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nSunstamp is running at ${url}  (API under ${url}/api, docs at ${url}/api/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}; ready in ${Date.now() - started} ms`);
console.log(`Background workers: ${config.workers ? 'in this process' : 'off (run `npm run worker`)'}; files: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `${config.dataDir}/files`}`);
if (!config.workers && database.kind === 'pglite') {
  // Only one process can open the embedded database, so no worker process can run beside this one.
  console.warn('WORKERS=off on the embedded database: queued jobs (mail) wait until the API runs with WORKERS=on.');
}
// Sealing prints {PUBLIC_URL}/verify on documents: said at start-up, refused at sealing (config.ts).
if (config.sealingBlocked) console.warn(`Sealing is refused: ${config.sealingBlocked}`);
if (config.seedDemo) {
  console.log(`\nDemo sign-ins (password: ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(28)} ${a.role.padEnd(11)} ${a.company}`);
  console.log('');
}

closeOnSignals('finishing open requests and closing the database', async () => {
  clearTimeout(workers);
  await maintenance?.stop();
  await closeServer(server);
});
