import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

/*
 * Counts the SQL statements a call sends, on either database: on PGlite, the protocol messages each
 * statement sends (a simple Query, or an Execute of the extended protocol, which drizzle uses); on
 * PostgreSQL, node-postgres' Client#query (pool queries, transactions' BEGIN/COMMIT and NOTIFY all
 * go through it). Only statements of the measured call (its async context) count, so the queue's
 * polling and other background work that runs meanwhile on a slow machine does not.
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
  const originals = { stream: proto.execProtocolStream, protocol: proto.execProtocol, pgQuery: pg.Client.prototype.query };
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
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        if (counting && measured.getStore()) {
          const q = args[0] as string | { text: string };
          statements.push(typeof q === 'string' ? q : q.text);
        }
        return (originals.pgQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
    },
    uninstall() {
      proto.execProtocolStream = originals.stream;
      proto.execProtocol = originals.protocol;
      pg.Client.prototype.query = originals.pgQuery;
    },
    async counted(fn: () => Promise<unknown>): Promise<string[]> {
      statements = [];
      counting = true;
      try { await measured.run(true, fn); } finally { counting = false; }
      return statements;
    },
  };
}
