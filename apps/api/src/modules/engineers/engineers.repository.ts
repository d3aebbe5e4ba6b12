import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { engineerCertificates, engineerLicences, engineers, users } from '../../db/schema.ts';

export type EngineerRow = typeof engineers.$inferSelect;
export type LicenceRow = typeof engineerLicences.$inferSelect;
export type EngineerWithLicences = EngineerRow & { licences: LicenceRow[] };

async function withLicences(db: DbOrTx, rows: EngineerRow[]): Promise<EngineerWithLicences[]> {
  if (!rows.length) return [];
  const lic = await db.select().from(engineerLicences).where(inArray(engineerLicences.engineerId, rows.map((r) => r.id))).orderBy(asc(engineerLicences.state));
  return rows.map((r) => ({ ...r, licences: lic.filter((l) => l.engineerId === r.id) }));
}

export async function listEngineers(db: DbOrTx): Promise<EngineerWithLicences[]> {
  return withLicences(db, await db.select().from(engineers).orderBy(asc(sql`lower(${engineers.name})`), asc(engineers.id)));
}

export async function getEngineer(db: DbOrTx, id: string): Promise<EngineerWithLicences | null> {
  const rows = await db.select().from(engineers).where(eq(engineers.id, id));
  return (await withLicences(db, rows))[0] ?? null;
}

/** Active engineers with a licence in `state`, in name order (the candidates to seal a job there). */
export async function engineersLicensedIn(db: DbOrTx, state: string): Promise<EngineerWithLicences[]> {
  const rows = await db.select({ e: engineers }).from(engineers)
    .innerJoin(engineerLicences, and(eq(engineerLicences.engineerId, engineers.id), eq(engineerLicences.state, state)))
    .where(eq(engineers.isActive, true)).orderBy(asc(sql`lower(${engineers.name})`), asc(engineers.id));
  return withLicences(db, rows.map((r) => r.e));
}

export type EngineerWrite = Pick<EngineerRow, 'name' | 'email' | 'userId' | 'disciplines' | 'isActive'>;

export async function insertEngineer(tx: DbOrTx, e: EngineerWrite, licences: Omit<LicenceRow, 'id' | 'engineerId'>[]): Promise<string> {
  const [row] = await tx.insert(engineers).values(e).returning({ id: engineers.id });
  if (licences.length) await tx.insert(engineerLicences).values(licences.map((l) => ({ ...l, engineerId: row!.id })));
  return row!.id;
}

export async function updateEngineer(tx: DbOrTx, id: string, e: EngineerWrite, licences: Omit<LicenceRow, 'id' | 'engineerId'>[], now: Date): Promise<void> {
  await tx.update(engineers).set({ ...e, updatedAt: now }).where(eq(engineers.id, id));
  await tx.delete(engineerLicences).where(eq(engineerLicences.engineerId, id));
  if (licences.length) await tx.insert(engineerLicences).values(licences.map((l) => ({ ...l, engineerId: id })));
}

export async function setImage(db: DbOrTx, id: string, kind: 'seal' | 'signature', key: string, mime: string, now: Date): Promise<void> {
  await db.update(engineers).set(kind === 'seal' ? { sealKey: key, sealMime: mime, updatedAt: now } : { signatureKey: key, signatureMime: mime, updatedAt: now }).where(eq(engineers.id, id));
}

/** A user's role and activity, to check the account an engineer profile names. */
export async function userRef(db: DbOrTx, id: string) {
  const [u] = await db.select({ id: users.id, role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, id));
  return u ?? null;
}

export type CertificateRow = typeof engineerCertificates.$inferSelect;

/** The registered certificates of these engineers, oldest first. */
export async function certificatesOf(db: DbOrTx, engineerIds: string[]): Promise<CertificateRow[]> {
  if (!engineerIds.length) return [];
  return db.select().from(engineerCertificates).where(inArray(engineerCertificates.engineerId, engineerIds)).orderBy(asc(engineerCertificates.createdAt), asc(engineerCertificates.id));
}

/** Registers a certificate; null when the engineer already has one with this public key. */
export async function insertCertificate(db: DbOrTx, row: typeof engineerCertificates.$inferInsert): Promise<string | null> {
  const r = await db.insert(engineerCertificates).values(row).onConflictDoNothing().returning({ id: engineerCertificates.id });
  return r[0]?.id ?? null;
}

export async function deleteCertificate(db: DbOrTx, engineerId: string, id: string): Promise<boolean> {
  const r = await db.delete(engineerCertificates).where(and(eq(engineerCertificates.engineerId, engineerId), eq(engineerCertificates.id, id))).returning({ id: engineerCertificates.id });
  return r.length > 0;
}

export async function setSealAuthorisation(db: DbOrTx, id: string, a: { at: Date; byId: string; byName: string; reference: string } | null, now: Date): Promise<void> {
  await db.update(engineers).set(a
    ? { sealAuthorisedAt: a.at, sealAuthorisedById: a.byId, sealAuthorisedByName: a.byName, sealAuthorisationRef: a.reference, updatedAt: now }
    : { sealAuthorisedAt: null, sealAuthorisedById: null, sealAuthorisedByName: null, sealAuthorisationRef: null, updatedAt: now }).where(eq(engineers.id, id));
}

/** A user's display name (the audit of who recorded or applied something). */
export async function userName(db: DbOrTx, id: string): Promise<string> {
  const [u] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, id));
  return u ? (`${u.first ?? ''} ${u.last ?? ''}`.trim() || u.email) : 'a deleted user';
}
