/**
 * Scale-out rehearsal (issue 27, part 6): `npm run rehearse [-- --seconds 180 --no-restart --no-build]`.
 *
 * On the local PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * in a database of its own (created, migrated and seeded with the demo accounts here, dropped at the
 * end), it starts the built server twice with WORKERS=off (API 1 and API 2), `worker.js` twice
 * (worker 1 and worker 2), s3rver for the files (S3_BUCKET), smtp-server collecting every mail
 * (SMTP_URL), and a small HTTP proxy that spreads requests round-robin over the two APIs. Then, for
 * `--seconds` (default 180), clients create jobs and upload a file to each, post messages, list
 * jobs, and request plan-set runs and letter runs, all through the proxy, while live-event streams
 * are held open on each API directly. Part way (40 %), API 2 and the worker that holds a plan-set
 * run are killed with SIGKILL; both are started again 10 s later (unless --no-restart), as a
 * process supervisor would. At the end it waits for the queue to finish, then checks that nothing
 * was lost and prints a summary (JSON with --json <file>).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { makeDatasheet, solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { openScratchPostgres } from '../apps/api/src/db/scratch-database.ts';
import { seedDemo, seedReference } from '../apps/api/src/db/seed/seed.ts';
import { ahjs, companies, equipment, states, users, utilities } from '../apps/api/src/db/schema.ts';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/seed.ts';
import { readSse } from '../apps/api/src/test/sse-reader.ts';
import { startSmtpSink } from '../apps/api/src/test/smtp-sink.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const opt = (name: string) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
const SECONDS = Number(opt('--seconds') ?? process.env.REHEARSE_SECONDS ?? 180);
const RESTART = !argv.includes('--no-restart');
const BUILD = !argv.includes('--no-build');
const JSON_OUT = opt('--json');
const KILL_AT = 0.4;
const RESTART_AFTER_MS = 10_000;
const DRAIN_MAX_MS = Number(process.env.REHEARSE_DRAIN_SECONDS ?? 420) * 1000;
const MAIL_BATCH_SECONDS = 10;
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const DEMO = { admin: 'admin@sunstamp.test', support: 'support@sunstamp.test', contractor: 'drafter@sunstamp.test', acmeOwner: 'owner@acme-solar.test', acmeUser: 'installer@acme-solar.test' } as const;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const t0 = Date.now();
const sec = () => ((Date.now() - t0) / 1000).toFixed(1);
const log = (...a: unknown[]) => console.log(`[${sec()} s]`, ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const freePort = () => new Promise<number>((resolve) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => resolve(p)); }); });

// ---------------------------------------------------------------------------------------------
// Set-up: build, database, S3, SMTP
// ---------------------------------------------------------------------------------------------
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-rehearse-'));
const dist = path.join(root, 'apps/api/dist');
if (BUILD) {
  log('building the API (apps/api/build.mjs)');
  execFileSync(process.execPath, [path.join(root, 'apps/api/build.mjs')], { cwd: root, stdio: 'inherit' });
}
if (!fs.existsSync(path.join(dist, 'main.js')) || !fs.existsSync(path.join(dist, 'worker.js'))) throw new Error('apps/api/dist/main.js or worker.js is missing: run npm run build (or drop --no-build)');

const loadStart = loadavg();
const scratch = await openScratchPostgres(BASE_URL, { prefix: 'sunstamp_rehearse', poolSize: 4 });
const database = scratch.database;
const dbUrl = (() => { const u = new URL(BASE_URL); u.pathname = `/${scratch.name}`; return u.toString(); })();
log(`database ${scratch.name} created and migrated; load average ${loadStart}`);

const S3rver = createRequire(import.meta.url)('s3rver') as new (o: object) => { run(): Promise<{ port: number }>; close(): Promise<void> };
const s3Port = await freePort();
const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: 'files' }] });
await s3.run();

type Mail = { to: string[]; subject: string; at: number };
const mails: Mail[] = [];
// A worker killed mid-delivery resets its connection: the sink lets that pass (test/smtp-sink.ts).
const smtp = await startSmtpSink({
  deliver: (data, session) => mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: /^Subject: (.*)$/m.exec(data)?.[1] ?? '', at: Date.now() }),
});
const smtpPort = smtp.port;

// Demo accounts and what a plan set needs that has no API here (an AHJ with its criteria, a utility,
// the firm's title-block details): written before any server starts, so no cache holds older rows.
await seedReference(database);
await seedDemo(database);
const db = database.db;
await db.update(companies).set({ address: '100 Main St, Denver, CO 80202', phoneNumber: '(303) 555-0100', email: 'plans@sunstamp.test' }).where(eq(companies.isInternal, true));
await db.update(companies).set({ address: '22 Elm St, Austin, TX 78701', phoneNumber: '(512) 555-0142' }).where(eq(companies.name, 'Acme Solar'));
const stateId = (await db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
const [ahj] = await db.insert(ahjs).values({
  name: 'Rehearsal Town', state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
  windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6, seismicDesignCategory: 'A', stampType: 'digital',
}).returning();
const [utility] = await db.insert(utilities).values({ name: 'Rehearsal Energy', states: ['TX'] }).returning();
const allEquipment = await db.select().from(equipment);
const eqModule = allEquipment.find((e) => e.kind === 'module' && typeof e.data.lengthMm === 'number')!;
const eqInverter = allEquipment.find((e) => e.kind === 'inverter' && (e.type === 'String Inverter' || e.data.type === 'String Inverter'))!;
const eqRacking = allEquipment.find((e) => e.kind === 'racking')!;
const eqMci = allEquipment.find((e) => e.kind === 'mci')!;
const userId = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;
const adminId = await userId(DEMO.admin);
const contractorId = await userId(DEMO.contractor);
const supportId = await userId(DEMO.support);

// ---------------------------------------------------------------------------------------------
// Processes
// ---------------------------------------------------------------------------------------------
const proxyPort = await freePort();
const common: Record<string, string> = {
  NODE_ENV: 'production', DATABASE_URL: dbUrl, SEED_DEMO: 'false', AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUST_PROXY: 'true', LOG_LEVEL: 'warn',
  S3_BUCKET: 'files', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
  NOTIFICATION_MAIL_BATCH_SECONDS: String(MAIL_BATCH_SECONDS),
};
type Proc = { name: string; kind: 'api' | 'worker'; port: number; env: Record<string, string>; child: ChildProcess | null; starts: number; out: fs.WriteStream; up: boolean };
const procs: Proc[] = [];
function makeProc(name: string, kind: Proc['kind'], port: number): Proc {
  const dataDir = path.join(tmp, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const env = { ...common, DATA_DIR: dataDir, ...(kind === 'api' ? { WORKERS: 'off', PORT: String(port), HOST: '127.0.0.1' } : {}) };
  const p: Proc = { name, kind, port, env, child: null, starts: 0, out: fs.createWriteStream(path.join(tmp, `${name}.log`)), up: false };
  procs.push(p);
  return p;
}
function start(p: Proc) {
  const script = path.join(dist, p.kind === 'api' ? 'main.js' : 'worker.js');
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...p.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(p.out, { end: false });
  child.stderr!.pipe(p.out, { end: false });
  p.child = child;
  p.starts++;
  child.on('exit', (code, signal) => { p.up = false; if (!stopping) log(`${p.name} (pid ${child.pid}) exited: ${signal ?? code}`); });
  return child;
}
async function waitUp(p: Proc, ms = 240_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (p.kind === 'api') {
      try { if ((await fetch(`http://127.0.0.1:${p.port}/api/health`)).ok) break; } catch { /* not yet */ }
    } else {
      if ((await database.query('select 1 from queue_workers where pid = $1 and heartbeat_at > now() - interval \'10 seconds\'', [p.child!.pid])).length) break;
    }
    if (p.child!.exitCode !== null || p.child!.signalCode) throw new Error(`${p.name} exited while starting; see ${tmp}/${p.name}.log`);
    if (Date.now() > end) throw new Error(`${p.name} did not start in ${ms / 1000} s; see ${tmp}/${p.name}.log`);
    await sleep(250);
  }
  p.up = true;
}
let stopping = false;
// A failure of the rehearsal itself: no process of it is left behind, nor its database.
process.on('exit', () => { for (const p of procs) { try { p.child?.kill('SIGKILL'); } catch { /* gone */ } } });
const abort = (err: unknown) => {
  console.error(err);
  stopping = true;
  for (const p of procs) { try { p.child?.kill('SIGKILL'); } catch { /* gone */ } }
  void scratch.drop().finally(() => process.exit(2));
};
// A socket of the harness reset by a killed process (an SMTP or proxy connection) is noted, not fatal.
const harnessErrors: string[] = [];
process.on('uncaughtException', (err: NodeJS.ErrnoException) => { if (err.code === 'ECONNRESET' || err.code === 'EPIPE') harnessErrors.push(err.code); else abort(err); });
process.on('unhandledRejection', abort);

