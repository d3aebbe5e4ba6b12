import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWetStamp, ZWetStampPatchBody } from '@sunstamp/domain/contracts/wet-stamps';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './wet-stamps.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });

export const wetStampsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['wet-stamps'];

  app.get('/jobs/:id/wet-stamp', {
    schema: { tags, summary: 'The wet stamp of the job\'s current revision: copies, Pending Wet Stamp → Stamped → Shipped → Delivered, who and when', params: ZIdParams, response: { 200: ZWetStamp } },
  }, async (req) => svc.getWetStamp(ctx, principalOf(req), req.params.id));

  app.patch('/jobs/:id/wet-stamp', {
    schema: { tags, summary: 'Record the next step (shipping names carrier and tracking reference; a delivery its date), the copies, a correction or the notes (staff)', params: ZIdParams, body: ZWetStampPatchBody, response: { 200: ZWetStamp } },
  }, async (req) => svc.changeWetStamp(ctx, principalOf(req), req.params.id, req.body));
};
