import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, groupMembers, groups, jobs, states, userCompanies, users } from '../../db/schema.ts';

export async function listCompanies(db: DbOrTx, onlyIds?: string[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  // Active jobs only: a deactivated job is hidden from the client and from the default list too
  // (jobs_company_idx on (company_id, created_at) serves the count).
  return db
    .select({
      company: companies,
      userCount: sql<number>`(select count(*)::int from ${userCompanies} uc where uc.company_id = "companies"."id")`,
      jobCount: sql<number>`(select count(*)::int from ${jobs} j where j.company_id = "companies"."id" and j.is_active)`,
      // Open: submitted and not finished (neither a draft nor Approved nor Cancelled).
      openJobCount: sql<number>`(select count(*)::int from ${jobs} j where j.company_id = "companies"."id" and j.is_active and j.status not in ('Draft', 'Approved', 'Cancelled'))`,
      lastActivityAt: sql<string | null>`(select max(j.updated_at) from ${jobs} j where j.company_id = "companies"."id")`,
    })
    .from(companies)
    .where(onlyIds ? inArray(companies.id, onlyIds) : undefined)
    .orderBy(asc(companies.name));
}

export async function getCompany(db: DbOrTx, id: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  return c;
}

export async function insertCompany(db: DbOrTx, v: typeof companies.$inferInsert) {
  const [c] = await db.insert(companies).values(v).returning();
  return c!;
}

export async function patchCompany(db: DbOrTx, id: string, set: Partial<typeof companies.$inferInsert>) {
  await db.update(companies).set(set).where(eq(companies.id, id));
}

export async function companyNameTaken(db: DbOrTx, name: string, exceptId?: string) {
  const rows = await db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.name}) = lower(${name})`);
  return rows.some((r) => r.id !== exceptId);
}

export async function contacts(db: DbOrTx, onlyIds?: string[]) {
  if (onlyIds && onlyIds.length === 0) return [];
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      contactId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.supportContactId))
    .where(onlyIds ? inArray(companies.id, onlyIds) : undefined)
    .orderBy(asc(companies.name));
}

export async function listGroups(db: DbOrTx) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      members: sql<{ id: string; firstName: string; lastName: string; email: string }[]>`coalesce((
        select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) order by u.last_name, u.first_name)
        from ${groupMembers} gm join ${users} u on u.id = gm.user_id where gm.group_id = "groups"."id"), '[]'::json)`,
    })
    .from(groups)
    .orderBy(asc(groups.name));
}

export async function listStates(db: DbOrTx) {
  // US states (and territories) first, then Canadian provinces (issue 29, item 11: 'CA' sorted
  // before 'US' put Alberta at the top of every US job's State list).
  return db.select().from(states).orderBy(sql`${states.country} <> 'US'`, asc(states.name));
}
