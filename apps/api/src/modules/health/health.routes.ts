import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], summary: 'Answers once the database is open', security: [], response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ message: z.string() }) } },
  }, async (_req, reply) => {
    try {
      await app.ctx.database.query('select 1');
      return { status: 'ok' as const };
    } catch {
      return reply.code(503).send({ message: 'Database unavailable.' });
    }
  });
};
