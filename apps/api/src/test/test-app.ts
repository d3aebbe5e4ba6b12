import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { createContext, type ContextDeps } from '../context.ts';
import { startWorkers } from '../workers.ts';
import { loadConfig, type Config } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed/seed.ts';
import { openTestDatabase } from './test-database.ts';
import { seedSampleJobs } from '../db/seed/sample-jobs.seed.ts';
import { seedSampleDeliverables } from '../db/seed/sample-deliverables.seed.ts';
import { manualClock } from '../platform/clock.ts';
import { createMailer } from '../platform/mailer.ts';
import { sessionKeyOf } from '../modules/auth/tokens.ts';

export type OutboxMail = { to: string; subject: string; text: string; raw: string };

/** Reads the .eml files the real outbox mailer wrote, decoding quoted-printable bodies. */
export function readOutbox(dir: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).sort().map((f) => {
    const raw = fs.readFileSync(path.join(dir, f), 'utf8');
    const [head, ...bodyParts] = raw.split(/\r?\n\r?\n/);
    const header = (n: string) => new RegExp(`^${n}: (.*)$`, 'mi').exec(head!)?.[1]?.trim() ?? '';
    let body = bodyParts.join('\n\n');
    if (/quoted-printable/i.test(head!)) {
      body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    }
    return { to: header('To'), subject: header('Subject'), text: body, raw };
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * `seed` (default on): the demo accounts and companies, and no jobs, so tests count only the jobs
 * they make. `sampleJobs`: also the demo's sample jobs, as `npm start` seeds them, at the test clock's start.
 */
export async function createTestApp(opts: { seed?: boolean; sampleJobs?: boolean; webDist?: string; deps?: Partial<ContextDeps>; logger?: Record<string, unknown>; config?: Partial<Config> } = {}) {
  // A copy of the run's template (test-database.ts): the reference data, and the demo unless `seed: false`.
  const { database, drop } = await openTestDatabase(opts.seed === false ? 'reference' : 'demo');
  const clock = manualClock(new Date());
  if (opts.sampleJobs) await seedSampleJobs(database, clock.now());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-test-'));
  const outboxDir = path.join(dataDir, 'outbox');
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://sunstamp.test' }),
    seedDemo: false,
    // Tests do not serve the built web app unless they bring one.
    webDist: opts.webDist ?? path.join(dataDir, 'no-web'),
    ...opts.config,
  };
  const ctx = await createContext(
    { ...config, queue: { ...config.queue, pollSeconds: 0.5, trackSent: true } },
    {
      database,
      clock,
      authSecret: 'test-secret-'.padEnd(48, 'x'),
      mailTransport: createMailer({ outboxDir, from: config.mailFrom }),
      ...opts.deps,
    },
  );
  if (opts.sampleJobs) await seedSampleDeliverables(database, ctx.storage, { publicUrl: ctx.config.publicUrl, sealingBlocked: ctx.config.sealingBlocked });
  await startWorkers(ctx);
  const app = await buildApp(ctx, { logger: opts.logger });
  await app.ready();
  const csrf = app.ctx.signer.issueCsrf();
  /** A CSRF token for calls made with `token` (bound to its session), or a signed-out one. */
  async function csrfFor(token?: string) {
    const claims = token ? await app.ctx.signer.verifyAccess(token) : null;
    return app.ctx.signer.issueCsrf(sessionKeyOf(claims));
  }

  async function request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    o: { body?: unknown; token?: string; headers?: Record<string, string>; csrf?: boolean; raw?: string } = {},
  ): Promise<LightMyRequestResponse & { data: any }> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    // Issued per call: tests move the clock further than a token lives.
    if (method !== 'GET' && o.csrf !== false) headers['x-csrftoken'] = await csrfFor(o.token);
    let payload: string | undefined;
    if (o.raw !== undefined) {
      payload = o.raw;
      headers['content-type'] ??= 'application/json';
    } else if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await app.inject({ method, url, headers, payload });
    // Mail and other jobs the request queued have run when the call returns, as tests expect.
    await ctx.queue.drain();
    let data: any;
    try { data = res.json(); } catch { data = res.body; }
    return Object.assign(res, { data });
  }

  const tokens = new Map<string, { access: string; refresh: string }>();
  async function login(email: string, password = DEMO_PASSWORD) {
    const res = await request('POST', '/api/auth/login/', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    tokens.set(email, res.data);
    return res.data as { access: string; refresh: string };
  }
  /**
   * A fresh access token for an account, signed by the app's own signer at the test clock's "now"
   * (tests move the clock past a token's 15 minutes; the sign-in flow itself is tested in auth.test.ts).
   */
  async function tokenOf(email: string) {
    const [u] = await database.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    return app.ctx.signer.signAccess(u.id, u.role);
  }

  return {
    app: app as FastifyInstance,
    database,
    clock,
    outboxDir,
    outbox: () => readOutbox(outboxDir),
    request,
    login,
    tokenOf,
    csrf,
    csrfFor,
    /** Tests that write to the database directly drop the per-process user cache, as services do. */
    dbChanged: () => app.ctx.cache.invalidateAll(),
    ctx,
    async close() {
      await app.close();
      await ctx.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO = {
  admin: 'admin@sunstamp.test',
  support: 'support@sunstamp.test',
  contractor: 'drafter@sunstamp.test',
  acmeOwner: 'owner@acme-solar.test',
  acmeUser: 'installer@acme-solar.test',
  brightOwner: 'owner@brightside.test',
} as const;
