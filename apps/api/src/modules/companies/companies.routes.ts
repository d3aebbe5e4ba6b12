import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyPatch, ZCompanyRow, ZCompanyWriteBody, ZGroup, ZState, ZSupportContact, ZCompanyRef } from '@sunstamp/domain/contracts/users';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './companies.service.ts';

const ZIdParams = z.object({ id: z.string().uuid() });
const ZCompanyOut = ZCompanyRow;

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['companies'];

  app.get('/companies', {
    schema: { tags, summary: 'Companies (staff: all; others: their own)', response: { 200: z.array(ZCompanyOut) } },
  }, async (req) => svc.listCompanies(ctx, principalOf(req)));

  app.post('/companies', {
    schema: { tags, summary: 'Create a client company (admin)', body: ZCompanyWriteBody, response: { 201: ZCompanyOut } },
  }, async (req, reply) => reply.code(201).send(await svc.createCompany(ctx, principalOf(req), req.body)));

  app.get('/companies/contacts', {
    schema: { tags, summary: 'Support contacts of the companies the caller sees', response: { 200: z.array(z.object({ company: ZCompanyRef, contact: ZSupportContact })) } },
  }, async (req) => svc.listContacts(ctx, principalOf(req)));

  app.get('/companies/:id', {
    schema: { tags, summary: 'One company', params: ZIdParams, response: { 200: ZCompanyOut } },
  }, async (req) => svc.getCompany(ctx, principalOf(req), req.params.id));

  app.put('/companies/:id', {
    schema: { tags, summary: 'Update a company', params: ZIdParams, body: ZCompanyPatch, response: { 200: ZCompanyOut } },
  }, async (req) => svc.updateCompany(ctx, principalOf(req), req.params.id, req.body));

  app.get('/groups', {
    schema: { tags: ['users'], summary: 'Staff groups (for group analytics)', response: { 200: z.array(ZGroup) } },
  }, async (req) => svc.listGroups(ctx, principalOf(req)));

  app.get('/states', {
    schema: { tags: ['reference'], summary: 'US states and territories (Puerto Rico included) and Canadian provinces', response: { 200: z.array(ZState) } },
  }, async (req) => svc.listStates(ctx));
};
