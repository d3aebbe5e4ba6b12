import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupMembers, groups, users, userShifts } from '../../db/schema.ts';

const person = { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role };

export async function groupExists(db: DbOrTx, id: string) {
  const [g] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  return !!g;
}

export async function groupNameTaken(db: DbOrTx, name: string, exceptId?: string) {
  const rows = await db.select({ id: groups.id }).from(groups).where(sql`lower(${groups.name}) = lower(${name})`);
  return rows.some((r) => r.id !== exceptId);
}

/** The users among `ids` with their role and activity, to check who may be a member. */
export async function usersByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, role: users.role, isActive: users.isActive }).from(users).where(inArray(users.id, ids));
}

export async function insertGroup(db: DbOrTx, name: string) {
  const [g] = await db.insert(groups).values({ name }).returning({ id: groups.id });
  return g!.id;
}

export async function renameGroup(db: DbOrTx, id: string, name: string) {
  await db.update(groups).set({ name }).where(eq(groups.id, id));
}

export async function setMembers(db: DbOrTx, groupId: string, userIds: string[]) {
  await db.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
  if (userIds.length) await db.insert(groupMembers).values(userIds.map((userId) => ({ groupId, userId })));
}

export async function deleteGroup(db: DbOrTx, id: string) {
  const rows = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
  return rows.length > 0;
}

/** Active users with a shift open now, the longest on shift first. */
export async function openShifts(db: DbOrTx) {
  return db
    .select({ ...person, startedAt: userShifts.startedAt })
    .from(userShifts)
    .innerJoin(users, eq(users.id, userShifts.userId))
    .where(and(isNull(userShifts.endedAt), eq(users.isActive, true)))
    .orderBy(userShifts.startedAt);
}

/** Shifts that started in [from, to), newest first, at most `limit`. */
export async function shiftsBetween(db: DbOrTx, from: Date, to: Date, limit: number, userId?: string) {
  return db
    .select({ id: userShifts.id, ...person, startedAt: userShifts.startedAt, endedAt: userShifts.endedAt })
    .from(userShifts)
    .innerJoin(users, eq(users.id, userShifts.userId))
    .where(and(
      gte(userShifts.startedAt, from), lt(userShifts.startedAt, to),
      userId ? eq(userShifts.userId, userId) : undefined,
    ))
    .orderBy(desc(userShifts.startedAt), desc(userShifts.id))
    .limit(limit);
}
