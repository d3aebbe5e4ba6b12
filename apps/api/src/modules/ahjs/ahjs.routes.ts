import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAhj, ZAhjBody, ZAhjPage, ZAhjPatch, ZDirectoryQuery, ZImportResult, ZUtility, ZUtilityBody, ZUtilityPage, ZUtilityPatch,
} from '@sunstamp/domain/contracts/catalogue';
import { principalOf } from '../../platform/principal.ts';
import { csvTextOf, installCsvBody } from '../catalogue/catalogue.api.ts';
import * as ahjs from './ahjs.service.ts';
import * as utilities from './utilities.service.ts';

const ZIdParams = z.object({ id: z.string().max(100) });

/** AHJs and utilities: everyone signed in searches and reads; staff (admin, support) edit and import. */
export const ahjsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  await installCsvBody(app);

  app.get('/ahjs', {
    schema: { tags: ['ahjs'], summary: 'Search AHJs by name and state (paged)', querystring: ZDirectoryQuery, response: { 200: ZAhjPage } },
  }, async (req) => ahjs.searchAhjs(ctx, principalOf(req), req.query));
  app.post('/ahjs/import', {
    schema: { tags: ['ahjs'], summary: 'Import AHJs from CSV (text/csv or multipart; staff); a bad line imports nothing', response: { 200: ZImportResult } },
  }, async (req) => ahjs.importAhjs(ctx, principalOf(req), () => csvTextOf(req)));
  app.get('/ahjs/:id', {
    schema: { tags: ['ahjs'], summary: 'One AHJ', params: ZIdParams, response: { 200: ZAhj } },
  }, async (req) => ahjs.getAhj(ctx, req.params.id));
  app.post('/ahjs', {
    schema: { tags: ['ahjs'], summary: 'Create an AHJ (staff)', body: ZAhjBody, response: { 201: ZAhj } },
  }, async (req, reply) => reply.code(201).send(await ahjs.createAhj(ctx, principalOf(req), req.body)));
  app.put('/ahjs/:id', {
    schema: { tags: ['ahjs'], summary: 'Update an AHJ (staff)', params: ZIdParams, body: ZAhjPatch, response: { 200: ZAhj } },
  }, async (req) => ahjs.updateAhj(ctx, principalOf(req), req.params.id, req.body));
  app.delete('/ahjs/:id', {
    schema: { tags: ['ahjs'], summary: 'Deactivate an AHJ (staff)', params: ZIdParams, response: { 200: ZAhj } },
  }, async (req) => ahjs.deactivateAhj(ctx, principalOf(req), req.params.id));

  app.get('/utilities', {
    schema: { tags: ['utilities'], summary: 'Search utilities by name and state (paged)', querystring: ZDirectoryQuery, response: { 200: ZUtilityPage } },
  }, async (req) => utilities.searchUtilities(ctx, principalOf(req), req.query));
  app.post('/utilities/import', {
    schema: { tags: ['utilities'], summary: 'Import utilities from CSV (text/csv or multipart; staff); a bad line imports nothing', response: { 200: ZImportResult } },
  }, async (req) => utilities.importUtilities(ctx, principalOf(req), () => csvTextOf(req)));
  app.get('/utilities/:id', {
    schema: { tags: ['utilities'], summary: 'One utility', params: ZIdParams, response: { 200: ZUtility } },
  }, async (req) => utilities.getUtility(ctx, req.params.id));
  app.post('/utilities', {
    schema: { tags: ['utilities'], summary: 'Create a utility (staff)', body: ZUtilityBody, response: { 201: ZUtility } },
  }, async (req, reply) => reply.code(201).send(await utilities.createUtility(ctx, principalOf(req), req.body)));
  app.put('/utilities/:id', {
    schema: { tags: ['utilities'], summary: 'Update a utility (staff)', params: ZIdParams, body: ZUtilityPatch, response: { 200: ZUtility } },
  }, async (req) => utilities.updateUtility(ctx, principalOf(req), req.params.id, req.body));
  app.delete('/utilities/:id', {
    schema: { tags: ['utilities'], summary: 'Deactivate a utility (staff)', params: ZIdParams, response: { 200: ZUtility } },
  }, async (req) => utilities.deactivateUtility(ctx, principalOf(req), req.params.id));
};
