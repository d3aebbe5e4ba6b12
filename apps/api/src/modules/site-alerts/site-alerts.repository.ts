import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, siteAlertDismissals, siteAlerts, users } from '../../db/schema.ts';

export type SiteAlertRow = typeof siteAlerts.$inferSelect;
export type SiteAlertInsert = typeof siteAlerts.$inferInsert;

/** Every alert, newest first, with how many people closed it and who wrote it. */
export async function listAlerts(db: DbOrTx) {
  return db
    .select({
      alert: siteAlerts,
      dismissed: sql<number>`(select count(*)::int from ${siteAlertDismissals} d where d.alert_id = ${siteAlerts.id})`,
      authorFirst: users.firstName, authorLast: users.lastName, authorEmail: users.email,
    })
    .from(siteAlerts)
    .leftJoin(users, eq(users.id, siteAlerts.createdById))
    .orderBy(desc(siteAlerts.createdAt), desc(siteAlerts.id));
}

export async function companyNames(db: DbOrTx, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function getAlert(db: DbOrTx, id: string) {
  const [row] = await db.select().from(siteAlerts).where(eq(siteAlerts.id, id));
  return row;
}

export async function insertAlert(db: DbOrTx, values: SiteAlertInsert) {
  const [row] = await db.insert(siteAlerts).values(values).returning();
  return row!;
}

export async function updateAlert(db: DbOrTx, id: string, values: Partial<SiteAlertInsert>) {
  const [row] = await db.update(siteAlerts).set(values).where(eq(siteAlerts.id, id)).returning();
  return row;
}

export async function deleteAlert(db: DbOrTx, id: string) {
  const rows = await db.delete(siteAlerts).where(eq(siteAlerts.id, id)).returning({ id: siteAlerts.id });
  return rows.length > 0;
}

/** Alerts not expired by hand and not ended by `now`, with whether this user closed each. */
export async function currentAlertsFor(db: DbOrTx, userId: string, now: Date) {
  return db
    .select({ alert: siteAlerts, dismissedAt: siteAlertDismissals.dismissedAt })
    .from(siteAlerts)
    .leftJoin(siteAlertDismissals, and(eq(siteAlertDismissals.alertId, siteAlerts.id), eq(siteAlertDismissals.userId, userId)))
    .where(and(
      eq(siteAlerts.isActive, true),
      sql`(${siteAlerts.startsAt} is null or ${siteAlerts.startsAt} <= ${now.toISOString()})`,
      sql`(${siteAlerts.endsAt} is null or ${siteAlerts.endsAt} > ${now.toISOString()})`,
    ))
    .orderBy(desc(siteAlerts.createdAt), desc(siteAlerts.id));
}

export async function dismiss(db: DbOrTx, alertId: string, userId: string, at: Date) {
  await db.insert(siteAlertDismissals).values({ alertId, userId, dismissedAt: at }).onConflictDoNothing();
}
