import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, licenceText, ZEngineerForm } from './engineer-form.rules.ts';

describe('engineer form', () => {
  it('round-trips an engineer and trims and upper-cases what it sends', () => {
    const e = { id: 'e1', name: 'Dana', email: 'd@x.test', user_id: null, disciplines: ['structural' as const], licences: [{ state: 'TX', number: 'PE-1', expires_on: '2030-01-01', expired: false }], is_active: true, has_seal: false, has_signature: false, seal_url: null, signature_url: null, is_demo: false, seal_authorisation: null, certificates: [], may: { seal: false, manage_credentials: true, authorise: true } };
    expect(bodyOf(formOf(e))).toEqual({ name: 'Dana', email: 'd@x.test', user_id: null, disciplines: ['structural'], is_active: true, licences: [{ state: 'TX', number: 'PE-1', expires_on: '2030-01-01' }] });
    expect(bodyOf({ ...formOf(null), name: ' Eli ', licences: [{ state: 'fl', number: ' 9 ', expires_on: '2031-02-03' }] }).licences).toEqual([{ state: 'FL', number: '9', expires_on: '2031-02-03' }]);
  });
  it('refuses a state listed twice and a bad state', () => {
    const r = ZEngineerForm.safeParse({ ...formOf(null), name: 'X', licences: [{ state: 'TX', number: '1', expires_on: '2030-01-01' }, { state: 'tx', number: '2', expires_on: '2030-01-01' }] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['licences.1.state']);
    expect(ZEngineerForm.safeParse({ ...formOf(null), name: 'X', licences: [{ state: 'Texas', number: '1', expires_on: '2030-01-01' }] }).success).toBe(false);
  });
  it('says whether a licence has expired', () => {
    expect(licenceText({ state: 'TX', number: 'PE-1', expires_on: '2020-01-01', expired: true })).toBe('TX PE-1, expired 2020-01-01');
  });
});
