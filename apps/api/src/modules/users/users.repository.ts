import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies, groupMembers, groups, userCompanies, userMonthStats, users, userShifts,
} from '../../db/schema.ts';
import type { Role } from '@sunstamp/domain/roles';

export type UserRow = typeof users.$inferSelect;

export async function getUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

export async function companiesOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: companies.id, name: companies.name, supportContactId: companies.supportContactId })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, userId))
    .orderBy(asc(companies.name));
}

export async function supportContact(db: DbOrTx, contactId: string) {
  const [c] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, contactId), eq(users.isActive, true)));
  return c;
}

export async function monthStats(db: DbOrTx, userId: string, month: string) {
  const [s] = await db
    .select()
    .from(userMonthStats)
    .where(and(eq(userMonthStats.userId, userId), eq(userMonthStats.month, month)));
  return s;
}

export async function bumpMonthStat(db: DbOrTx, userId: string, month: string, field: 'jobsCompleted' | 'revisions') {
  const col = field === 'jobsCompleted' ? userMonthStats.jobsCompleted : userMonthStats.revisions;
  await db
    .insert(userMonthStats)
    .values({ userId, month, [field]: 1 })
    .onConflictDoUpdate({ target: [userMonthStats.userId, userMonthStats.month], set: { [field]: sql`${col} + 1` } });
}

export async function shifts(db: DbOrTx, userId: string) {
  const [open] = await db
    .select()
    .from(userShifts)
    .where(and(eq(userShifts.userId, userId), isNull(userShifts.endedAt)))
    .orderBy(desc(userShifts.startedAt))
    .limit(1);
  const [last] = await db
    .select()
    .from(userShifts)
    .where(and(eq(userShifts.userId, userId), isNotNull(userShifts.endedAt)))
    .orderBy(desc(userShifts.endedAt))
    .limit(1);
  return { open, last };
}

export type UserListFilter = {
  active?: boolean;
  companyIds?: string[];
  roles?: Role[];
  adminOnly?: boolean;
  excludeUserId?: string;
  /** Restrict to users sharing one of these companies (a company admin's view). */
  visibleCompanyIds?: string[];
  search?: string;
  id?: string;
};

export async function listUsers(db: DbOrTx, f: UserListFilter) {
  const conds: SQL[] = [];
  if (f.id) conds.push(eq(users.id, f.id));
  if (f.active !== undefined) conds.push(eq(users.isActive, f.active));
  if (f.roles?.length) conds.push(inArray(users.role, f.roles));
  if (f.adminOnly) conds.push(eq(users.role, 'admin'));
  if (f.excludeUserId) conds.push(sql`${users.id} <> ${f.excludeUserId}`);
  if (f.search) {
    const q = `%${f.search.replace(/[\\%_]/g, (m) => '\\' + m)}%`;
    conds.push(or(ilike(users.email, q), ilike(users.firstName, q), ilike(users.lastName, q))!);
  }
  for (const ids of [f.companyIds, f.visibleCompanyIds]) {
    if (ids) {
      if (ids.length === 0) return [];
      conds.push(inArray(users.id, db.select({ id: userCompanies.userId }).from(userCompanies).where(inArray(userCompanies.companyId, ids))));
    }
  }
  const rows = await db
    .select({
      user: users,
      companies: sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
        from ${userCompanies} uc join ${companies} c on c.id = uc.company_id where uc.user_id = "users"."id"), '[]'::json)`,
      groups: sql<{ id: string; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
        from ${groupMembers} gm join ${groups} g on g.id = gm.group_id where gm.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows;
}

export async function insertUser(db: DbOrTx, v: typeof users.$inferInsert) {
  const [u] = await db.insert(users).values(v).returning();
  return u!;
}

export async function patchUser(db: DbOrTx, id: string, set: Partial<typeof users.$inferInsert>) {
  const [u] = await db.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return u;
}

export async function setUserCompanies(db: DbOrTx, userId: string, companyIds: string[]) {
  await db.delete(userCompanies).where(eq(userCompanies.userId, userId));
  if (companyIds.length) await db.insert(userCompanies).values(companyIds.map((companyId) => ({ userId, companyId })));
}

export async function existingCompanyIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, ids));
  return rows.map((r) => r.id);
}

export async function emailTaken(db: DbOrTx, email: string) {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!u;
}

export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u?.id;
}

export async function companiesByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
}
