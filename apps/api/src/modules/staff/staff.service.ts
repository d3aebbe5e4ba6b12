import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { SHIFTS_MAX, type GroupBody, type ShiftLog } from '@sunstamp/domain/contracts/staff';
import { mayBeGroupMember, mayManageGroups, maySeeShifts } from '@sunstamp/domain/policies/companies.policy';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { Role } from '@sunstamp/domain/roles';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { notFound, invalidFields } from '../../platform/errors.ts';
import { requireAllowed } from '../../platform/access.ts';
import { listGroups } from '../companies/companies.api.ts';
import * as repo from './staff.repository.ts';
import { closeIdleShifts } from '../../db/shifts.sql.ts';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'cache'>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const hoursBetween = (a: Date, b: Date) => Math.round(((b.getTime() - a.getTime()) / HOUR) * 100) / 100;

type PersonCols = { userId: string; firstName: string; lastName: string; email: string; role: Role };
const personOf = (r: PersonCols) => ({
  id: r.userId, email: r.email, role: r.role,
  full_name: getDisplayName({ firstName: r.firstName, lastName: r.lastName, email: r.email }),
});

/** Name free (case-insensitively), every member an active user of a role that works on jobs. */
async function checkGroup(ctx: Ctx, b: GroupBody, exceptId?: string) {
  const db = ctx.database.db;
  if (await repo.groupNameTaken(db, b.name, exceptId)) throw invalidFields([{ name: 'Another group has this name.' }]);
  const found = new Map((await repo.usersByIds(db, b.member_ids)).map((u) => [u.id, u]));
  const errors: Record<string, string>[] = [];
  b.member_ids.forEach((id, i) => {
    const u = found.get(id);
    if (!u || !u.isActive) errors.push({ [`member_ids.${i}`]: 'No such active user.' });
    else if (!mayBeGroupMember(u.role)) errors.push({ [`member_ids.${i}`]: 'Client users cannot be in a staff group.' });
  });
  if (errors.length) throw invalidFields(errors);
}

async function answerGroup(ctx: Ctx, p: Principal, id: string) {
  const g = (await listGroups(ctx, p)).find((x) => x.id === id);
  if (!g) throw notFound();
  return g;
}

export async function createGroup(ctx: Ctx, p: Principal, b: GroupBody) {
  requireAllowed(mayManageGroups(p.role), 'Only an admin can change groups.');
  await checkGroup(ctx, b);
  const id = await ctx.database.db.transaction(async (tx) => {
    const gid = await repo.insertGroup(tx, b.name);
    await repo.setMembers(tx, gid, b.member_ids);
    return gid;
  });
  return answerGroup(ctx, p, id);
}

export async function updateGroup(ctx: Ctx, p: Principal, id: string, b: GroupBody) {
  requireAllowed(mayManageGroups(p.role), 'Only an admin can change groups.');
  if (!UUID_RE.test(id) || !(await repo.groupExists(ctx.database.db, id))) throw notFound();
  await checkGroup(ctx, b, id);
  await ctx.database.db.transaction(async (tx) => {
    await repo.renameGroup(tx, id, b.name);
    await repo.setMembers(tx, id, b.member_ids);
  });
  return answerGroup(ctx, p, id);
}

export async function deleteGroup(ctx: Ctx, p: Principal, id: string) {
  requireAllowed(mayManageGroups(p.role), 'Only an admin can change groups.');
  if (!UUID_RE.test(id) || !(await repo.deleteGroup(ctx.database.db, id))) throw notFound();
}

/** Who is on shift now (a shift opens at sign-in and ends at sign-out, with the session, or when idle: db/shifts.sql.ts). */
export async function activeUsers(ctx: Ctx, p: Principal) {
  requireAllowed(maySeeShifts(p.role));
  const now = ctx.clock.now();
  await closeIdleShifts(ctx.database.db, now);
  return (await repo.openShifts(ctx.database.db)).map((r) => ({
    ...personOf(r), shift_started_at: r.startedAt.toISOString(), shift_hours: hoursBetween(r.startedAt, now),
  }));
}

/** A date filter as an instant: a bare date is the start of that UTC day (the end filter: the next day). */
const instantOf = (v: string, endOfDay: boolean) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + (endOfDay ? DAY : 0)) : new Date(v);

export async function shiftLog(ctx: Ctx, p: Principal, q: { start_date?: string; end_date?: string; user_id?: string }): Promise<ShiftLog> {
  requireAllowed(maySeeShifts(p.role));
  const now = ctx.clock.now();
  const to = q.end_date ? instantOf(q.end_date, true) : new Date(now.getTime() + 1);
  const from = q.start_date ? instantOf(q.start_date, false) : new Date(to.getTime() - 30 * DAY);
  if (from >= to) throw invalidFields([{ end_date: 'The end must be after the start.' }]);
  await closeIdleShifts(ctx.database.db, now);
  const rows = await repo.shiftsBetween(ctx.database.db, from, to, SHIFTS_MAX + 1, q.user_id);
  const shifts = rows.slice(0, SHIFTS_MAX).map((r) => ({
    id: r.id, user: personOf(r), started_at: r.startedAt.toISOString(), ended_at: r.endedAt?.toISOString() ?? null,
    hours: hoursBetween(r.startedAt, r.endedAt ?? now),
  }));
  const totals = new Map<string, ShiftLog['totals'][number]>();
  for (const s of shifts) {
    const t = totals.get(s.user.id) ?? { user: s.user, shifts: 0, hours: 0 };
    t.shifts += 1;
    t.hours = Math.round((t.hours + s.hours) * 100) / 100;
    totals.set(s.user.id, t);
  }
  return {
    shifts,
    totals: [...totals.values()].sort((a, b) => b.hours - a.hours || a.user.full_name.localeCompare(b.user.full_name)),
    truncated: rows.length > SHIFTS_MAX,
  };
}
