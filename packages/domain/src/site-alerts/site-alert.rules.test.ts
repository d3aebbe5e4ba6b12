import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.ts';
import { siteAlertReaches, siteAlertStatus } from './site-alert.rules.ts';

const T = (iso: string) => new Date(iso);
const NOW = T('2026-11-23T12:00:00Z');

describe('siteAlertStatus', () => {
  it('is scheduled before the start, live inside the window, expired at and after the end', () => {
    expect(siteAlertStatus({ startsAt: T('2026-11-24T00:00:00Z'), endsAt: null, isActive: true }, NOW)).toBe('scheduled');
    expect(siteAlertStatus({ startsAt: NOW, endsAt: T('2026-11-23T12:00:01Z'), isActive: true }, NOW)).toBe('live');
    expect(siteAlertStatus({ startsAt: null, endsAt: null, isActive: true }, NOW)).toBe('live');
    expect(siteAlertStatus({ startsAt: null, endsAt: NOW, isActive: true }, NOW)).toBe('expired');
    expect(siteAlertStatus({ startsAt: null, endsAt: null, isActive: false }, NOW)).toBe('expired');
  });
  it('never calls an alert live outside its window (property)', () => {
    const date = fc.date({ min: T('2020-01-01'), max: T('2030-01-01'), noInvalidDate: true });
    fc.assert(fc.property(fc.option(date), fc.option(date), fc.boolean(), date, (startsAt, endsAt, isActive, now) => {
      const s = siteAlertStatus({ startsAt, endsAt, isActive }, now);
      if (s === 'live') {
        expect(isActive).toBe(true);
        if (startsAt) expect(startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (endsAt) expect(endsAt.getTime()).toBeGreaterThan(now.getTime());
      }
    }));
  });
});

describe('siteAlertReaches', () => {
  const acme = 'a0000000-0000-4000-8000-000000000001';
  const bright = 'b0000000-0000-4000-8000-000000000002';
  it('reaches everyone without an audience, and narrows by role and by company', () => {
    const client = { role: 'user' as const, companyIds: [acme] };
    expect(siteAlertReaches({ roles: null, companyIds: null }, client)).toBe(true);
    expect(siteAlertReaches({ roles: [], companyIds: [] }, client)).toBe(true);
    expect(siteAlertReaches({ roles: ['admin', 'support'], companyIds: null }, client)).toBe(false);
    expect(siteAlertReaches({ roles: null, companyIds: [bright] }, client)).toBe(false);
    expect(siteAlertReaches({ roles: ['user'], companyIds: [acme, bright] }, client)).toBe(true);
    expect(siteAlertReaches({ roles: null, companyIds: [acme] }, { role: 'admin', companyIds: [] })).toBe(false);
  });
  it('a user reached by an audience is reached by any wider one (property)', () => {
    const ids = [acme, bright, 'c0000000-0000-4000-8000-000000000003'];
    const list = <T>(xs: readonly T[]) => fc.option(fc.subarray([...xs]));
    fc.assert(fc.property(list(ROLES), list(ids), fc.constantFrom(...ROLES), fc.subarray(ids), fc.constantFrom(...ROLES), fc.constantFrom(...ids),
      (roles, companyIds, role, userCompanies, extraRole, extraCompany) => {
        const user = { role, companyIds: userCompanies };
        if (!siteAlertReaches({ roles, companyIds }, user)) return;
        const wider = { roles: roles?.length ? [...roles, extraRole] : roles, companyIds: companyIds?.length ? [...companyIds, extraCompany] : companyIds };
        expect(siteAlertReaches(wider, user)).toBe(true);
      }));
  });
});
