import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateUserBody, ZMeResponse, ZSimpleUser, ZUpdateMeBody, ZUpdateUserBody, ZUserListItem, ZUsersQuery,
} from '@sunstamp/domain/contracts/users';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { principalOf } from '../../platform/principal.ts';
import * as users from './users.service.ts';

const ZIdParams = z.object({ id: z.string().uuid() });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['users'];

  app.get('/users/me', {
    schema: { tags, summary: 'The signed-in user, site alerts, companies and month stats', response: { 200: ZMeResponse } },
  }, async (req) => users.getMe(ctx, principalOf(req).id));

  app.put('/users/me', {
    schema: { tags, summary: 'Update the profile, notification switches or password', body: ZUpdateMeBody, response: { 200: ZMeResponse } },
  }, async (req) => users.updateMe(ctx, principalOf(req).id, req.body, req.accessClaims?.sid));

  app.put('/users/me/onboard-finished', {
    schema: { tags, summary: 'Mark onboarding finished', response: { 200: ZMeResponse } },
  }, async (req) => users.finishOnboarding(ctx, principalOf(req).id));

  app.get('/users', {
    schema: {
      tags,
      summary: 'List users (staff: all; company admins: their companies\' users)',
      querystring: ZUsersQuery,
      response: { 200: z.union([z.array(ZUserListItem), z.array(ZSimpleUser)]) },
    },
  }, async (req) => users.listUsers(ctx, principalOf(req), req.query));

  app.post('/users', {
    schema: {
      tags,
      summary: 'Invite a user (admin: 201 with the user; company admins within their companies: 202, the same whether or not the address had an account)',
      body: ZCreateUserBody,
      response: { 201: ZUserListItem, 202: ZOk },
    },
  }, async (req, reply) => {
    const r = await users.createUser(ctx, principalOf(req), req.body);
    return r.status === 201 ? reply.code(201).send(r.user) : reply.code(202).send({ detail: r.detail });
  });

  app.get('/users/:id', {
    schema: { tags, summary: 'One user', params: ZIdParams, response: { 200: ZUserListItem } },
  }, async (req) => users.getUserById(ctx, principalOf(req), req.params.id));

  app.put('/users/:id', {
    schema: { tags, summary: 'Update a user (admin; company admins for their companies\' client users)', params: ZIdParams, body: ZUpdateUserBody, response: { 200: ZUserListItem } },
  }, async (req) => users.updateUser(ctx, principalOf(req), req.params.id, req.body));
};
