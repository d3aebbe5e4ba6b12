import { loadConfig } from './config.ts';
import { closeServer, createServer } from './server.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed.ts';

const started = Date.now();
const config = loadConfig();
const { app, database } = await createServer(config);
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nSunstamp is running at ${url}  (API under ${url}/api, docs at ${url}/api/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}; ready in ${Date.now() - started} ms`);
if (config.seedDemo) {
  console.log(`\nDemo sign-ins (password: ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(28)} ${a.role.padEnd(11)} ${a.company}`);
  console.log('');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received: finishing open requests and closing the database…`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await closeServer({ app, database });
    process.exit(0);
  } catch (e) {
    console.error(e);
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
