import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobFiles, users } from '../../db/schema.ts';

export type FileRow = typeof jobFiles.$inferSelect;

export async function insertFiles(db: DbOrTx, rows: (typeof jobFiles.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(jobFiles).values(rows);
}

const withUploader = (db: DbOrTx) =>
  db
    .select({ f: jobFiles, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(jobFiles)
    .leftJoin(users, eq(users.id, jobFiles.uploadedById));

export async function listFiles(db: DbOrTx, jobId: string) {
  return withUploader(db).where(eq(jobFiles.jobId, jobId)).orderBy(asc(jobFiles.createdAt), asc(jobFiles.id));
}

export async function getFile(db: DbOrTx, id: string) {
  const [row] = await withUploader(db).where(eq(jobFiles.id, id));
  return row;
}

export async function filesByIds(db: DbOrTx, jobId: string, ids: string[]) {
  const rows = await listFiles(db, jobId);
  return rows.filter((r) => ids.includes(r.f.id));
}

export async function deleteFile(db: DbOrTx, id: string): Promise<void> {
  await db.delete(jobFiles).where(and(eq(jobFiles.id, id)));
}
