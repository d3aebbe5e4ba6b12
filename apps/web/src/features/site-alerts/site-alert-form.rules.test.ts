import { describe, expect, it } from 'vitest';
import { ZSiteAlertBody } from '@sunstamp/domain/contracts/site-alerts';
import { audienceText, bodyOf, formOf, ZSiteAlertForm } from './site-alert-form.rules.ts';

describe('site alert form', () => {
  it('turns the dialog into a body the API accepts, and back', () => {
    const form = { message: ' Down for upgrades ', severity: 'warning' as const, starts_at: '2026-12-01T20:00', ends_at: '2026-12-01T21:30', roles: [], company_ids: [] };
    expect(ZSiteAlertForm.safeParse(form).success).toBe(true);
    const body = bodyOf(form);
    expect(body).toMatchObject({ message: 'Down for upgrades', roles: null, company_ids: null });
    expect(ZSiteAlertBody.safeParse(body).success).toBe(true);
    const again = formOf({
      id: 'x', message: 'Down for upgrades', severity: 'warning', starts_at: body.starts_at ?? null, ends_at: body.ends_at ?? null,
      roles: null, companies: null, status: 'scheduled', dismissed_count: 0, created_by: null, created_at: '', updated_at: '',
    });
    expect(again.starts_at).toBe('2026-12-01T20:00');
    expect(again.ends_at).toBe('2026-12-01T21:30');
  });
  it('refuses an empty message and an end before the start', () => {
    const r = ZSiteAlertForm.safeParse({ message: ' ', severity: 'info', starts_at: '2026-12-02T10:00', ends_at: '2026-12-02T09:00', roles: [], company_ids: [] });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['message', 'ends_at']));
  });
  it('says who an alert is for', () => {
    expect(audienceText({ roles: null, companies: null })).toBe('Everyone');
    expect(audienceText({ roles: ['admin', 'support'], companies: null })).toBe('Admin, Support');
    expect(audienceText({ roles: null, companies: [{ id: '1', name: 'Acme Solar' }] })).toBe('Acme Solar');
  });
});
