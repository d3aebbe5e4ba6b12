import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZJobCadFieldsBody, ZJobRequirementFileParams, ZJobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { principalOf } from '../../platform/principal.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import * as svc from './jobs-requirements.service.ts';

// Ids are checked in the service so a malformed id answers 404 like any id the caller may not see.
const ZIdParams = z.object({ id: z.string().max(100) });

/** A job's resolved requirements, its dynamic CAD fields and the requirement files it uses. */
export const jobRequirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Requirement files live in the same store as job files.
  const { storage } = ctx;
  const tags = ['jobs'];

  app.get('/jobs/:id/requirements', {
    schema: {
      tags, summary: 'The job\'s requirements (default → company → utility → AHJ, with sources) and the dynamic CAD fields they ask for',
      params: ZIdParams, response: { 200: ZJobRequirementsAnswer },
    },
  }, async (req) => svc.getJobRequirements(ctx, principalOf(req), req.params.id));

  app.put('/jobs/:id/cad-fields', {
    schema: {
      tags, summary: 'Set dynamic CAD field values (staff and the assigned contractor); null clears one, others are kept',
      params: ZIdParams, body: ZJobCadFieldsBody, response: { 200: ZJobRequirementsAnswer },
    },
  }, async (req) => svc.putJobCadFields(ctx, principalOf(req), req.params.id, req.body));

  app.get('/jobs/:id/requirements/files/:file_id/download', {
    schema: { tags, summary: 'Download a requirement file the job\'s resolved requirements reference', params: ZJobRequirementFileParams },
  }, async (req, reply) => {
    return sendAttachment(reply, await svc.openJobRequirementFileFor(ctx, storage, principalOf(req), req.params.id, req.params.file_id));
  });
};
