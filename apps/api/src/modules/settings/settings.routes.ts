import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStructuralSpanSetting } from '@sunstamp/domain/contracts/jobs';
import { ZDocumentTimeZoneSetting } from '@sunstamp/domain/contracts/settings';
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

  app.get('/settings/time-zone', {
    schema: { tags, summary: "The firm's time zone: the calendar day its documents print (staff)", response: { 200: ZDocumentTimeZoneSetting } },
  }, async (req) => svc.getDocumentTimeZone(ctx, principalOf(req)));

  app.put('/settings/time-zone', {
    schema: { tags, summary: "Change the firm's time zone for document dates (admin)", body: ZDocumentTimeZoneSetting, response: { 200: ZDocumentTimeZoneSetting } },
  }, async (req) => svc.putDocumentTimeZone(ctx, principalOf(req), req.body));
};
