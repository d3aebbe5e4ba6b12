import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

/*
 * Counts the SQL statements a call sends, on either database: on PGlite, the protocol messages each
 * statement sends (a simple Query, or an Execute of the extended protocol, which drizzle uses); on
 * PostgreSQL, node-postgres' Pool#query and Client#query (a transaction's statements on the client
 * it checked out). Only statements of the measured call (its async context) count, so the queue's
 * polling and other background work that runs meanwhile on a slow machine does not. A pool query is
 * counted when it is asked for: with every connection busy (the queue's workers polling at once)
 * the pool hands it a client later, from the context of whoever released one, where the measured
 * call's context is gone (a post counted as one statement instead of two, seed 909).
 *
 * install() before the test app opens its database, uninstall() after it closes; counted(fn)
 * answers the statements fn sent ('pglite' for each on PGlite, the SQL text on PostgreSQL).
 */

const Q = 0x51; // 'Q': simple query
const E = 0x45; // 'E': execute (extended protocol)

/** Message types in a frontend protocol buffer: type byte + int32 length (counting itself) + body. */
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

type ProtocolFn = (this: unknown, m: Uint8Array, ...rest: unknown[]) => Promise<unknown>;

export function statementCounter() {
  const measured = new AsyncLocalStorage<true>();
  let counting = false;
  let statements: string[] = [];
  let depth = 0;
  const proto = PGlite.prototype as unknown as Record<'execProtocolStream' | 'execProtocol', ProtocolFn>;
  const originals = { stream: proto.execProtocolStream, protocol: proto.execProtocol, pgQuery: pg.Client.prototype.query, poolQuery: pg.Pool.prototype.query };
  // The queries a Pool#query counted already: its client's query must not count them again.
  const viaPool = new WeakSet<object>();
  const textOf = (q: unknown) => (typeof q === 'string' ? q : (q as { text: string }).text);
  const wrap = (fn: ProtocolFn): ProtocolFn => async function (this: unknown, m: Uint8Array, ...rest: unknown[]) {
    // A call made from inside another wrapped call is the same statement.
    if (counting && depth === 0 && measured.getStore()) for (let k = countMessages(m); k > 0; k--) statements.push('pglite');
    depth++;
    try { return await fn.call(this, m, ...rest); } finally { depth--; }
  };
  return {
    install() {
      proto.execProtocolStream = wrap(originals.stream);
      proto.execProtocol = wrap(originals.protocol);
      pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
        if (counting && measured.getStore()) {
          statements.push(textOf(args[0]));
          // A text becomes the same query as an object, which the client's query can recognise.
          if (typeof args[0] === 'string') args[0] = { text: args[0] };
          viaPool.add(args[0] as object);
        }
        return (originals.poolQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Pool.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const q = args[0];
        if (counting && measured.getStore() && !(typeof q === 'object' && q !== null && viaPool.has(q))) statements.push(textOf(q));
        return (originals.pgQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
    },
    uninstall() {
      proto.execProtocolStream = originals.stream;
      proto.execProtocol = originals.protocol;
      pg.Client.prototype.query = originals.pgQuery;
      pg.Pool.prototype.query = originals.poolQuery;
    },
    async counted(fn: () => Promise<unknown>): Promise<string[]> {
      statements = [];
      counting = true;
      try { await measured.run(true, fn); } finally { counting = false; }
      return statements;
    },
  };
}
