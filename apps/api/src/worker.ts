import { loadConfig } from './config.ts';
import { closeOnSignals } from './platform/shutdown.ts';
import { openConfiguredDatabase } from './server.ts';
import { createContext } from './context.ts';
import { startWorkers } from './workers.ts';
import { systemClock } from './platform/clock.ts';
import { resolveAuthSecret } from './platform/secrets.ts';

/**
 * `npm run worker`: the same context as the API, running only the queue's handlers. Start as many
 * as the work needs (PostgreSQL); with the embedded PGlite database only one process may open
 * DATA_DIR, so there the workers run inside the API (WORKERS=on, the default).
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
const ctx = await createContext(config, { database, clock: systemClock, authSecret: resolveAuthSecret(config.authSecret, config.dataDir) });
await startWorkers(ctx);
console.log(`Sunstamp worker ${process.pid} started (${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL'})`);

closeOnSignals('finishing running jobs', async () => {
  await ctx.close();
  await database.close();
});
