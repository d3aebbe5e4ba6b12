import { describe, expect, it } from 'vitest';
import { addressContradictions, normaliseAddressComponents } from './address.rules.ts';

const c = (long_name: string, short_name: string, ...types: string[]) => ({ long_name, short_name, types });

describe('normaliseAddressComponents', () => {
  it('reads a US address', () => {
    expect(
      normaliseAddressComponents([
        c('1600', '1600', 'street_number'),
        c('Amphitheatre Parkway', 'Amphitheatre Pkwy', 'route'),
        c('Mountain View', 'Mountain View', 'locality', 'political'),
        c('Santa Clara County', 'Santa Clara County', 'administrative_area_level_2', 'political'),
        c('California', 'CA', 'administrative_area_level_1', 'political'),
        c('United States', 'US', 'country', 'political'),
        c('94043', '94043', 'postal_code'),
      ]),
    ).toEqual({
      street_address: '1600 Amphitheatre Parkway',
      zip_code: '94043',
      city: 'Mountain View',
      state_name: 'California',
      state_abbreviation: 'CA',
      country: 'US',
    });
  });
  it('treats Puerto Rico as a state and its administrative area as the city', () => {
    expect(
      normaliseAddressComponents([
        c('100', '100', 'street_number'),
        c('Calle Luna', 'C. Luna', 'route'),
        c('Pueblo', 'Pueblo', 'locality', 'political'),
        c('San Juan', 'San Juan', 'administrative_area_level_1', 'political'),
        c('Puerto Rico', 'PR', 'country', 'political'),
        c('00901', '00901', 'postal_code'),
      ]),
    ).toEqual({
      street_address: '100 Calle Luna',
      zip_code: '00901',
      city: 'San Juan',
      state_name: 'Puerto Rico',
      state_abbreviation: 'PR',
      country: 'US',
    });
  });
  it('falls back to the locality when PR has no administrative area', () => {
    expect(normaliseAddressComponents([c('Ponce', 'Ponce', 'locality'), c('Puerto Rico', 'PR', 'country')]).city).toBe('Ponce');
  });
  it('answers blanks for nothing', () => {
    expect(normaliseAddressComponents([])).toEqual({
      street_address: '',
      zip_code: '',
      city: '',
      state_name: '',
      state_abbreviation: '',
      country: '',
    });
  });
});

describe('addressContradictions', () => {
  const TX = { name: 'Texas', abbreviation: 'TX' };
  const AZ = { name: 'Arizona', abbreviation: 'AZ' };
  it('names the state and the ZIP when the ZIP is in another state, and the pin when it is', () => {
    const bad = addressContradictions({ state: AZ, zip: '78701', zipState: TX, pinState: TX });
    expect(bad.map((b) => Object.keys(b)[0])).toEqual(['state', 'client_zip_code', 'latitude']);
    expect(bad[0]!.state).toBe('ZIP 78701 is in Texas (TX), but the state is Arizona (AZ): correct the state or the ZIP.');
    expect(bad[2]!.latitude).toContain('The map pin is in Texas (TX), but the state is Arizona (AZ)');
  });
  it('is quiet when all agree or a part is unknown', () => {
    expect(addressContradictions({ state: TX, zip: '78701', zipState: TX, pinState: null })).toEqual([]);
    expect(addressContradictions({ state: TX, zip: '', zipState: null, pinState: null })).toEqual([]);
    expect(addressContradictions({ state: null, zip: '78701', zipState: TX, pinState: null })).toEqual([]);
  });
  it('without a state, a pin and a ZIP in different states still disagree', () => {
    expect(addressContradictions({ state: null, zip: '78701', zipState: TX, pinState: AZ })).toHaveLength(1);
  });
});
