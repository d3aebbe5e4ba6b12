import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZContactBody, ZContactMessageList, ZDemoRequestList, ZInboundQuery } from '@sunstamp/domain/contracts/contact';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './contact.service.ts';

/** The public Contact us form, and what arrives from the public site for the back office. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.post('/contact', {
    config: { public: true },
    schema: { tags: ['public'], summary: 'Send a message to the team (stored and mailed to staff; a few per address per hour)', security: [], body: ZContactBody, response: { 201: ZOk } },
  }, async (req, reply) => {
    await svc.sendContactMessage(ctx, req.body, req.ip);
    return reply.code(201).send({ detail: svc.CONTACT_THANKS });
  });
  app.get('/contact-messages', {
    schema: { tags: ['users'], summary: 'Contact form messages, newest first (staff)', querystring: ZInboundQuery, response: { 200: ZContactMessageList } },
  }, async (req) => svc.listContactMessages(ctx, principalOf(req), req.query));
  app.get('/demo-requests', {
    schema: { tags: ['users'], summary: 'Demo requests, newest first (staff)', querystring: ZInboundQuery, response: { 200: ZDemoRequestList } },
  }, async (req) => svc.listDemoRequests(ctx, principalOf(req), req.query));
};