const api1 = makeProc('api1', 'api', await freePort());
const api2 = makeProc('api2', 'api', await freePort());
const worker1 = makeProc('worker1', 'worker', 0);
const worker2 = makeProc('worker2', 'worker', 0);
const apis = [api1, api2];

// ---------------------------------------------------------------------------------------------
// The proxy: round-robin; a backend that refuses the connection is skipped for 2 s and the request
// goes to the other (nothing was sent); a connection that breaks mid-request answers 502.
// ---------------------------------------------------------------------------------------------
const served = new Map<string, number>([['api1', 0], ['api2', 0]]);
const proxyErrors = { refusedRetried: 0, badGateway: 0 };
const downUntil = new Map<string, number>();
let rr = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const proxy = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const order = rr++ % 2 === 0 ? [api1, api2] : [api2, api1];
    const candidates = [...order.filter((b) => (downUntil.get(b.name) ?? 0) < Date.now()), ...order.filter((b) => (downUntil.get(b.name) ?? 0) >= Date.now())];
    const attempt = (i: number) => {
      const b = candidates[i];
      if (!b) { proxyErrors.badGateway++; res.writeHead(502, { 'content-type': 'application/json' }).end('{"message":"no backend"}'); return; }
      const up = http.request({ host: '127.0.0.1', port: b.port, method: req.method, path: req.url, agent, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1', 'content-length': String(body.length) } }, (r) => {
        served.set(b.name, served.get(b.name)! + 1);
        res.writeHead(r.statusCode ?? 502, { ...r.headers, 'x-served-by': b.name });
        r.pipe(res);
        r.on('error', () => res.destroy());
      });
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (res.headersSent) { res.destroy(); return; }
        if (err.code === 'ECONNREFUSED') { downUntil.set(b.name, Date.now() + 2000); proxyErrors.refusedRetried++; attempt(i + 1); return; }
        proxyErrors.badGateway++;
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `backend ${b.name}: ${err.code ?? err.message}` }));
      });
      up.end(body);
    };
    attempt(0);
  });
});
await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));
const PROXY = `http://127.0.0.1:${proxyPort}`;

