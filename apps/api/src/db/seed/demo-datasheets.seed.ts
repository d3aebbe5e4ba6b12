import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client.ts';
import type { Storage } from '../../platform/storage.ts';
import { equipment } from '../schema.ts';

/*
 * The demo catalogue's datasheets (issue 24 finding 5): every seeded model without a datasheet gets
 * one generated from its catalogue data and marked on the page as a demo document, not the
 * manufacturer's (packages/planset render/demo-datasheet.ts), so the demo's plan sets bind a cut
 * sheet per model. Demo installs only (with the sample jobs); a datasheet staff uploaded is never
 * replaced, and a restart adds only what is missing.
 */
export async function seedDemoDatasheets(database: Database, storage: Storage): Promise<number> {
  const db = database.db;
  const rows = await db.select().from(equipment).where(and(eq(equipment.source, 'seed'), isNull(equipment.datasheetKey)));
  if (!rows.length) return 0;
  // The PDF writer loads only when a datasheet is to be made (a new install), not at every start.
  const { makeDemoDatasheet } = await import('@sunstamp/planset/render/demo-datasheet');
  let n = 0;
  for (const item of rows) {
    const bytes = await makeDemoDatasheet({ kind: item.kind, manufacturer: item.manufacturer, model: item.model, type: item.type, data: item.data });
    const key = `equipment/${item.id}/${crypto.randomUUID()}.pdf`;
    await storage.put(key, bytes);
    const name = `${item.manufacturer} ${item.model} demo datasheet (generated).pdf`.replace(/[\\/:*?"<>|]/g, '-');
    const done = await db.update(equipment).set({ datasheetKey: key, datasheetName: name, datasheetSize: bytes.byteLength })
      .where(and(eq(equipment.id, item.id), isNull(equipment.datasheetKey))).returning({ id: equipment.id });
    if (done.length) n++;
    else await storage.remove(key).catch(() => undefined);
  }
  return n;
}
