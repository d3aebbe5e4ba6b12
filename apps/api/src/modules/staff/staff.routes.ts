import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZGroup } from '@sunstamp/domain/contracts/users';
import { ZActiveUserList, ZGroupBody, ZGroupParams, ZShiftLog, ZShiftsQuery } from '@sunstamp/domain/contracts/staff';
import { principalOf } from '../../platform/principal.ts';
import * as svc from './staff.service.ts';

/** The back office: staff groups (admin writes), who is on shift now and the shift log (staff). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['users'];
  app.post('/groups', {
    schema: { tags, summary: 'Create a staff group with its members (admin)', body: ZGroupBody, response: { 201: ZGroup } },
  }, async (req, reply) => reply.code(201).send(await svc.createGroup(ctx, principalOf(req), req.body)));
  app.put('/groups/:id', {
    schema: { tags, summary: 'Rename a group and replace its members (admin)', params: ZGroupParams, body: ZGroupBody, response: { 200: ZGroup } },
  }, async (req) => svc.updateGroup(ctx, principalOf(req), req.params.id, req.body));
  app.delete('/groups/:id', {
    schema: { tags, summary: 'Delete a group (admin); its members keep their accounts', params: ZGroupParams, response: { 204: z.null() } },
  }, async (req, reply) => { await svc.deleteGroup(ctx, principalOf(req), req.params.id); return reply.code(204).send(null); });
  app.get('/users/active', {
    schema: { tags, summary: 'Who is signed in and on shift now (staff)', response: { 200: ZActiveUserList } },
  }, async (req) => svc.activeUsers(ctx, principalOf(req)));
  app.get('/shifts', {
    schema: { tags, summary: 'Shifts (start, end, hours) with hours per person, 30 days back by default (staff)', querystring: ZShiftsQuery, response: { 200: ZShiftLog } },
  }, async (req) => svc.shiftLog(ctx, principalOf(req), req.query));
};
