import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { GeocoderFailure, type Geocoder } from '../../platform/geocoder.ts';
import * as svc from './geocode.service.ts';
import { lookupParcel, PARCEL_NOT_CONFIGURED } from '../parcel/parcel.service.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });
const get = async (url: string, who: string = DEMO.acmeUser) => t.request('GET', url, { token: await t.tokenOf(who) });

describe('GET /api/geocode (offline default)', () => {
  it('fills state (with its /states id), city and map centre from an address with a ZIP', async () => {
    const res = await get('/api/geocode?address=' + encodeURIComponent('12 Elm St, Austin, TX 78701'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data[0]).toMatchObject({ street_address: '12 Elm St', city: 'Austin', state_abbreviation: 'TX', state_name: 'Texas', zip_code: '78701', state_id: expect.any(Number) });
    const states = (await get('/api/states')).data;
    expect(states.find((s: any) => s.id === res.data[0].state_id).abbreviation).toBe('TX');
  });
  it('Puerto Rico is a state', async () => {
    const res = await get('/api/geocode?address=00901');
    expect(res.data[0]).toMatchObject({ state_name: 'Puerto Rico', state_abbreviation: 'PR', city: 'San Juan', state_id: expect.any(Number) });
  });
  it('reverse and place id', async () => {
    expect((await get('/api/geocode/reverse?lat=30.2713&lng=-97.7426')).data[0]).toMatchObject({ zip_code: '78701' });
    expect((await get('/api/geocode/place/zip:94103')).data[0]).toMatchObject({ city: 'San Francisco' });
  });
  it('answers the spec\'s texts: No results found (404)', async () => {
    const res = await get('/api/geocode?address=nowhere%20at%20all');
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ message: 'No results found' });
    expect((await get('/api/geocode/reverse?lat=0&lng=0')).data.message).toBe('No results found');
    expect((await get('/api/geocode/place/bogus')).statusCode).toBe(404);
  });
  it.each(['/api/geocode', '/api/geocode?address=', '/api/geocode/reverse?lat=91&lng=0', '/api/geocode/reverse?lat=x&lng=1', '/api/geocode/reverse?lat=1'])(
    'refuses %s with 400', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
    });
  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/geocode?address=78701')).statusCode).toBe(401);
  });
  it('a provider failure is 502 Geocoder failed due to: {status}', async () => {
    const failing: Geocoder = {
      name: 'google',
      forward: async () => { throw new GeocoderFailure('OVER_QUERY_LIMIT'); },
      reverse: async () => [],
      place: async () => [],
    };
    await expect(svc.forward(t.app.ctx, failing, 'x')).rejects.toMatchObject({ status: 502, message: 'Geocoder failed due to: OVER_QUERY_LIMIT' });
    await expect(svc.reverse(t.app.ctx, failing, 1, 1)).rejects.toMatchObject({ status: 404, message: 'No results found' });
  });
});

describe('GET /api/parcel', () => {
  it('answers 501 with a clear message when no provider is configured', async () => {
    const res = await get('/api/parcel?address=1%20Main%20St&city=Austin&state=TX&zip_code=78701');
    expect(res.statusCode).toBe(501);
    expect(res.data).toEqual({ message: PARCEL_NOT_CONFIGURED });
    expect(PARCEL_NOT_CONFIGURED).toBe('Parcel lookup is not configured on this server.');
  });
  it('refuses a missing address with 400', async () => {
    expect((await get('/api/parcel?city=Austin')).statusCode).toBe(400);
  });
  it('fills parcel_info from a provider; 404 when it has none; 502 when it fails', async () => {
    const info = { parcel_id: '0123', county_name: 'Travis', muni_name: 'Austin', zoning: 'SF-3', acreage_calc: 0.18, bldg_sqft: 1850, roof_height: 18, legal_desc1: 'LOT 4 BLK A' };
    const addr = { address: '1 Main St', city: 'Austin', state: 'TX', zip_code: '78701' };
    expect(await lookupParcel({ name: 'fake', lookup: async () => info }, addr)).toEqual({ parcel_info: info });
    await expect(lookupParcel({ name: 'fake', lookup: async () => null }, addr)).rejects.toMatchObject({ status: 404 });
    await expect(lookupParcel({ name: 'fake', lookup: async () => { throw new Error('down'); } }, addr)).rejects.toMatchObject({ status: 502 });
  });
});
