import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStructuralSpanSetting } from '@sunstamp/domain/contracts/jobs';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['settings'];

  app.get('/settings/structural-span', {
    schema: { tags, summary: 'Structural span limit: inches of rafter per module by orientation (staff)', response: { 200: ZStructuralSpanSetting } },
  }, async (req) => svc.getStructuralSpan(ctx, principalOf(req)));

  app.put('/settings/structural-span', {
    schema: { tags, summary: 'Change the structural span limit (admin)', body: ZStructuralSpanSetting, response: { 200: ZStructuralSpanSetting } },
  }, async (req) => svc.putStructuralSpan(ctx, principalOf(req), req.body));
};
