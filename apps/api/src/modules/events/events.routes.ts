import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEventStreamQuery, ZStreamTicket } from '@sunstamp/domain/contracts/events';
import type { UserEvent } from '../../platform/events.ts';
import { unauthorized } from '../../platform/errors.ts';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './events.service.ts';

const KEEPALIVE_MS = 25_000;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = app.ctx.events;
  const open = new Set<() => void>();
  // Graceful shutdown ends open streams; clients reconnect to another instance and replay.
  app.addHook('onClose', async () => { for (const end of [...open]) end(); });

  app.post('/events/ticket', {
    schema: {
      tags: ['events'],
      summary: 'A single-use ticket (30 s) that opens the caller\'s event stream: GET /events?ticket=…',
      response: { 200: ZStreamTicket },
    },
  }, async (req) => svc.issueStreamTicket(app.ctx, principalOf(req)));

  app.get('/events', {
    // Authenticated here: by a stream ticket (browsers) or the Authorization header (other clients).
    config: { public: true },
    schema: {
      tags: ['events'],
      summary: 'Server-sent events for the signed-in user; resumes after Last-Event-ID',
      description: 'EventSource cannot set headers: POST /events/ticket first and open ?ticket=<ticket> (single use, 30 s); no token ever goes in the URL. Each event is `id: N`, `event: <type>`, `data: <json>`. Missed events are replayed from Last-Event-ID (or ?last_event_id=).',
      security: [],
      querystring: ZEventStreamQuery,
    },
  }, async (req, reply) => {
    const userId = req.principal?.id ?? (req.query.ticket ? await svc.redeemStreamTicket(app.ctx, req.query.ticket) : null);
    if (!userId) throw unauthorized();
    const user = { id: userId };
    // HEAD (which Fastify routes here) answers the headers only: a stream would never end.
    if (req.method === 'HEAD') return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').send();
    const header = req.headers['last-event-id'];
    const fromHeader = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined;
    let lastSent = fromHeader ?? req.query.last_event_id ?? -1;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (e: UserEvent) => {
      // Not stored: no id line, so the client's Last-Event-ID stays on the last stored event.
      if (e.ephemeral) {
        res.write(`event: ${e.type}\ndata: ${JSON.stringify({ id: null, type: e.type, payload: e.payload, created_at: e.createdAt })}\n\n`);
        return;
      }
      if (e.id <= lastSent) return;
      lastSent = e.id;
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, type: e.type, payload: e.payload, created_at: e.createdAt })}\n\n`);
    };
    // Subscribe before replaying so nothing published in between is lost; write() drops duplicates by id.
    const pending: UserEvent[] = [];
    let replaying = true;
    const unsubscribe = bus.subscribe(user.id, (e) => (replaying && !e.ephemeral ? pending.push(e) : write(e)));
    res.write(`retry: 3000\n: connected\n\n`);
    if (lastSent >= 0) {
      for (const e of await bus.since(user.id, lastSent)) write(e);
    } else {
      // A first connection starts from now: only later events are delivered.
      lastSent = await bus.latestId(user.id);
    }
    replaying = false;
    pending.sort((a, b) => a.id - b.id).forEach(write);
    const ping = setInterval(() => res.write(`: keep-alive\n\n`), KEEPALIVE_MS);
    const close = () => {
      clearInterval(ping);
      unsubscribe();
      open.delete(end);
    };
    const end = () => { close(); res.end(); };
    open.add(end);
    req.raw.on('close', close);
  });
};
