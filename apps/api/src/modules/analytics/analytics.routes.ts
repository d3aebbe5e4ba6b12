import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStats, ZStatsQuery } from '@sunstamp/domain/contracts/analytics';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.get('/stats', {
    schema: {
      tags: ['analytics'],
      summary: 'My, Group or Company Stats for a period (spec §3, §7); definitions in docs/analytics.md',
      querystring: ZStatsQuery,
      response: { 200: ZStats },
    },
  }, async (req) => svc.getStats(ctx, principalOf(req), req.query));
};