// ---------------------------------------------------------------------------------------------
// Clients
// ---------------------------------------------------------------------------------------------
const statuses = new Map<string, Map<string, number>>();
const count = (op: string, status: string) => {
  const m = statuses.get(op) ?? new Map<string, number>();
  m.set(status, (m.get(status) ?? 0) + 1);
  statuses.set(op, m);
};
type Answer = { status: number; data: any; servedBy: string | null };
type Session = { email: string; access: string; refresh: string; csrf: string; at: number };
const sessions = new Map<string, Session>();

async function raw(op: string, method: string, url: string, o: { token?: string; csrf?: string; json?: unknown; body?: Buffer; contentType?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.csrf) headers['x-csrftoken'] = o.csrf;
  let body: Blob | string | undefined;
  if (o.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(o.json); }
  if (o.body) { headers['content-type'] = o.contentType!; body = new Blob([new Uint8Array(o.body)]); }
  try {
    const res = await fetch(`${PROXY}${url}`, { method, headers, body, signal: AbortSignal.timeout(120_000) });
    const text = await res.text();
    let data: any = text;
    try { data = JSON.parse(text); } catch { /* not JSON */ }
    count(op, String(res.status));
    return { status: res.status, data, servedBy: res.headers.get('x-served-by') };
  } catch (e) {
    count(op, `network: ${(e as Error).name}`);
    return { status: 0, data: String(e), servedBy: null };
  }
}
async function login(email: string): Promise<Session> {
  const anon = await raw('auth', 'GET', '/api/auth/csrf/');
  const r = await raw('auth', 'POST', '/api/auth/login/', { json: { email, password: DEMO_PASSWORD }, csrf: anon.data.csrfToken });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.data)}`);
  const csrf = await raw('auth', 'GET', '/api/auth/csrf/', { token: r.data.access });
  const s = { email, access: r.data.access as string, refresh: r.data.refresh as string, csrf: csrf.data.csrfToken as string, at: Date.now() };
  sessions.set(email, s);
  return s;
}
/** Access tokens live 15 minutes: a session older than 10 is refreshed (and its CSRF token with it). */
async function session(email: string): Promise<Session> {
  const s = sessions.get(email) ?? (await login(email));
  if (Date.now() - s.at > 10 * 60_000) {
    const r = await raw('auth', 'POST', '/api/auth/token/refresh/', { json: { refresh: s.refresh }, csrf: (await raw('auth', 'GET', '/api/auth/csrf/')).data.csrfToken });
    if (r.status === 200) {
      const csrf = await raw('auth', 'GET', '/api/auth/csrf/', { token: r.data.access });
      Object.assign(s, { access: r.data.access, refresh: r.data.refresh, csrf: csrf.data.csrfToken, at: Date.now() });
    }
  }
  return s;
}
async function call(op: string, who: string, method: string, url: string, json?: unknown): Promise<Answer> {
  const s = await session(who);
  return raw(op, method, url, { token: s.access, csrf: method === 'GET' ? undefined : s.csrf, json });
}
function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string })[]) {
  const boundary = `----rehearse${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`), p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function upload(op: string, who: string, method: string, url: string, parts: Parameters<typeof multipart>[0]) {
  const s = await session(who);
  const m = multipart(parts);
  return raw(op, method, url, { token: s.access, csrf: s.csrf, body: m.body, contentType: m.contentType });
}

// ---------------------------------------------------------------------------------------------
// Live-event streams, held on each API directly (not through the proxy), so that it is known which
// process delivered an event; a dropped stream reconnects with Last-Event-ID (to the other API
// while its own is down, and back home once it answers again).
// ---------------------------------------------------------------------------------------------
type Arrival = { via: string; at: number };
class Stream {
  lastId = -1;
  connectedTo: Proc | null = null;
  ctrl: AbortController | null = null;
  connects = 0;
  readonly messages = new Map<string, Arrival>();
  readonly runEvents = new Map<string, Arrival[]>();
  events = 0;
  private readonly ended = new WeakSet<AbortController>();
  private rehoming = false;
  constructor(readonly who: string, readonly home: Proc) {}
  async open(target: Proc): Promise<boolean> {
    const t = await call('events ticket', this.who, 'POST', '/api/events/ticket', {});
    if (t.status !== 200) return false;
    const ctrl = new AbortController();
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${target.port}/api/events?ticket=${t.data.ticket}`, { signal: ctrl.signal, headers: this.lastId >= 0 ? { 'last-event-id': String(this.lastId) } : {} });
    } catch { return false; }
    count('events stream', String(res.status));
    if (res.status !== 200 || !res.body) return false;
    this.ctrl = ctrl;
    this.connectedTo = target;
    this.connects++;
    this.read(res.body, target, ctrl);
    return true;
  }
  private read(body: ReadableStream<Uint8Array>, via: Proc, ctrl: AbortController) {
    readSse(body, ({ id, data }) => {
      if (id !== undefined) this.lastId = Math.max(this.lastId, id);
      const e = data as { type: string; payload: { message_id?: string | number; run_id?: string } };
      this.events++;
      const arrival = { via: via.name, at: Date.now() };
      if (e.type === 'new_message' && e.payload.message_id && !this.messages.has(String(e.payload.message_id))) this.messages.set(String(e.payload.message_id), arrival);
      if (e.payload.run_id) this.runEvents.set(`${e.payload.run_id} ${e.type}`, [...(this.runEvents.get(`${e.payload.run_id} ${e.type}`) ?? []), arrival]);
    }, () => {
      // the stream ended: aborted, or its process died
      this.ended.add(ctrl);
      if (this.ctrl === ctrl) { this.ctrl = null; this.connectedTo = null; }
      if (!stopping) void this.reconnect();
    });
  }
  async reconnect() {
    while (!stopping && !this.ctrl) {
      for (const target of [this.home, ...apis.filter((a) => a !== this.home)]) {
        if (await this.open(target)) return;
      }
      await sleep(500);
    }
  }
  /** Back to its own API once that answers again. */
  async rehome() {
    if (stopping || this.rehoming || !this.ctrl || this.connectedTo === this.home || !this.home.up) return;
    this.rehoming = true;
    try { await this.moveHome(); } finally { this.rehoming = false; }
  }
  private async moveHome() {
    const old = this.ctrl;
    const oldVia = this.connectedTo;
    this.ctrl = null;
    if (await this.open(this.home)) { old?.abort(); return; }
    if (old && !this.ended.has(old)) { this.ctrl = old; this.connectedTo = oldVia; } else void this.reconnect();
  }
  close() { const c = this.ctrl; this.ctrl = null; c?.abort(); }
}

