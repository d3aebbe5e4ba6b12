import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserEvent } from '../../platform/events.ts';
import { principalOf } from '../auth/auth.hooks.ts';

const KEEPALIVE_MS = 25_000;

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const bus = app.ctx.events;
  const open = new Set<() => void>();
  // Graceful shutdown ends open streams; clients reconnect to another instance and replay.
  app.addHook('onClose', async () => { for (const end of [...open]) end(); });

  app.get('/events', {
    config: { tokenInQuery: true },
    schema: {
      tags: ['events'],
      summary: 'Server-sent events for the signed-in user; resumes after Last-Event-ID',
      description: 'EventSource cannot set headers, so the access token may be passed as ?access_token=. Each event is `id: N`, `event: <type>`, `data: <json>`. Missed events are replayed from Last-Event-ID (or ?last_event_id=).',
      querystring: z.object({
        access_token: z.string().max(4096).optional(),
        last_event_id: z.coerce.number().int().min(0).optional(),
      }),
    },
  }, async (req, reply) => {
    const user = principalOf(req);
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
      if (e.id <= lastSent) return;
      lastSent = e.id;
      res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, type: e.type, payload: e.payload, created_at: e.createdAt })}\n\n`);
    };
    // Subscribe before replaying so nothing published in between is lost; write() drops duplicates by id.
    const pending: UserEvent[] = [];
    let replaying = true;
    const unsubscribe = bus.subscribe(user.id, (e) => (replaying ? pending.push(e) : write(e)));
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
