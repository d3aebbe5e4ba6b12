import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZTyping } from '@sunstamp/domain/contracts/message-live';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './message-live.service.ts';

// The id is checked in the service so a malformed one answers 404 like a job the caller may not see.
const ZIdParams = z.object({ id: z.string().max(100) });

/** Live signals of a conversation that are not stored: typing (read receipts go out from POST …/messages/read). */
export const messageLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.post('/jobs/:id/messages/typing', {
    schema: {
      tags: ['messages'],
      summary: 'Tell the others in the thread that the caller is typing (throttled; not stored, not replayed)',
      params: ZIdParams, body: ZTyping,
    },
  }, async (req, reply) => {
    await svc.announceTyping(ctx, principalOf(req), req.params.id, req.body.thread);
    return reply.code(204).send();
  });
};
