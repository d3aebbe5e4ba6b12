import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';

/**
 * How many SQL statements POST /api/jobs/{id}/messages sends (bench/README.md, "Job messaging"):
 * the database's query path is wrapped where every statement passes (PGlite's protocol messages,
 * a simple Query or an extended-protocol Execute; node-postgres' Client#query), counting only the
 * measured call's own statements (its async context), as in jobs.write-path.test.ts.
 */
const measured = new AsyncLocalStorage<true>();
let counting = false;
let statements: string[] = [];
const Q = 0x51;
const E = 0x45;

function countMessages(buf: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 5 <= buf.length;) {
    const type = buf[i]!;
    const len = ((buf[i + 1]! << 24) | (buf[i + 2]! << 16) | (buf[i + 3]! << 8) | buf[i + 4]!) >>> 0;
    if (type === Q || type === E) n++;
    i += 1 + len;
  }
  return n;
}

const proto = PGlite.prototype as unknown as Record<'execProtocolStream' | 'execProtocol', (this: unknown, m: Uint8Array, ...rest: unknown[]) => Promise<unknown>>;
const originals = { stream: proto.execProtocolStream, protocol: proto.execProtocol, pgQuery: pg.Client.prototype.query };
let depth = 0;
function wrap(fn: (this: unknown, m: Uint8Array, ...rest: unknown[]) => Promise<unknown>) {
  return async function (this: unknown, m: Uint8Array, ...rest: unknown[]) {
    if (counting && depth === 0 && measured.getStore()) for (let k = countMessages(m); k > 0; k--) statements.push('pglite');
    depth++;
    try { return await fn.call(this, m, ...rest); } finally { depth--; }
  };
}

let t: TestApp;
const tok = {} as Record<keyof typeof DEMO, string>;
const ids = {} as Record<keyof typeof DEMO, string>;

beforeAll(async () => {
  proto.execProtocolStream = wrap(originals.stream);
  proto.execProtocol = wrap(originals.protocol);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting && measured.getStore()) {
      const q = args[0] as string | { text: string };
      statements.push(typeof q === 'string' ? q : q.text);
    }
    return (originals.pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  t = await createTestApp();
  for (const [k, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    tok[k] = await t.tokenOf(email);
    ids[k] = (await t.database.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
  }
}, 60_000);
afterAll(async () => {
  proto.execProtocolStream = originals.stream;
  proto.execProtocol = originals.protocol;
  pg.Client.prototype.query = originals.pgQuery;
  await t?.close();
});

async function counted(fn: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  counting = true;
  try { await measured.run(true, fn); } finally { counting = false; }
  return statements;
}

describe('POST /api/jobs/{id}/messages statement count', () => {
  it('posts in two statements once the mail batches are open, and stores all a post brings', async () => {
    const created = await t.request('PUT', '/api/jobs', { token: tok.acmeUser, body: { name: 'Counted conversation', client_street_address: '3 Elm St', services_requested: ['structural_roof_letter'] } });
    expect(created.statusCode).toBe(201);
    const job = created.data.id as string;
    const post = (body: string) => t.request('POST', `/api/jobs/${job}/messages`, { token: tok.acmeUser, body: { body } });
    // Warms the principal cache; opens the recipients' mail batches (a queued job each).
    expect((await post('first')).statusCode).toBe(201);

    let res: Awaited<ReturnType<typeof post>> | undefined;
    const sent = await counted(async () => { res = await post('second, counted'); });
    expect(res!.statusCode, res!.body).toBe(201);
    console.log(`[statements] post a message: ${sent.length}`);
    expect(sent).toHaveLength(2);

    // Everything the statement stores: the message, a notification and a live event for each
    // recipient (the author's event too), the author's read mark.
    const id = res!.data.id as number;
    const view = await t.request('GET', `/api/jobs/${job}/messages`, { token: tok.acmeOwner });
    expect(view.data.messages.at(-1)).toMatchObject({ id, body: 'second, counted', author: { id: ids.acmeUser } });
    expect(view.data.seen_by).toEqual([expect.objectContaining({ user_id: ids.acmeUser, last_read_message_id: id })]);
    const notes = await t.database.query<{ user_id: string }>('select user_id from notifications where message_id = $1 order by user_id', [id]);
    expect(notes.map((n) => n.user_id)).toEqual([ids.admin, ids.support, ids.acmeOwner].sort());
    const events = await t.database.query<{ user_id: string; payload: { notification_id: number | null; message_id: number } }>(
      "select user_id, payload from user_events where type = 'new_message' and (payload->>'message_id')::bigint = $1", [id]);
    expect(events.map((e) => e.user_id).sort()).toEqual([ids.admin, ids.support, ids.acmeOwner, ids.acmeUser].sort());
    expect(events.find((e) => e.user_id === ids.acmeUser)!.payload.notification_id).toBeNull();
    expect(events.find((e) => e.user_id === ids.admin)!.payload.notification_id).toEqual(expect.any(Number));
  });
});
