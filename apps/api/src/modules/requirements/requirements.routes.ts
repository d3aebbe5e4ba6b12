import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZRequirementDefinitionsResponse, ZRequirementScopeBody, ZRequirementScopeParams, ZRequirementScopeValues,
  ZResolvedRequirements, ZResolveQuery,
} from '@sunstamp/domain/contracts/requirements';
import { principalOf } from '../auth/auth.hooks.ts';
import * as svc from './requirements.service.ts';

export const requirementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['requirements'];

  app.get('/requirements/definitions', {
    schema: { tags, summary: 'Requirement definitions, chip groups, headings, dynamic CAD fields and drawing variables', response: { 200: ZRequirementDefinitionsResponse } },
  }, async () => svc.getDefinitions());

  // Registered before /:scope_type/:scope_id so "resolve" is never read as a scope type.
  app.get('/requirements/resolve', {
    schema: { tags, summary: 'Resolve default → company → utility → AHJ, with each value\'s source', querystring: ZResolveQuery, response: { 200: ZResolvedRequirements } },
  }, async (req) => svc.resolveForCaller(ctx, principalOf(req), req.query));

  app.get('/requirements/:scope_type/:scope_id', {
    schema: { tags, summary: 'Values set on one company, utility or AHJ', params: ZRequirementScopeParams, response: { 200: ZRequirementScopeValues } },
  }, async (req) => svc.getScopeValues(ctx, principalOf(req), req.params.scope_type, req.params.scope_id));

  app.put('/requirements/:scope_type/:scope_id', {
    schema: {
      tags, summary: 'Replace the values of one scope (absent or null = not set here)',
      params: ZRequirementScopeParams, body: ZRequirementScopeBody, response: { 200: ZRequirementScopeValues },
    },
  }, async (req) => svc.putScopeValues(ctx, principalOf(req), req.params.scope_type, req.params.scope_id, req.body));
};
