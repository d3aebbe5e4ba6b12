import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZJobEquipmentAnswer, ZJobEquipmentBody } from '@sunstamp/domain/contracts/job-equipment';
import { principalOf } from '../../platform/principal.ts';
import { getJobEquipment, putJobEquipment } from './jobs-equipment.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });

/** A job's equipment models and quantities, with the checks that warn (module count, empty arrays, span). */
export const jobEquipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['jobs'];
  app.get('/jobs/:id/equipment', {
    schema: { tags, summary: 'The job\'s equipment (catalogue models or Other text, with quantities) and its warnings', params: ZIdParams, response: { 200: ZJobEquipmentAnswer } },
  }, async (req) => getJobEquipment(ctx, principalOf(req), req.params.id));
  app.put('/jobs/:id/equipment', {
    schema: { tags, summary: 'Replace the job\'s equipment lines (who may edit the job)', params: ZIdParams, body: ZJobEquipmentBody, response: { 200: ZJobEquipmentAnswer } },
  }, async (req) => putJobEquipment(ctx, principalOf(req), req.params.id, req.body.lines));
};