// ---------------------------------------------------------------------------------------------
// Start everything
// ---------------------------------------------------------------------------------------------
log('starting API 1, API 2, worker 1, worker 2');
for (const p of procs) start(p);
await Promise.all(procs.map((p) => waitUp(p)));
log(`all four processes up; proxy on ${PROXY}`);

// Through the API: the engineer who seals the letters (with a seal image) and the datasheets a plan set
// includes. Both land in S3.
const engineer = await call('setup', DEMO.admin, 'POST', '/api/engineers', {
  name: 'Dana Whitfield', email: 'dana@sunstamp.test', user_id: adminId, disciplines: ['structural', 'electrical'],
  licences: [{ state: 'TX', number: 'PE-123456', expires_on: '2099-12-31' }],
});
if (engineer.status !== 201) throw new Error(`engineer: ${engineer.status} ${JSON.stringify(engineer.data)}`);
const seal = await upload('setup', DEMO.admin, 'POST', `/api/engineers/${engineer.data.id}/seal`, [{ name: 'files', filename: 'seal.png', content: Buffer.from(solidPng(240, 240, [20, 60, 160])) }]);
if (seal.status !== 200) throw new Error(`seal: ${seal.status} ${JSON.stringify(seal.data)}`);
for (const item of [eqModule, eqInverter, eqRacking]) {
  const pdf = Buffer.from(await makeDatasheet(`${item.manufacturer} DATASHEET`, item.model, [`${item.kind} specifications`]));
  const s = await session(DEMO.admin);
  const r = await raw('setup', 'PUT', `/api/equipment/${item.id}/datasheet?name=${encodeURIComponent(`${item.model}.pdf`)}`, { token: s.access, csrf: s.csrf, body: pdf, contentType: 'application/pdf' });
  if (r.status !== 200) throw new Error(`datasheet: ${r.status} ${JSON.stringify(r.data)}`);
}
for (const who of Object.values(DEMO)) await session(who);

