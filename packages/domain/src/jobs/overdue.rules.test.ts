import { describe, expect, it } from 'vitest';
import { getOverdueState, isOverdue, type OverdueInput, overdueThresholdHours, pendingAdminMs } from './overdue.rules.ts';

const H = 3_600_000;
const T0 = Date.parse('2025-05-01T08:00:00Z');
const at = (hours: number) => new Date(T0 + hours * H);

/** Created at T0, submitted at once, in Pending Design since. */
const base = (now: number, extra: Partial<OverdueInput> = {}): OverdueInput => ({
  periods: [
    { status: 'Draft', from: at(-1), to: at(0) },
    { status: 'Pending Design', from: at(0), to: null },
  ],
  createdByRole: 'user',
  services: ['structural_roof_letter'],
  status: 'Pending Design',
  now: at(now),
  ...extra,
});

describe('overdue (spec §4)', () => {
  it('turns overdue after 8 hours pending admin, not at 8 exactly', () => {
    expect(isOverdue(base(7.99))).toBe(false);
    expect(isOverdue(base(8))).toBe(false);
    expect(isOverdue(base(8.01))).toBe(true);
  });

  it('waits 16 hours with cad_packet', () => {
    const services = ['cad_packet', 'structural_roof_letter'];
    expect(overdueThresholdHours(services)).toBe(16);
    expect(isOverdue(base(15, { services }))).toBe(false);
    expect(isOverdue(base(16.5, { services }))).toBe(true);
  });

  it('exempts jobs created by admin or support', () => {
    expect(isOverdue(base(100, { createdByRole: 'admin' }))).toBe(false);
    expect(isOverdue(base(100, { createdByRole: 'support' }))).toBe(false);
    expect(getOverdueState(base(100, { createdByRole: 'support' })).exempt).toBe(true);
    expect(isOverdue(base(100, { createdByRole: 'user_admin' }))).toBe(true);
    expect(isOverdue(base(100, { createdByRole: 'contractor' }))).toBe(true);
    expect(isOverdue(base(100, { createdByRole: null }))).toBe(true);
  });

  it('is never overdue while waiting on the client, approval, AHJ, or when done', () => {
    for (const status of ['Pending Client', 'Pending Approval', 'Waiting on AHJ', 'Approved', 'Cancelled', 'Draft'] as const) {
      const periods = [
        { status: 'Pending Design' as const, from: at(0), to: at(20) },
        { status, from: at(20), to: null },
      ];
      expect(isOverdue(base(30, { periods, status }))).toBe(false);
    }
  });

  it('sums every pending-admin period plus the current one', () => {
    const periods = [
      { status: 'Pending Pre-Check' as const, from: at(0), to: at(3) },
      { status: 'Pending Client' as const, from: at(3), to: at(50) },
      { status: 'Pending Pre-Check' as const, from: at(50), to: at(52) },
      { status: 'Pending Design' as const, from: at(52), to: null },
    ];
    const input = (now: number) => base(now, { periods, status: 'Pending Design' });
    expect(getOverdueState(input(54)).pendingAdminMs).toBe(7 * H);
    expect(isOverdue(input(55))).toBe(false);
    expect(getOverdueState(input(55)).remainingMs).toBe(0);
    expect(isOverdue(input(55.5))).toBe(true);
    expect(getOverdueState(input(53)).remainingMs).toBe(2 * H);
  });

  it('ignores time after now and counts overlaps once', () => {
    const periods = [
      { status: 'Pending Design' as const, from: at(0), to: at(5) },
      { status: 'Pending QC' as const, from: at(4), to: at(6) },
      { status: 'Pending PE' as const, from: at(10), to: at(30) },
    ];
    expect(pendingAdminMs(periods, at(12))).toBe(8 * H);
    expect(pendingAdminMs(periods, at(-1))).toBe(0);
  });

  it('accepts ISO strings and epoch numbers', () => {
    const periods = [{ status: 'Pending QC' as const, from: '2025-05-01T08:00:00Z', to: null }];
    expect(pendingAdminMs(periods, '2025-05-01T10:30:00Z')).toBe(2.5 * H);
    expect(pendingAdminMs(periods, T0 + H)).toBe(H);
  });
});
