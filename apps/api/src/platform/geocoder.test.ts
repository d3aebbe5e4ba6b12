import { describe, expect, it } from 'vitest';
import {
  GeocoderFailure, GoogleGeocoder, NominatimGeocoder, OfflineGeocoder, geocoderFromEnv, parseGoogleResponse, parseNominatimResponse, type Fetch,
} from './geocoder.ts';

// Recorded-style answers written from the providers' documentation (Google Geocoding API
// "Geocoding responses"; Nominatim search/reverse/lookup with format=jsonv2&addressdetails=1).
const GOOGLE_OK = {
  status: 'OK',
  results: [{
    address_components: [
      { long_name: '1600', short_name: '1600', types: ['street_number'] },
      { long_name: 'Amphitheatre Parkway', short_name: 'Amphitheatre Pkwy', types: ['route'] },
      { long_name: 'Mountain View', short_name: 'Mountain View', types: ['locality', 'political'] },
      { long_name: 'Santa Clara County', short_name: 'Santa Clara County', types: ['administrative_area_level_2', 'political'] },
      { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '94043', short_name: '94043', types: ['postal_code'] },
    ],
    formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
    geometry: { location: { lat: 37.4224428, lng: -122.0842467 }, location_type: 'ROOFTOP' },
    place_id: 'ChIJF4Yf2Ry7j4AR__1AkytDyAE',
    types: ['street_address'],
  }],
};
const GOOGLE_PR = {
  status: 'OK',
  results: [{
    address_components: [
      { long_name: '100', short_name: '100', types: ['street_number'] },
      { long_name: 'Calle Fortaleza', short_name: 'C. Fortaleza', types: ['route'] },
      { long_name: 'San Juan', short_name: 'San Juan', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'Puerto Rico', short_name: 'PR', types: ['country', 'political'] },
      { long_name: '00901', short_name: '00901', types: ['postal_code'] },
    ],
    formatted_address: 'C. Fortaleza 100, San Juan, 00901, Puerto Rico',
    geometry: { location: { lat: 18.4647, lng: -66.1165 } },
    place_id: 'ChIJpr',
  }],
};
const NOMINATIM_SEARCH = [{
  place_id: 297429548, osm_type: 'way', osm_id: 23733659, lat: '30.2747', lon: '-97.7404',
  display_name: '1100, Congress Avenue, Downtown, Austin, Travis County, Texas, 78701, United States',
  address: {
    house_number: '1100', road: 'Congress Avenue', suburb: 'Downtown', city: 'Austin', county: 'Travis County',
    state: 'Texas', 'ISO3166-2-lvl4': 'US-TX', postcode: '78701', country: 'United States', country_code: 'us',
  },
}];
const NOMINATIM_PR = {
  place_id: 1, osm_type: 'node', osm_id: 42, lat: '18.4655', lon: '-66.1057', display_name: 'Calle del Cristo, San Juan, Puerto Rico',
  address: { road: 'Calle del Cristo', city: 'San Juan', postcode: '00901', country: 'Puerto Rico', country_code: 'pr', 'ISO3166-2-lvl4': 'US-PR' },
};

describe('Google parsing', () => {
  it('answers street address, zip, city, state name and abbreviation, lat/lng', () => {
    expect(parseGoogleResponse(GOOGLE_OK)).toEqual([{
      street_address: '1600 Amphitheatre Parkway', zip_code: '94043', city: 'Mountain View', state_name: 'California',
      state_abbreviation: 'CA', lat: 37.4224428, lng: -122.0842467, formatted_address: '1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA',
      place_id: 'ChIJF4Yf2Ry7j4AR__1AkytDyAE', source: 'google',
    }]);
  });
  it('treats Puerto Rico as a state with its administrative area as the city', () => {
    expect(parseGoogleResponse(GOOGLE_PR)[0]).toMatchObject({ state_name: 'Puerto Rico', state_abbreviation: 'PR', city: 'San Juan', zip_code: '00901' });
  });
  it('ZERO_RESULTS is no results; other statuses are failures with their status', () => {
    expect(parseGoogleResponse({ status: 'ZERO_RESULTS', results: [] })).toEqual([]);
    for (const status of ['OVER_QUERY_LIMIT', 'REQUEST_DENIED', 'INVALID_REQUEST', 'UNKNOWN_ERROR', 'OVER_DAILY_LIMIT']) {
      expect(() => parseGoogleResponse({ status, results: [], error_message: 'x' })).toThrow(new GeocoderFailure(status));
    }
    expect(() => parseGoogleResponse('<html>')).toThrow(GeocoderFailure);
  });
  it('calls the documented endpoint with address, latlng or place_id and the key', async () => {
    const urls: string[] = [];
    const fake: Fetch = async (url) => { urls.push(url); return { ok: true, status: 200, json: async () => GOOGLE_OK }; };
    const g = new GoogleGeocoder('KEY', fake);
    await g.forward('1600 Amphitheatre Pkwy');
    await g.reverse(37.42, -122.08);
    await g.place('ChIJ123');
    expect(urls.map((u) => new URL(u).searchParams.toString())).toEqual([
      'address=1600+Amphitheatre+Pkwy&components=country%3AUS%7Ccountry%3APR&key=KEY',
      'latlng=37.42%2C-122.08&key=KEY',
      'place_id=ChIJ123&key=KEY',
    ]);
    expect(urls[0]).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/geocode\/json\?/);
  });
  it('an HTTP error or a network failure is a failure', async () => {
    await expect(new GoogleGeocoder('K', async () => ({ ok: false, status: 503, json: async () => ({}) })).forward('x')).rejects.toThrow('Geocoder failed due to: HTTP_503');
    await expect(new GoogleGeocoder('K', async () => { throw new TypeError('fetch failed'); }).forward('x')).rejects.toThrow('Geocoder failed due to: NETWORK_ERROR');
  });
});

