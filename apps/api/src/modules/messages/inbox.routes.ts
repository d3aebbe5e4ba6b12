import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInbox, ZInboxQuery } from '@sunstamp/domain/contracts/inbox';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './inbox.service.ts';

/** The inbox: the caller's conversations across their jobs. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get('/messages/inbox', {
    schema: {
      tags: ['messages'],
      summary: 'The caller\'s conversations: each thread they see with a message, its last message and their unread count, unread first',
      querystring: ZInboxQuery,
      response: { 200: ZInbox },
    },
  }, async (req) => svc.getInbox(ctx, principalOf(req), req.query));
};
