import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCadRun, ZCadRunChecks, ZCadRunList } from '@sunstamp/domain/contracts/cad-runs';
import { principalOf } from '../../platform/principal.ts';
import { getRun, getRunChecks, listJobRuns, requestRun } from './cad-runs.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });

/** Plan-set generation runs: start one, list a job's, read one. */
export const cadRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['plan sets'];
  app.post('/jobs/:id/generate-cad', {
    schema: {
      tags,
      summary: 'Generate the plan set (staff; the assigned contractor): 202 with a queued run, or 200 with the run these same inputs already have',
      params: ZIdParams,
      response: { 200: ZCadRun, 202: ZCadRun },
    },
  }, async (req, reply) => {
    const { created, run } = await requestRun(ctx, principalOf(req), req.params.id);
    return reply.code(created ? 202 : 200).send(run);
  });
  app.get('/jobs/:id/cad-runs', {
    schema: { tags, summary: 'The job\'s plan-set runs, newest first (the team; clients see none until release)', params: ZIdParams, response: { 200: ZCadRunList } },
  }, async (req) => ({ results: await listJobRuns(ctx, principalOf(req), req.params.id) }));
  app.get('/cad-runs/:id', {
    schema: { tags, summary: 'One plan-set run: status, progress, failure message, files', params: ZIdParams, response: { 200: ZCadRun } },
  }, async (req) => getRun(ctx, principalOf(req), req.params.id));
  app.get('/cad-runs/:id/checks', {
    schema: {
      tags,
      summary: 'The engineering checks a passed run drew its sheets from: each linked number of the preview opens one (formula, inputs, limit, code section, remedy)',
      params: ZIdParams,
      response: { 200: ZCadRunChecks },
    },
  }, async (req) => getRunChecks(ctx, principalOf(req), req.params.id));
};