// The job whose client thread carries the messages: its four people (admin, support, Acme's owner
// and installer) hear of each message live.
const thread = await call('setup', DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Rehearsal thread', client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] });
if (thread.status !== 201) throw new Error(`thread job: ${thread.status} ${JSON.stringify(thread.data)}`);
const streams: Stream[] = [];
for (const who of [DEMO.admin, DEMO.acmeOwner, DEMO.support]) for (const home of apis) streams.push(new Stream(who, home));
for (const s of streams) if (!(await s.open(s.home))) throw new Error(`event stream of ${s.who} on ${s.home.name} did not open`);
log(`${streams.length} event streams open (admin, Acme's owner, support; one on each API)`);

// ---------------------------------------------------------------------------------------------
// Drive
// ---------------------------------------------------------------------------------------------
const created = { jobs: [] as string[], files: [] as string[], messages: new Map<string, string>(), cadRuns: [] as { id: string; job: string; at: number }[], letterRuns: [] as { id: string; job: string; at: number }[] };
const failures: string[] = [];
const note = (what: string, a: Answer) => { if (failures.length < 40) failures.push(`${sec()} s ${what}: ${a.status} ${typeof a.data === 'string' ? a.data.slice(0, 160) : JSON.stringify(a.data).slice(0, 160)}`); };
const driveUntil = Date.now() + SECONDS * 1000;
const driving = () => Date.now() < driveUntil;

async function jobsLoop(n: number) {
  let i = 0;
  while (driving()) {
    const j = await call('create job', DEMO.acmeUser, 'PUT', '/api/jobs', { name: `Rehearsal ${n}-${++i}`, client_street_address: `${i} Oak St`, services_requested: ['structural_roof_letter'] });
    if (j.status === 201) {
      created.jobs.push(j.data.id);
      const f = await upload('upload file', DEMO.acmeUser, 'POST', `/api/jobs/${j.data.id}/files`, [{ name: 'category', value: 'Extra Sheets' }, { name: 'files', filename: `site-${n}-${i}.png`, content: PNG, type: 'image/png' }]);
      if (f.status === 201) created.files.push(...(f.data as { id: string }[]).map((x) => x.id)); else note('upload file', f);
    } else note('create job', j);
    const l = await call('list jobs', DEMO.acmeUser, 'GET', '/api/jobs?page_size=50&ordering=-created_at');
    if (l.status !== 200) note('list jobs', l);
    const me = await call('users/me', DEMO.support, 'GET', '/api/users/me');
    if (me.status !== 200) note('users/me', me);
    await sleep(300);
  }
}
async function messagesLoop() {
  let i = 0;
  while (driving()) {
    const m = await call('post message', DEMO.acmeUser, 'POST', `/api/jobs/${thread.data.id}/messages`, { thread: 'client', body: `Rehearsal message ${++i}` });
    if (m.status === 201) created.messages.set(String(m.data.id), m.servedBy ?? '?'); else note('post message', m);
    await sleep(400);
  }
}
async function planSetJob(name: string, services: string[]) {
  const res = await call('create run job', DEMO.acmeUser, 'PUT', '/api/jobs', {
    name, client_name: 'Avery Jordan', client_street_address: '1420 Maple Street', city: 'Austin', state: stateId, client_zip_code: '78704',
    services_requested: services, ahj_id: ahj!.id, roof_type: 'Gable Roof',
    arrays: [{ panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' }],
    cad_intake: { utility: utility!.id, msp_rating: 200, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP' },
  });
  if (res.status !== 201) { note('create run job', res); return null; }
  const id = res.data.id as string;
  created.jobs.push(id);
  const lines = await call('run job equipment', DEMO.acmeUser, 'PUT', `/api/jobs/${id}/equipment`, { lines: [
    { kind: 'module', equipment_id: eqModule.id, quantity: 12 }, { kind: 'inverter', equipment_id: eqInverter.id, quantity: 1 },
    { kind: 'racking', equipment_id: eqRacking.id, quantity: null }, { kind: 'mci', equipment_id: eqMci.id, quantity: 4 },
  ] });
  if (lines.status !== 200) { note('run job equipment', lines); return null; }
  const assigned = await call('assign', DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: contractorId });
  if (assigned.status !== 200) { note('assign', assigned); return null; }
  return id;
}
async function planSetLoop() {
  let i = 0;
  while (driving()) {
    const next = Date.now() + 12_000;
    const job = await planSetJob(`Plan Set ${++i}`, ['cad_packet']);
    if (job) {
      const r = await call('generate-cad', DEMO.support, 'POST', `/api/jobs/${job}/generate-cad`);
      if (r.status === 202) created.cadRuns.push({ id: r.data.id, job, at: Date.now() }); else note('generate-cad', r);
    }
    while (driving() && Date.now() < next) await sleep(250);
  }
}
async function lettersLoop() {
  let i = 0;
  await sleep(6000);
  while (driving()) {
    const next = Date.now() + 12_000;
    const job = await planSetJob(`Letters ${++i}`, ['structural_roof_letter']);
    if (job) {
      const r = await call('generate-letters', DEMO.support, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['structural_roof_letter'], include_digital_signature: false });
      if (r.status === 202) created.letterRuns.push({ id: r.data.run_id, job, at: Date.now() }); else note('generate-letters', r);
    }
    while (driving() && Date.now() < next) await sleep(250);
  }
}

// The crash: API 2 and the worker holding a plan-set run, SIGKILL; both started again 10 s later.
type HeldRun = { kind: 'cad' | 'letters'; runId: string; jobId: string; leftRunningAt?: number; finalStatus?: string };
const crash = { apiKilledAt: 0, apiRestartedAt: 0, apiUpAgainAt: 0, workerKilled: '', workerKilledAt: 0, workerRestartedAt: 0, workerUpAgainAt: 0, held: [] as HeldRun[], waitedForARunMs: 0 };
async function crashLoop() {
  while (Date.now() < t0Drive + SECONDS * 1000 * KILL_AT) await sleep(200);
  // API 2, whatever it is doing.
  crash.apiKilledAt = Date.now();
  api2.up = false;
  api2.child!.kill('SIGKILL');
  log(`kill -9 API 2 (pid ${api2.child!.pid})`);
  // The worker that holds a plan-set run (waiting up to 60 s for one to be held).
  const w0 = Date.now();
  let victim: Proc | undefined;
  let claims: { job_id: string; queue: string; run_id: string }[] = [];
  while (!victim && Date.now() - w0 < 60_000) {
    for (const w of [worker1, worker2]) {
      const rows = await database.query<(typeof claims)[number]>(`select c.job_id::text, c.queue, j.data->>'runId' as run_id from queue_claims c join queue_workers w on w.id = c.worker_id
        join pgboss.job j on j.id = c.job_id where w.pid = $1 and c.queue in ('cad-generate', 'letters-generate')`, [w.child!.pid]);
      if (rows.some((c) => c.queue === 'cad-generate')) { victim = w; claims = rows; break; }
    }
    if (!victim) await sleep(100);
  }
  crash.waitedForARunMs = Date.now() - w0;
  victim ??= worker1;
  crash.workerKilled = victim.name;
  crash.workerKilledAt = Date.now();
  victim.up = false;
  victim.child!.kill('SIGKILL');
  log(`kill -9 ${victim.name} (pid ${victim.child!.pid}) holding ${claims.length} run(s): ${claims.map((c) => `${c.queue} ${c.run_id}`).join(', ') || 'none'}`);
  for (const c of claims) {
    const cadRun = created.cadRuns.find((r) => r.id === c.run_id);
    const letterRun = created.letterRuns.find((r) => r.id === c.run_id);
    crash.held.push({ kind: c.queue === 'cad-generate' ? 'cad' : 'letters', runId: c.run_id, jobId: cadRun?.job ?? letterRun?.job ?? '' });
  }
  const deadPid = victim.child!.pid;
  const watch = (async () => {
    // A held run has left its lost attempt when pg-boss's job for it is no longer active under the dead
    // worker: the claim is gone (re-queued, retried elsewhere, or failed).
    while (crash.held.some((h) => !h.leftRunningAt) && !stopping) {
      for (const h of crash.held.filter((x) => !x.leftRunningAt)) {
        const held = await database.query(`select 1 from queue_claims c join queue_workers w on w.id = c.worker_id join pgboss.job j on j.id = c.job_id
          where j.data->>'runId' = $1 and w.pid = $2`, [h.runId, deadPid]);
        if (!held.length) h.leftRunningAt = Date.now();
      }
      await sleep(100);
    }
  })();
  if (RESTART) {
    const apiWait = Math.max(0, crash.apiKilledAt + RESTART_AFTER_MS - Date.now());
    const workerWait = Math.max(0, crash.workerKilledAt + RESTART_AFTER_MS - Date.now());
    await Promise.all([
      (async () => { await sleep(apiWait); crash.apiRestartedAt = Date.now(); start(api2); log('API 2 started again'); await waitUp(api2); crash.apiUpAgainAt = Date.now(); log('API 2 answers again'); })(),
      (async () => { await sleep(workerWait); crash.workerRestartedAt = Date.now(); start(victim!); log(`${victim!.name} started again`); await waitUp(victim!); crash.workerUpAgainAt = Date.now(); log(`${victim!.name} works again`); })(),
    ]);
  }
  await watch;
}
let t0Drive = Date.now();
log(`driving for ${SECONDS} s (crash at ${Math.round(SECONDS * KILL_AT)} s${RESTART ? ', restart 10 s later' : ', no restart'})`);
t0Drive = Date.now();
const rehome = setInterval(() => { for (const s of streams) void s.rehome(); }, 5000);
const drivers = [jobsLoop(1), jobsLoop(2), messagesLoop(), planSetLoop(), lettersLoop()];
const crashing = crashLoop();
const loadMid: string[] = [];
const loadTimer = setInterval(() => loadMid.push(loadavg()), 30_000);
await Promise.all(drivers);
const driveEndedAt = Date.now();
log(`driving done: ${created.jobs.length} jobs, ${created.files.length} files, ${created.messages.size} messages, ${created.cadRuns.length} plan-set runs, ${created.letterRuns.length} letter runs requested`);

// ---------------------------------------------------------------------------------------------
// Drain: every run finished, every mail sent (or given up), every live event delivered.
// ---------------------------------------------------------------------------------------------
const letterEventsOf = (runId: string) => database.query<{ type: string; payload: { message?: string } }>(`select type, payload from user_events where payload->>'run_id' = $1 and user_id = $2 order by id`, [runId, supportId]);
async function pending() {
  const n = async (sql: string) => (await database.query<{ n: number }>(sql))[0]!.n;
  return {
    cad: await n(`select count(*)::int as n from cad_runs where status in ('queued', 'running')`),
    queue: await n(`select count(*)::int as n from pgboss.job where name in ('letters-generate', 'cad-generate', 'mail-send', 'notification-mail') and state in ('created', 'retry', 'active')`),
    batches: await n(`select count(*)::int as n from notification_mail_batches`),
  };
}
const drainStart = Date.now();
for (;;) {
  const p = await pending();
  if (p.cad === 0 && p.queue === 0 && p.batches === 0) break;
  if (Date.now() - drainStart > DRAIN_MAX_MS) { log(`drain gave up after ${DRAIN_MAX_MS / 1000} s: ${JSON.stringify(p)}`); break; }
  if ((Date.now() - drainStart) % 15_000 < 1000) log(`waiting for ${JSON.stringify(p)}`);
  await sleep(1000);
}
await crashing;
await sleep(2000); // the last live events on their way
const drainedAt = Date.now();
log(`queue drained ${((drainedAt - driveEndedAt) / 1000).toFixed(1)} s after the drive`);

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------
const q = <T>(sql: string, params: unknown[] = []) => database.query<T>(sql, params);
const inDb = async (table: string, ids: string[]) => new Set((await q<{ id: string }>(`select id::text from ${table} where id::text = any($1::text[])`, [ids])).map((r) => r.id));
const jobsFound = await inDb('jobs', created.jobs);
const filesFound = await inDb('job_files', created.files);
const messagesFound = await inDb('messages', [...created.messages.keys()]);
const s3Client = new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const objects = new Set<string>();
// Listed with ListObjects (v1) and Marker, the last key of the page before: s3rver makes a V2
// listing's NextContinuationToken with DES, which OpenSSL 3 refuses (ERR_OSSL_EVP_UNSUPPORTED), so
// any truncated V2 page answers 500 InternalError (seen once a quiet-machine drive stored more than
// 1,000 objects).
for (let marker: string | undefined; ;) {
  const page = await s3Client.send(new ListObjectsCommand({ Bucket: 'files', ...(marker ? { Marker: marker } : {}) }));
  const keys = (page.Contents ?? []).map((o) => o.Key!);
  for (const k of keys) objects.add(k);
  if (!page.IsTruncated || !keys.length) break;
  marker = keys[keys.length - 1];
}
const fileRows = await q<{ id: string; storage_key: string; preview_key: string | null }>('select id::text, storage_key, preview_key from job_files');
const keysMissing = fileRows.flatMap((f) => [f.storage_key, f.preview_key].filter((k): k is string => !!k && !objects.has(k)));
const uploadedRows = fileRows.filter((f) => created.files.includes(f.id));

const cadRows = await q<{ id: string; status: string; error_message: string | null; files: { file_id: string }[]; attempts: number }>(`select id::text, status, error_message, files, attempts from cad_runs where id = any($1::uuid[])`, [created.cadRuns.map((r) => r.id)]);
const cadFileIds = cadRows.flatMap((r) => r.files.map((f) => f.file_id));
const cadFilesFound = await inDb('job_files', cadFileIds);
const cadSummary = {
  requested: created.cadRuns.length,
  passed: cadRows.filter((r) => r.status === 'passed').length,
  failed: cadRows.filter((r) => r.status === 'failed').length,
  failedWithoutReason: cadRows.filter((r) => r.status === 'failed' && !r.error_message).length,
  unfinished: cadRows.filter((r) => r.status === 'queued' || r.status === 'running').length,
  missingRow: created.cadRuns.length - cadRows.length,
  failures: [...new Set(cadRows.filter((r) => r.status === 'failed').map((r) => r.error_message))],
  runFilesMissing: cadFileIds.filter((id) => !cadFilesFound.has(id)).length,
  retried: cadRows.filter((r) => r.attempts > 1).length,
};
const letterOutcome = await Promise.all(created.letterRuns.map(async (r) => {
  const events = await letterEventsOf(r.id);
  const last = events.at(-1);
  const letters = await q<{ file_id: string }>('select file_id::text from job_letters where run_id = $1', [r.id]);
  return { id: r.id, last: last?.type ?? null, reason: last?.type === 'calculations_failed' ? (last.payload.message ?? null) : null, letters: letters.length };
}));
const letterJobs = await q<{ state: string; n: number }>(`select state, count(*)::int as n from pgboss.job where name = 'letters-generate' group by state`);
const letterSummary = {
  requested: created.letterRuns.length,
  passed: letterOutcome.filter((r) => r.last === 'combine_files_passed' && r.letters > 0).length,
  failed: letterOutcome.filter((r) => r.last === 'calculations_failed').length,
  failedWithoutReason: letterOutcome.filter((r) => r.last === 'calculations_failed' && !r.reason).length,
  unfinished: letterOutcome.filter((r) => r.last !== 'combine_files_passed' && r.last !== 'calculations_failed').length,
  failures: [...new Set(letterOutcome.filter((r) => r.reason).map((r) => r.reason))],
  queueStates: Object.fromEntries(letterJobs.map((r) => [r.state, r.n])),
};
const mailJobs = await q<{ name: string; state: string; n: number }>(`select name, state, count(*)::int as n from pgboss.job where name in ('mail-send', 'notification-mail') group by name, state order by name, state`);
const mailSent = mailJobs.filter((r) => r.name === 'mail-send' && r.state === 'completed').reduce((a, r) => a + r.n, 0);

// Live events: each stream should have seen every message (live, or replayed after a reconnect).
const messageIds = [...created.messages.keys()];
const perStream = streams.map((s) => {
  const missing = messageIds.filter((id) => !s.messages.has(id));
  let cross = 0;
  let same = 0;
  for (const [id, a] of s.messages) {
    const by = created.messages.get(id);
    if (!by) continue;
    if (by !== a.via) cross++; else same++;
  }
  return { stream: `${s.who} @ ${s.home.name}`, connects: s.connects, events: s.events, messagesSeen: s.messages.size, missing: missing.length, crossProcess: cross, sameProcess: same, runEvents: [...s.runEvents.values()].reduce((a, x) => a + x.length, 0) };
});
const runEventsFromWorkers = streams.filter((s) => s.who === DEMO.support).reduce((a, s) => a + s.runEvents.size, 0);

const errorTable: Record<string, Record<string, number>> = {};
let requests = 0;
let errors = 0;
for (const [op, m] of statuses) {
  for (const [status, n] of m) {
    requests += n;
    if (!/^[23]/.test(status)) { errors += n; (errorTable[op] ??= {})[status] = n; }
  }
}
const held = crash.held.map((h) => ({
  ...h,
  leftAfterKillMs: h.leftRunningAt ? h.leftRunningAt - crash.workerKilledAt : null,
  leftAfterRestartMs: h.leftRunningAt && crash.workerRestartedAt ? h.leftRunningAt - crash.workerRestartedAt : null,
  finalStatus: h.kind === 'cad' ? cadRows.find((r) => r.id === h.runId)?.status : letterOutcome.find((r) => r.id === h.runId)?.last,
  attempts: h.kind === 'cad' ? cadRows.find((r) => r.id === h.runId)?.attempts : undefined,
}));
const summary = {
  seconds: SECONDS,
  loadAverage: { start: loadStart, during: loadMid, end: loadavg() },
  requests: { byClients: requests, servedByProxy: Object.fromEntries(served), proxy: proxyErrors, errors, errorsByStatus: errorTable },
  crash: {
    restart: RESTART,
    api: { killed: 'api2', restartedAfterMs: crash.apiRestartedAt ? crash.apiRestartedAt - crash.apiKilledAt : null, answersAgainAfterRestartMs: crash.apiUpAgainAt ? crash.apiUpAgainAt - crash.apiRestartedAt : null },
    worker: { killed: crash.workerKilled, waitedForAHeldRunMs: crash.waitedForARunMs, restartedAfterMs: crash.workerRestartedAt ? crash.workerRestartedAt - crash.workerKilledAt : null, worksAgainAfterRestartMs: crash.workerUpAgainAt ? crash.workerUpAgainAt - crash.workerRestartedAt : null, heldRuns: held },
  },
  liveEvents: { streams: perStream, crossProcessMessageEvents: perStream.reduce((a, s) => a + s.crossProcess, 0), runEventsFromWorkers },
  runs: { planSets: cadSummary, letters: letterSummary },
  mail: { deliveredToSmtp: mails.length, recipients: new Set(mails.flatMap((m) => m.to)).size, queue: mailJobs, mailSendCompleted: mailSent },
  nothingLost: {
    jobs: { created: created.jobs.length, missing: created.jobs.filter((id) => !jobsFound.has(id)).length },
    messages: { created: messageIds.length, missing: messageIds.filter((id) => !messagesFound.has(id)).length },
    files: { uploaded: created.files.length, missingInDb: created.files.filter((id) => !filesFound.has(id)).length, uploadedMissingInS3: uploadedRows.filter((f) => !objects.has(f.storage_key)).length, allFileRows: fileRows.length, allKeysMissingInS3: keysMissing.length, s3Objects: objects.size },
    runsUnfinished: cadSummary.unfinished + letterSummary.unfinished,
    runsFailedWithoutReason: cadSummary.failedWithoutReason + letterSummary.failedWithoutReason,
    liveMessageEventsMissing: perStream.reduce((a, s) => a + s.missing, 0),
    mailsNotDelivered: Math.max(0, mailSent - mails.length),
  },
  firstFailures: failures,
  harnessSocketResets: harnessErrors.length,
};

// ---------------------------------------------------------------------------------------------
// Report and clean up
// ---------------------------------------------------------------------------------------------
stopping = true;
clearInterval(rehome);
clearInterval(loadTimer);
for (const s of streams) s.close();
console.log(JSON.stringify(summary, null, 2));
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(summary, null, 2));
const lost = summary.nothingLost;
const ok = lost.jobs.missing === 0 && lost.messages.missing === 0 && lost.files.missingInDb === 0 && lost.files.allKeysMissingInS3 === 0 && lost.runsUnfinished === 0
  && lost.runsFailedWithoutReason === 0 && lost.liveMessageEventsMissing === 0 && lost.mailsNotDelivered === 0 && cadSummary.missingRow === 0;
console.log(ok ? 'NOTHING LOST: every job, message, file (database and S3), run and mail accounted for.' : 'SOMETHING WAS LOST: see nothingLost above.');

for (const p of procs) p.child?.kill('SIGTERM');
await Promise.all(procs.map((p) => new Promise<void>((r) => { if (!p.child || p.child.exitCode !== null || p.child.signalCode) r(); else { const k = setTimeout(() => { p.child!.kill('SIGKILL'); }, 20_000); p.child.once('exit', () => { clearTimeout(k); r(); }); } })));
agent.destroy();
await new Promise<void>((r) => proxy.close(() => r()));
await smtp.close();
await s3.close();
await scratch.drop();
if (!argv.includes('--keep')) fs.rmSync(tmp, { recursive: true, force: true });
else log(`logs kept in ${tmp}`);
process.exit(ok ? 0 : 1);
