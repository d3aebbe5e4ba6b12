import { describe, expect, it } from 'vitest';
import { chooseSealingEngineer, sealingLicenceOf, type EngineerLicences } from './engineer-licence.rules.ts';

const dana: EngineerLicences = { id: 'e1', name: 'Dana Whitfield', isActive: true, disciplines: ['structural'], licences: [{ state: 'TX', number: 'PE-1', expiresOn: '2027-01-31' }, { state: 'FL', number: 'PE-2', expiresOn: '2025-01-31' }] };
const eli: EngineerLicences = { id: 'e2', name: 'Eli Park', isActive: true, disciplines: ['electrical', 'structural'], licences: [{ state: 'FL', number: 'PE-9', expiresOn: '2028-01-01' }] };

describe('sealing licence', () => {
  it('needs the discipline, the state and an unexpired licence', () => {
    expect(sealingLicenceOf(dana, 'TX', 'structural', '2026-11-23')).toEqual({ ok: true, licence: dana.licences[0] });
    expect(sealingLicenceOf(dana, 'TX', 'structural', '2027-01-31').ok).toBe(true);
    expect(sealingLicenceOf(dana, 'TX', 'structural', '2027-02-01')).toEqual({ ok: false, message: "Dana Whitfield's TX PE licence PE-1 expired on 2027-01-31." });
    expect(sealingLicenceOf(dana, 'TX', 'electrical', '2026-11-23')).toEqual({ ok: false, message: 'Dana Whitfield does not practise electrical engineering, so cannot seal electrical documents.' });
    expect(sealingLicenceOf(dana, 'AZ', 'structural', '2026-11-23')).toEqual({ ok: false, message: 'Dana Whitfield holds no PE licence in AZ, the job\'s state.' });
    expect(sealingLicenceOf({ ...dana, isActive: false }, 'TX', 'structural', '2026-11-23').ok).toBe(false);
  });
  it('chooses the first engineer who may seal, or says what is missing', () => {
    const r = chooseSealingEngineer([dana, eli], 'FL', 'structural', '2026-11-23');
    expect(r.ok && r.engineer.id).toBe('e2');
    expect(chooseSealingEngineer([dana, eli], 'AZ', 'electrical', '2026-11-23')).toEqual({ ok: false, message: 'No engineer holds an unexpired electrical PE licence in AZ: add one on the Engineers page before sealing this job.' });
  });
});
