import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZParcelAnswer, ZParcelQuery } from '@sunstamp/domain/contracts/jobs';
import { parcelProviderFromEnv, type ParcelProvider } from '../../platform/parcel.ts';
import * as svc from './parcel.service.ts';

export const parcelRoutes: FastifyPluginAsyncZod<{ parcel?: ParcelProvider | null }> = async (app, opts) => {
  const provider = opts.parcel !== undefined ? opts.parcel : parcelProviderFromEnv(app.ctx.config.lookup);
  app.get('/parcel', {
    schema: { tags: ['geocode'], summary: 'Parcel details (parcel_info.*) for an address; 501 when no provider is configured', querystring: ZParcelQuery, response: { 200: ZParcelAnswer } },
  }, async (req) => svc.lookupParcel(provider, req.query));
};
