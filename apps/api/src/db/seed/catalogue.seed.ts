import { OPTION_LISTS } from '@sunstamp/domain/catalogue/option-lists.data';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import type { CodeType } from '@sunstamp/domain/contracts/catalogue';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { codeLists, equipment, optionItems } from '../schema.ts';

/** Option lists served from the states table (modules/companies) rather than option_items. */
export const LISTS_NOT_IN_OPTION_ITEMS: ReadonlySet<string> = new Set(['states', 'canadian_provinces']);

const eds = (prefix: string, years: string[]) => years.map((y) => ({ value: y, label: `${prefix} ${y}` }));

/**
 * The code editions on offer at install. Values are what an AHJ stores: the edition year
 * for the ICC codes, "7-16" for ASCE 7, the code and year for electrical codes. Defaults are the
 * editions most US jurisdictions had adopted in 2025.
 */
export const CODE_LIST_SEED: { type: CodeType; label: string; editions: { value: string; label: string }[]; default: string }[] = [
  { type: 'ibc', label: 'International Building Code', editions: eds('IBC', ['2015', '2018', '2021', '2024']), default: '2021' },
  { type: 'irc', label: 'International Residential Code', editions: eds('IRC', ['2015', '2018', '2021', '2024']), default: '2021' },
  { type: 'iebc', label: 'International Existing Building Code', editions: eds('IEBC', ['2015', '2018', '2021', '2024']), default: '2021' },
  {
    type: 'asce', label: 'ASCE 7 Minimum Design Loads',
    editions: [{ value: '7-10', label: 'ASCE 7-10' }, { value: '7-16', label: 'ASCE 7-16' }, { value: '7-22', label: 'ASCE 7-22' }],
    default: '7-16',
  },
  {
    // Spec §9 "Electrical code options: NEC and CEC"; CEC is the California Electrical Code (NEC with amendments).
    type: 'electrical', label: 'Electrical Code',
    editions: [
      ...['2017', '2020', '2023'].map((y) => ({ value: `NEC ${y}`, label: `NEC ${y}` })),
      { value: 'CEC', label: 'CEC (California Electrical Code)' },
    ],
    default: 'NEC 2020',
  },
  { type: 'fire', label: 'International Fire Code', editions: eds('IFC', ['2015', '2018', '2021', '2024']), default: '2021' },
];

/**
 * Code lists, option-list items and seed equipment. Idempotent and additive: missing rows are
 * inserted, so a new item added to the domain lists appears on the next start. An existing built-in
 * equipment row (still source 'seed': any staff edit or deactivation makes it 'staff') gains the fields
 * a later release added to its data (an install seeded before the rails carried an allowable moment
 * gets one); a field it already has keeps its value, and a row staff edited is left alone.
 */
export async function seedCatalogue(database: Database) {
  const db = database.db;
  await db.insert(codeLists)
    .values(CODE_LIST_SEED.map((c) => ({ type: c.type, label: c.label, editions: c.editions, defaultEdition: c.default })))
    .onConflictDoNothing();

  const items = OPTION_LISTS.filter((l) => !LISTS_NOT_IN_OPTION_ITEMS.has(l.key)).flatMap((l) =>
    l.items.map(({ value, label, ...data }, i) => ({ listKey: l.key, value, label, data, sort: (i + 1) * 10 })),
  );
  await db.insert(optionItems).values(items).onConflictDoNothing();

  const rows = SEED_EQUIPMENT.map(({ id: _id, kind, manufacturer, model, type, ...data }) => ({
    kind, manufacturer, model, type, data: data as Record<string, unknown>, source: 'seed' as const,
  }));
  // An earlier release seeded the rails with made-up allowable moments marked "Demo catalogue value, not a
  // manufacturer figure" (issue 24): a built-in row still holding one loses it (and gains the rail class
  // below, printed as assumed), so no invented capacity reaches a sheet. A row staff edited is left alone.
  await db.update(equipment)
    .set({ data: sql`${equipment.data} - 'allowableMomentLbFt' - 'allowableMomentSource'` })
    .where(sql`${equipment.kind} = 'racking' AND ${equipment.source} = 'seed' AND ${equipment.data}->>'allowableMomentSource' LIKE 'Demo catalogue value%'`);

  await db.insert(equipment).values(rows).onConflictDoUpdate({
    target: [equipment.kind, equipment.manufacturer, equipment.model],
    // jsonb `||`: the right side wins on a shared key, so only the keys the row lacks come from the seed
    set: { data: sql`excluded.data || "equipment"."data"` },
    // only rows that lack a key (a restart rewrites nothing)
    setWhere: sql`"equipment"."source" = 'seed' AND (excluded.data || "equipment"."data") <> "equipment"."data"`,
  });
}
