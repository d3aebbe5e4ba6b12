import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROLES, type Role } from '../roles.ts';
import { pendingAdminMs } from './overdue.rules.ts';
import {
  jobOverdueState, overdueAtOf, pendingAdminHours, pendingBookkeeping, periodsFromChanges, periodsFromTally,
  type PendingAdminBookkeeping, type StatusChange,
} from './pending-admin.rules.ts';
import { isPendingAdmin, JOB_STATUSES, type JobStatus } from './workflow.rules.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-03-02T08:00:00Z');
const at = (hours: number) => new Date(T0 + hours * H);
const FRESH = { pendingAdminMsClosed: 0, pendingSince: null, createdByRole: 'user' as Role };
const LETTER = ['structural_roof_letter'];

describe('status periods', () => {
  it('each status change lasts until the next; rows without a status are skipped', () => {
    const changes: StatusChange[] = [
      { from: null, to: 'Draft', at: at(0) },
      { to: null, at: at(1) },
      { from: 'Draft', to: 'Pending Pre-Check', at: at(2) },
      { from: 'Pending Pre-Check', to: 'Pending Client', at: at(5) },
    ];
    expect(periodsFromChanges(changes)).toEqual([
      { status: 'Draft', from: at(0), to: at(2) },
      { status: 'Pending Pre-Check', from: at(2), to: at(5) },
      { status: 'Pending Client', from: at(5), to: null },
    ]);
    expect(periodsFromChanges([])).toEqual([]);
  });
  it('the stored tally is one closed stretch and the open one', () => {
    expect(periodsFromTally({ pendingAdminMsClosed: 0, pendingSince: null }, 'Draft')).toEqual([]);
    expect(periodsFromTally({ pendingAdminMsClosed: 2 * H, pendingSince: at(3) }, 'Pending Design')).toEqual([
      { status: 'Pending Pre-Check', from: 0, to: 2 * H },
      { status: 'Pending Design', from: at(3), to: null },
    ]);
  });
});

describe('pending-admin bookkeeping after a move', () => {
  it('opens a stretch on entering pending admin and closes it on leaving', () => {
    const submitted = pendingBookkeeping(FRESH, { to: 'Pending Pre-Check', at: at(1), services: LETTER });
    expect(submitted).toEqual({ pendingAdminMsClosed: 0, pendingSince: at(1), overdueAt: at(9) });
    const inside = pendingBookkeeping({ ...submitted, createdByRole: 'user' }, { to: 'Pending Design', at: at(2), services: LETTER });
    expect(inside).toEqual(submitted);
    const asked = pendingBookkeeping({ ...inside, createdByRole: 'user' }, { to: 'Pending Client', at: at(4), services: LETTER });
    expect(asked).toEqual({ pendingAdminMsClosed: 3 * H, pendingSince: null, overdueAt: null });
    const back = pendingBookkeeping({ ...asked, createdByRole: 'user' }, { to: 'Pending Design', at: at(10), services: LETTER });
    // 3 h already spent: 5 h left of the 8.
    expect(back).toEqual({ pendingAdminMsClosed: 3 * H, pendingSince: at(10), overdueAt: at(15) });
  });
  it('waits 16 hours with a CAD packet and never for a job staff created', () => {
    expect(pendingBookkeeping(FRESH, { to: 'Pending Pre-Check', at: at(0), services: ['cad_packet'] }).overdueAt).toEqual(at(16));
    for (const role of ['admin', 'support'] as const) {
      expect(pendingBookkeeping({ ...FRESH, createdByRole: role }, { to: 'Pending Pre-Check', at: at(0), services: LETTER }).overdueAt).toBeNull();
    }
    expect(overdueAtOf({ createdByRole: null, services: LETTER }, { pendingAdminMsClosed: H, pendingSince: at(0) })).toEqual(at(7));
  });
  it('never counts time backwards when the clock ran behind', () => {
    const open = { pendingAdminMsClosed: H, pendingSince: at(5), createdByRole: 'user' as Role };
    expect(pendingBookkeeping(open, { to: 'Approved', at: at(4), services: LETTER }).pendingAdminMsClosed).toBe(H);
  });
  it('shows hours with two decimals', () => {
    expect(pendingAdminHours(0)).toBe(0);
    expect(pendingAdminHours(H * 1.23456)).toBe(1.23);
    expect(pendingAdminHours(H / 2)).toBe(0.5);
  });
});

/** A job's life as random moves (any status, any role, forward in time); the history is what the service writes. */
const arbLife = fc.record({
  role: fc.constantFrom<Role>(...ROLES),
  services: fc.subarray(['cad_packet', 'structural_roof_letter', 'electrical_letter']),
  moves: fc.array(fc.record({ to: fc.constantFrom<JobStatus>(...JOB_STATUSES), gapMs: fc.integer({ min: 0, max: 30 * H }) }), { maxLength: 25 }),
  tailMs: fc.integer({ min: 0, max: 40 * H }),
});

describe('bookkeeping agrees with the history (property)', () => {
  it('the stored tally gives the same pending time, overdue state and overdue instant as the history', () => {
    fc.assert(fc.property(arbLife, ({ role, services, moves, tailMs }) => {
      let t = T0;
      let status: JobStatus = 'Draft';
      const changes: StatusChange[] = [{ from: null, to: 'Draft', at: new Date(t) }];
      let book: PendingAdminBookkeeping = { pendingAdminMsClosed: 0, pendingSince: null, overdueAt: null };
      for (const m of moves) {
        t += m.gapMs;
        book = pendingBookkeeping({ ...book, createdByRole: role }, { to: m.to, at: new Date(t), services });
        changes.push({ from: status, to: m.to, at: new Date(t) });
        status = m.to;
      }
      const now = new Date(t + tailMs);
      const fromHistory = jobOverdueState({ createdByRole: role, services, status }, periodsFromChanges(changes), now);
      const fromTally = jobOverdueState({ createdByRole: role, services, status }, periodsFromTally(book, status), now);
      expect(fromTally).toEqual(fromHistory);
      expect(pendingAdminMs(periodsFromChanges(changes), now)).toBe(
        book.pendingAdminMsClosed + (book.pendingSince ? now.getTime() - book.pendingSince.getTime() : 0),
      );
      // The open stretch exists exactly while the job waits on staff.
      expect(book.pendingSince !== null).toBe(isPendingAdmin(status));
      // overdue_at is the instant the state flips (the list's overdue filter relies on it).
      if (book.overdueAt) {
        expect(fromHistory.overdue).toBe(now.getTime() > book.overdueAt.getTime());
      } else {
        expect(fromHistory.overdue).toBe(false);
      }
    }), { numRuns: 500 });
  });
});
