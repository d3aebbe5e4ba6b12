import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../platform/downloads.ts';
import { principalOf } from '../../platform/principal.ts';
import { openDatasheet, putDatasheet } from './equipment-datasheet.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });
const MAX_DATASHEET_BYTES = 50 * 1024 * 1024;

/** An equipment model's datasheet (its cut sheet in plan sets): PUT the PDF as the body, GET it back. */
export const equipmentDatasheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['catalogue'];
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_DATASHEET_BYTES }, (_req, body, done) => done(null, body));
  app.put('/equipment/:id/datasheet', {
    bodyLimit: MAX_DATASHEET_BYTES,
    schema: {
      tags, summary: 'Upload the model\'s datasheet (Content-Type application/pdf; staff who edit equipment)', params: ZIdParams,
      querystring: z.object({ name: z.string().max(200).optional() }),
      response: { 200: z.object({ equipment_id: z.string(), name: z.string(), size: z.number() }) },
    },
  }, async (req) => {
    const body = req.body;
    if (!Buffer.isBuffer(body)) return putDatasheet(ctx, principalOf(req), req.params.id, req.query.name, Buffer.alloc(0));
    return putDatasheet(ctx, principalOf(req), req.params.id, req.query.name, body);
  });
  app.get('/equipment/:id/datasheet', {
    schema: { tags, summary: 'Download the model\'s datasheet', params: ZIdParams },
  }, async (req, reply) => sendAttachment(reply, await openDatasheet(ctx, req.params.id)));
};
