import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema.ts';

export async function getSetting(db: DbOrTx, key: string): Promise<unknown | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function putSetting(db: DbOrTx, key: string, value: unknown, userId: string, at: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: value as object, updatedAt: at, updatedById: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value: value as object, updatedAt: at, updatedById: userId } });
}
