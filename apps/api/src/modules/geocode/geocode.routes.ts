import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAddressAgreement, ZAddressAgreementQuery, ZGeocodeQuery, ZGeocodeResult, ZPlaceParams, ZReverseGeocodeQuery } from '@sunstamp/domain/contracts/geocode';
import { addressPartsProblems } from '../jobs/jobs.api.ts';
import * as svc from './geocode.service.ts';

/** Any signed-in user looks addresses up (job intake). Results best first. */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { geocoder } = ctx;
  const tags = ['geocode'];
  const response = { 200: z.array(ZGeocodeResult) };

  app.get('/geocode', {
    schema: { tags, summary: 'Address, ZIP or "City, ST" to state, city, ZIP and a map centre', querystring: ZGeocodeQuery, response },
  }, async (req) => svc.forward(ctx, geocoder, req.query.address));

  app.get('/geocode/reverse', {
    schema: { tags, summary: 'Coordinates to an address', querystring: ZReverseGeocodeQuery, response },
  }, async (req) => svc.reverse(ctx, geocoder, req.query.lat, req.query.lng));

  app.get('/geocode/place/:placeId', {
    schema: { tags, summary: 'A place id (from a previous answer) to its address', params: ZPlaceParams, response },
  }, async (req) => svc.place(ctx, geocoder, req.params.placeId));

  app.get('/geocode/agreement', {
    schema: {
      tags,
      summary: 'Whether a state, ZIP and map pin name one state: the fields that disagree (the check submit makes)',
      querystring: ZAddressAgreementQuery,
      response: { 200: ZAddressAgreement },
    },
  }, async (req) => {
    const q = req.query;
    const problems = await addressPartsProblems(ctx.database.db, {
      stateId: q.state ?? null, zip: q.zip, latitude: q.lat ?? null, longitude: q.lng ?? null,
    });
    return { problems };
  });
};
