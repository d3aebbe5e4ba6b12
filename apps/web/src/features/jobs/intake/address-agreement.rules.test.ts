import { describe, expect, it } from 'vitest';
import { addressProblemLines, ahjMatchingCity } from './address-agreement.rules.ts';

describe('addressProblemLines', () => {
  const AZ = { name: 'Arizona', abbreviation: 'AZ' };
  it('leads each message with the fields that share it, and adds an AHJ of another state', () => {
    const m = 'ZIP 78756 is in Texas (TX), but the state is Arizona (AZ): correct the state or the ZIP.';
    const lines = addressProblemLines([{ state: m }, { client_zip_code: m }, { latitude: 'The map pin is in Texas (TX), …' }], { name: 'City of Austin', state: 'TX' }, AZ);
    expect(lines).toEqual([
      `State and ZIP: ${m}`,
      'Map pin: The map pin is in Texas (TX), …',
      "AHJ: City of Austin is in TX, the site is in Arizona (AZ): choose an AHJ of the site's state.",
    ]);
  });
  it('is empty when all agree', () => {
    expect(addressProblemLines([], { name: 'City of Phoenix', state: 'AZ' }, AZ)).toEqual([]);
  });
});

describe('ahjMatchingCity', () => {
  const rows = [
    { id: '1', name: 'Travis County', state: 'TX' },
    { id: '2', name: 'City of Austin', state: 'TX' },
    { id: '3', name: 'City of Austin', state: 'MN' },
  ];
  it('finds the city\'s own AHJ in the state, never a county', () => {
    expect(ahjMatchingCity(rows, 'Austin', 'TX')?.id).toBe('2');
    expect(ahjMatchingCity(rows, 'Austin', 'MN')?.id).toBe('3');
    expect(ahjMatchingCity(rows, 'Travis', 'TX')).toBeNull();
    expect(ahjMatchingCity(rows, '', 'TX')).toBeNull();
  });
});
