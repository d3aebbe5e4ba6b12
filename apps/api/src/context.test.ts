import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createContext, type OpenContext } from './context.ts';
import type { Database } from './db/client.ts';
import { manualClock } from './platform/clock.ts';
import type { GeocodeHit, Geocoder } from './platform/geocoder.ts';
import type { Mail, Mailer } from './platform/mailer.ts';
import type { JobHandlers, JobQueue } from './platform/queue/queue.ts';
import { JOB_DEFINITIONS } from './platform/queue/queue.registry.ts';
import type { Storage } from './platform/storage.ts';
import { startWorkers } from './workers.ts';
import * as geocode from './modules/geocode/geocode.service.ts';
import { announceOptionListsChanged, optionLists } from './modules/catalogue/option-lists.cache.ts';

/**
 * The context is built from its parts, so a service runs with fakes and no database at all: here
 * a database whose every query throws, NOTIFY carried in memory between two "processes", an inline
 * queue, an in-memory store, a fixed geocoder and a mail transport that records.
 */
function noDatabase(bus: Map<string, Set<(p: string) => void>>): Database {
  const refuse = () => Promise.reject(new Error('no database in this test'));
  return {
    kind: 'pglite',
    db: new Proxy({}, { get: () => { throw new Error('no database in this test'); } }) as Database['db'],
    query: refuse,
    queryArrays: refuse,
    exec: refuse,
    async listen(channel, fn) {
      const set = bus.get(channel) ?? new Set();
      bus.set(channel, set);
      set.add(fn);
      return async () => { set.delete(fn); };
    },
    async notify(channel, payload) {
      for (const fn of bus.get(channel) ?? []) fn(payload);
    },
    exclusive: (fn) => fn(),
    holdSession: async () => async () => {},
    close: async () => {},
  };
}

/** Runs each job at once, after checking its payload against the registry as the real queue does. */
function inlineQueue(): JobQueue & { sent: string[] } {
  let handlers: Partial<JobHandlers> | undefined;
  const sent: string[] = [];
  return {
    sent,
    start: async () => {},
    stop: async () => {},
    drain: async () => {},
    work: async (h) => { handlers = h; },
    recover: async () => {},
    async send(name, payload) {
      const data = JOB_DEFINITIONS[name].payload.parse(payload) as typeof payload;
      sent.push(name);
      await handlers?.[name]?.(data, { id: String(sent.length), retryCount: 0, lastAttempt: false, signal: new AbortController().signal });
      return String(sent.length);
    },
  };
}

function memoryStorage(): Storage {
  const files = new Map<string, Uint8Array>();
  return {
    put: async (k, b) => { files.set(k, b); },
    putFile: async (k, p) => { files.set(k, fs.readFileSync(p)); },
    read: async (k) => {
      const b = files.get(k);
      if (!b) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return Readable.from([b]);
    },
    remove: async (k) => { files.delete(k); },
    tempDir: () => os.tmpdir(),
  };
}

const hit: GeocodeHit = {
  street_address: '1 Main St', zip_code: '', city: 'Nowhere', state_name: '', state_abbreviation: '',
  lat: 1, lng: 2, formatted_address: '1 Main St, Nowhere', place_id: null, source: 'offline',
};
const fixedGeocoder: Geocoder = { name: 'offline', forward: async () => [hit], reverse: async () => [hit], place: async () => [] };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-ctx-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
const bus = new Map<string, Set<(p: string) => void>>();
const opened: OpenContext[] = [];
async function contextWithFakes(mails: Mail[]) {
  const transport: Mailer = { send: async (m) => { mails.push(m); }, close: () => {} };
  const ctx = await createContext(config, {
    database: noDatabase(bus),
    authSecret: 'x'.repeat(48),
    clock: manualClock(),
    mailTransport: transport,
    storage: memoryStorage(),
    geocoder: fixedGeocoder,
    parcel: null,
    queue: inlineQueue(),
  });
  opened.push(ctx);
  await startWorkers(ctx);
  return ctx;
}
afterAll(async () => {
  for (const c of opened) await c.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('createContext with fakes (no database)', () => {
  it('runs a service and the mail worker on the fakes', async () => {
    const mails: Mail[] = [];
    const ctx = await contextWithFakes(mails);
    expect(await geocode.forward(ctx, ctx.geocoder, '1 Main St')).toEqual([{ ...hit, state_id: null }]);
    await ctx.mailer.send({ to: 'someone@example.test', subject: 'Hello', text: 'Body' });
    expect(mails).toEqual([{ to: 'someone@example.test', subject: 'Hello', text: 'Body' }]);
    // The queue checks payloads against the registry.
    await expect(ctx.mailer.send({ to: '', subject: 'x', text: 'y' })).rejects.toThrow();
    await expect(ctx.database.query('select 1')).rejects.toThrow('no database in this test');
  });

  it('invalidates a cached copy in another process through NOTIFY (carried in memory here)', async () => {
    const a = await contextWithFakes([]);
    const b = await contextWithFakes([]);
    const lookup = { byValue: () => undefined, byId: () => undefined };
    b.caches.optionLists.set('all', lookup);
    // Served from b's copy: the database that would throw is not asked.
    expect(await optionLists(b)).toBe(lookup);
    await announceOptionListsChanged(a);
    expect(b.caches.optionLists.get('all')).toBeUndefined();
    await expect(optionLists(b)).rejects.toThrow('no database in this test');
  });
});