describe('Nominatim parsing', () => {
  it('maps the address breakdown', () => {
    expect(parseNominatimResponse(NOMINATIM_SEARCH)).toEqual([{
      street_address: '1100 Congress Avenue', zip_code: '78701', city: 'Austin', state_name: 'Texas', state_abbreviation: 'TX',
      lat: 30.2747, lng: -97.7404, formatted_address: NOMINATIM_SEARCH[0]!.display_name, place_id: 'W23733659', source: 'nominatim',
    }]);
  });
  it('treats Puerto Rico as a state; reverse answers one object; {error} is no result', () => {
    expect(parseNominatimResponse(NOMINATIM_PR)[0]).toMatchObject({ state_name: 'Puerto Rico', state_abbreviation: 'PR', city: 'San Juan', place_id: 'N42' });
    expect(parseNominatimResponse({ error: 'Unable to geocode' })).toEqual([]);
    expect(parseNominatimResponse([])).toEqual([]);
    expect(() => parseNominatimResponse('nope')).toThrow(GeocoderFailure);
  });
  it('calls search, reverse and lookup with jsonv2, address details and a User-Agent', async () => {
    const calls: { url: string; ua?: string }[] = [];
    const fake: Fetch = async (url, init) => { calls.push({ url, ua: init?.headers?.['user-agent'] }); return { ok: true, status: 200, json: async () => NOMINATIM_SEARCH }; };
    const g = new NominatimGeocoder('https://nominatim.example', 'Sunstamp-test', fake);
    await g.forward('1100 Congress Ave, Austin');
    await g.reverse(30.27, -97.74);
    await g.place('W23733659');
    expect(await g.place('not-an-osm-id')).toEqual([]);
    expect(calls.map((c) => c.url.replace(/\?.*/, ''))).toEqual(['https://nominatim.example/search', 'https://nominatim.example/reverse', 'https://nominatim.example/lookup']);
    expect(new URL(calls[2]!.url).searchParams.get('osm_ids')).toBe('W23733659');
    expect(new URL(calls[1]!.url).searchParams.get('lon')).toBe('-97.74');
    expect(calls.every((c) => c.ua === 'Sunstamp-test' && c.url.includes('format=jsonv2') && c.url.includes('addressdetails=1'))).toBe(true);
  });
});

describe('offline geocoder (the zipcodes dataset, for real)', () => {
  const g = new OfflineGeocoder();
  it('fills city, state and centre from a ZIP, keeping the street', async () => {
    const [hit] = await g.forward('1100 Congress Ave, Austin, TX 78701');
    expect(hit).toMatchObject({ street_address: '1100 Congress Ave', zip_code: '78701', city: 'Austin', state_name: 'Texas', state_abbreviation: 'TX', place_id: 'zip:78701', source: 'offline' });
    expect(hit!.lat).toBeCloseTo(30.27, 1);
    expect(hit!.lng).toBeCloseTo(-97.74, 1);
    expect((await g.forward('94103'))[0]).toMatchObject({ city: 'San Francisco', state_abbreviation: 'CA', street_address: '' });
  });
  it('fills a centre from "City, ST" and "City, State"', async () => {
    const [a] = await g.forward('Boulder, CO');
    expect(a).toMatchObject({ city: 'Boulder', state_abbreviation: 'CO', state_name: 'Colorado' });
    expect(a!.lat).toBeCloseTo(40.0, 0);
    expect((await g.forward('Boise, Idaho'))[0]).toMatchObject({ city: 'Boise', state_abbreviation: 'ID' });
  });
  it('treats Puerto Rico as a state', async () => {
    expect((await g.forward('00901'))[0]).toMatchObject({ city: 'San Juan', state_name: 'Puerto Rico', state_abbreviation: 'PR' });
    expect((await g.forward('San Juan, PR'))[0]).toMatchObject({ city: 'San Juan', state_abbreviation: 'PR' });
  });
  it('reverses coordinates to the nearest ZIP, and finds nothing at sea', async () => {
    expect((await g.reverse(30.2713, -97.7426))[0]).toMatchObject({ zip_code: '78701', city: 'Austin', lat: 30.2713, lng: -97.7426 });
    expect(await g.reverse(0, 0)).toEqual([]);
  });
  it('looks up its own place ids', async () => {
    expect((await g.place('zip:78701'))[0]!.city).toBe('Austin');
    expect((await g.place('city:Boulder|CO'))[0]!.city).toBe('Boulder');
    expect(await g.place('ChIJwhatever')).toEqual([]);
  });
  it('answers nothing for what it cannot place', async () => {
    expect(await g.forward('somewhere over the rainbow')).toEqual([]);
    expect(await g.forward('Atlantis, ZZ')).toEqual([]);
  });
});

describe('geocoderFromEnv', () => {
  it('defaults to offline and checks the Google key', () => {
    expect(geocoderFromEnv({}).name).toBe('offline');
    expect(geocoderFromEnv({ GEOCODER: 'nominatim' }).name).toBe('nominatim');
    expect(geocoderFromEnv({ GEOCODER: 'google', GOOGLE_MAPS_API_KEY: 'k' }).name).toBe('google');
    expect(() => geocoderFromEnv({ GEOCODER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
    expect(() => geocoderFromEnv({ GEOCODER: 'bing' })).toThrow(/GEOCODER/);
  });
});
