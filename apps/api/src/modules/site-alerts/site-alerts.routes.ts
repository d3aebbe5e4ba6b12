import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSiteAlertAdmin, ZSiteAlertBody, ZSiteAlertList, ZSiteAlertParams } from '@sunstamp/domain/contracts/site-alerts';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './site-alerts.service.ts';

/** Site alerts: admins write and schedule them; everyone signed in gets theirs in /users/me and closes them. */
export const siteAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['site-alerts'];

  app.get('/site-alerts', {
    schema: { tags, summary: 'Every site alert with its status (admin)', response: { 200: ZSiteAlertList } },
  }, async (req) => svc.listAlerts(ctx, principalOf(req)));
  app.post('/site-alerts', {
    schema: { tags, summary: 'Create a site alert: message, severity, schedule and audience (admin)', body: ZSiteAlertBody, response: { 201: ZSiteAlertAdmin } },
  }, async (req, reply) => reply.code(201).send(await svc.createAlert(ctx, principalOf(req), req.body)));
  app.put('/site-alerts/:id', {
    schema: { tags, summary: 'Replace a site alert; saving puts an expired one back on its schedule (admin)', params: ZSiteAlertParams, body: ZSiteAlertBody, response: { 200: ZSiteAlertAdmin } },
  }, async (req) => svc.updateAlert(ctx, principalOf(req), req.params.id, req.body));
  app.post('/site-alerts/:id/expire', {
    schema: { tags, summary: 'End a site alert now (admin)', params: ZSiteAlertParams, response: { 200: ZSiteAlertAdmin } },
  }, async (req) => svc.expireAlert(ctx, principalOf(req), req.params.id));
  app.delete('/site-alerts/:id', {
    schema: { tags, summary: 'Delete a site alert (admin)', params: ZSiteAlertParams, response: { 204: z.null() } },
  }, async (req, reply) => { await svc.deleteAlert(ctx, principalOf(req), req.params.id); return reply.code(204).send(null); });
  app.post('/site-alerts/:id/dismiss', {
    schema: { tags, summary: 'Close a site alert for the caller, on every device', params: ZSiteAlertParams, response: { 204: z.null() } },
  }, async (req, reply) => { await svc.dismissAlert(ctx, principalOf(req), req.params.id); return reply.code(204).send(null); });
};
