import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZParcelAnswer, ZParcelQuery } from '@sunstamp/domain/contracts/jobs';
import * as svc from './parcel.service.ts';

export const parcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.ctx.parcel;
  app.get('/parcel', {
    schema: { tags: ['geocode'], summary: 'Parcel details (parcel_info.*) for an address; 501 when no provider is configured', querystring: ZParcelQuery, response: { 200: ZParcelAnswer } },
  }, async (req) => svc.lookupParcel(provider, req.query));
};
