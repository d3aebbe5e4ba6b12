import { describe, expect, it } from 'vitest';
import { ftIn } from './draw/units.ts';
import { goldenInput } from './fixtures/golden.fixtures.ts';
import { backupUpgradeInput, dcBatteryInput, dcPartialBackupInput, partialBackupInput, stringBackupInput } from './fixtures/electrical.fixtures.ts';
import type { PlanSetInputRaw } from './input.schema.ts';
import { PlanSetError } from './planset.errors.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';
import { placeBesidePanel } from './layout/equipment-placement.ts';

/*
 * Issue 25: the energy storage system has a position on the site plan. The battery (BAT) and, when backup is
 * ordered, the backup gateway (GW) are located on the design like the meter and the main panel; PV-1 draws and
 * schedules them, the 705.10 directory map shows them with the names PV-4 gives them, and a storage set whose
 * design does not locate them is refused.
 */

const texts = (svg: string): string[] => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
const page = (r: PlanSetResult, p: string) => texts(r.sheets.find((s) => s.page === p)!.svg);

const SETS: [string, () => Promise<PlanSetInputRaw>, ('battery' | 'backup_gateway')[]][] = [
  ['AC-coupled battery, no backup (battery golden)', () => goldenInput('battery-hip'), ['battery']],
  ['micro + AC-coupled whole-home backup + upgrade', () => backupUpgradeInput(), ['battery', 'backup_gateway']],
  ['string + AC-coupled whole-home backup', stringBackupInput, ['battery', 'backup_gateway']],
  ['AC-coupled partial backup', partialBackupInput, ['battery', 'backup_gateway']],
  ['DC-coupled battery', () => dcBatteryInput(), ['battery']],
  ['DC-coupled partial backup', dcPartialBackupInput, ['battery', 'backup_gateway']],
];
const TAG = { battery: 'BAT', backup_gateway: 'GW' } as const;
const NAME = { battery: 'BATTERY', backup_gateway: 'BACKUP GATEWAY' } as const;

describe('the energy storage on the site plan and the 705.10 directory map', () => {
  it.each(SETS)('%s: PV-1 tags and schedules each ESS component at its design point; the 705.10 map shows it under PV-4\'s name', async (_n, make, kinds) => {
    const input = await make();
    const r = await renderPlanSet(input, { sheetsOnly: true });
    const pv1 = page(r, 'pv1');
    const meter = input.design.equipment.find((e) => e.kind === 'utility_meter')!;
    const pv4 = page(r, 'pv4').join('\n');
    const labels = r.sheets.filter((s) => s.page === 'pv5' || s.page === 'labels').flatMap((s) => texts(s.svg)).join('\n');
    expect(labels).toContain('705.10 DIRECTORY MAP — POWER SOURCES');
    for (const k of kinds) {
      const at = input.design.equipment.find((e) => e.kind === k);
      expect(at, `${k} located`).toBeDefined();
      // the tag on the plan, and the schedule row: tag, name, distance from the meter
      expect(pv1.filter((t) => t === TAG[k]).length, `${TAG[k]} on PV-1`).toBeGreaterThanOrEqual(2);
      // the schedule row (its name cell may wrap): tag, name, distance to the property line, distance from the meter
      const row = new RegExp(`\\b${TAG[k]} ${NAME[k].replace(/ /g, '\\s+')} \\S+ [NESW]{1,2} ${ftIn(Math.hypot(at!.x - meter.x, at!.y - meter.y) * 12, 2)}`);
      expect(pv1.join(' '), `${TAG[k]} schedule row`).toMatch(row);
      // the 705.10 map's legend names it as PV-4's diagram does
      expect(labels).toContain(`${TAG[k]} = ${NAME[k]}`);
      expect(pv4).toContain(NAME[k]);
    }
    if (!kinds.includes('backup_gateway')) expect(pv1).not.toContain('BACKUP GATEWAY');
  }, 60_000);

  it('a storage set whose design does not locate the battery or the gateway is refused, naming what is missing', async () => {
    const input = await backupUpgradeInput();
    const bare = { ...input, design: { ...input.design, equipment: input.design.equipment.filter((e) => e.kind !== 'backup_gateway') } };
    const e = await renderPlanSet(bare, { sheetsOnly: true }).then(() => null, (x: unknown) => x);
    expect(e).toBeInstanceOf(PlanSetError);
    expect((e as PlanSetError).key).toBe('pv1_failed');
    expect((e as PlanSetError).detail).toMatch(/locates no backup gateway \(GW\)/);
    const none = { ...input, design: { ...input.design, equipment: input.design.equipment.filter((e) => e.kind !== 'backup_gateway' && e.kind !== 'battery') } };
    const e2 = await renderPlanSet(none, { sheetsOnly: true }).then(() => null, (x: unknown) => x);
    expect((e2 as PlanSetError).detail).toMatch(/locates no battery \(BAT\) and no backup gateway \(GW\)/);
  });

  it('equipment placed beside the main panel never lands on a point another piece of equipment stands on', () => {
    const panel = { x: 10, y: 5 };
    const { equipment, placed } = placeBesidePanel([{ kind: 'main_panel', ...panel }, { kind: 'combiner', x: 10, y: 8 }, { kind: 'inverter', x: 10, y: 11.5 }], panel, ['battery', 'backup_gateway', 'inverter']);
    expect(placed.get('battery')).toEqual({ x: 10, y: 14 });
    expect(placed.get('backup_gateway')).toEqual({ x: 10, y: 17 });
    expect(placed.has('inverter')).toBe(false);
    expect(equipment).toHaveLength(5);
  });
});
