import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDesignAnswer, ZDesignAutoLayoutBody, ZDesignCheckAnswer, ZDesignCheckBody, ZDesignPutBody } from '@sunstamp/domain/contracts/designs';
import { mayWorkOnSomeJobs } from '@sunstamp/domain/policies/jobs.policy';
import { principalOf } from '../../platform/principal.ts';
import { roleGate } from '../../platform/access.ts';
import { autoLayoutDesign, DESIGNERS_ONLY, getDesign, putDesign } from './designs.service.ts';
import { checkDesign } from './design-checks.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });

/** Clients never edit or check a design: 403 before the body is read (the service then checks the job's assignee). */
const designerGate = roleGate(mayWorkOnSomeJobs, DESIGNERS_ONLY);

/** The design model of a job's current revision: read, save (with its version), auto-fill the modules. */
export const designsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['designs'];
  app.get('/jobs/:id/design', {
    schema: { tags, summary: 'The job\'s design model (saved, carried from an earlier revision, or auto-filled from its arrays)', params: ZIdParams, response: { 200: ZDesignAnswer } },
  }, async (req) => getDesign(ctx, principalOf(req), req.params.id));
  app.put('/jobs/:id/design', {
    preValidation: designerGate,
    schema: { tags, summary: 'Save the design model (staff, the assigned contractor); 409 when the version is stale or the layout may not change', params: ZIdParams, body: ZDesignPutBody, response: { 200: ZDesignAnswer } },
  }, async (req) => putDesign(ctx, principalOf(req), req.params.id, req.body));
  app.post('/jobs/:id/design/auto-layout', {
    schema: { tags, summary: 'Place the modules again by auto-fill (not saved)', params: ZIdParams, body: ZDesignAutoLayoutBody.nullish(), response: { 200: ZDesignAnswer } },
  }, async (req) => autoLayoutDesign(ctx, principalOf(req), req.params.id, req.body?.roof_planes));
  app.post('/jobs/:id/design/check', {
    preValidation: designerGate,
    schema: {
      tags,
      summary: 'The engineering checks of an unsaved design, assembled as a plan-set run would (staff, the assigned contractor); nothing is saved',
      params: ZIdParams, body: ZDesignCheckBody, response: { 200: ZDesignCheckAnswer },
    },
  }, async (req) => checkDesign(ctx, principalOf(req), req.params.id, req.body.model));
};
