import { describe, expect, it } from 'vitest';
import { ftIn } from './draw/units.ts';
import { goldenInput } from './fixtures/golden.fixtures.ts';
import { backupUpgradeInput, dcBatteryInput, dcPartialBackupInput, partialBackupInput, stringBackupInput } from './fixtures/electrical.fixtures.ts';
import type { PlanSetInputRaw } from './input.schema.ts';
import { PlanSetError } from './planset.errors.ts';
import { renderPlanSet, type PlanSetResult } from './planset.render.ts';
import { placeBesidePanel } from './layout/equipment-placement.ts';
import { segmentHitsBox } from './check/drawing.lint.ts';
import { clearOfLines } from './sheets/pv1-site-dims.ts';
import { drawDim } from './sheets/dims.ts';
import { Canvas } from './draw/canvas.ts';
import { loadSheetFonts } from './draw/fonts.ts';
import { TextMeasure } from './draw/text.measure.ts';
import { GOLDEN_NAMES } from './fixtures/golden.fixtures.ts';

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

/** The site plan's equipment tags (white boxes on E-EQPM) and the lines that could cross them. */
function tagsAndLines(svg: string) {
  const num = (tag: string, a: string) => Number(new RegExp(`\\b${a}="(-?[\\d.]+)"`).exec(tag)![1]);
  const tags = [...svg.matchAll(/<rect class="E-EQPM"[^>]*>/g)].map((m) => m[0]).filter((t) => /fill="#fff"/.test(t))
    .map((t) => ({ x0: num(t, 'x'), y0: num(t, 'y'), x1: num(t, 'x') + num(t, 'width'), y1: num(t, 'y') + num(t, 'height') }));
  const lines = [...svg.matchAll(/<line class="(E-EQPM|E-PV-MODULE)"[^>]*>/g)].map((m) => m[0])
    .map((t) => [num(t, 'x1'), num(t, 'y1'), num(t, 'x2'), num(t, 'y2')] as const);
  return { tags, lines };
}

describe('the site plan\'s equipment tags', () => {
  it('a setback dimension\'s text moves along its line off a tag\'s leader, and is only masked where no place clears it', () => {
    const m = new TextMeasure(loadSheetFonts());
    const textOf = (c: Canvas) => c.prims.find((q) => q.kind === 'text')!;
    const dim = (leaders: [number, number, number, number][]) => {
      const c = new Canvas(m, 8, 'dims test');
      for (const [x1, y1, x2, y2] of leaders) c.line(x1, y1, x2, y2, { lineWidth: 0.4 }, 'E-EQPM');
      const box = drawDim(c, [0, 100], [400, 100], 0, "UM 29'-4 3/4\"", { layer: 'E-EQPM', avoidLinesOf: ['E-EQPM'] })!;
      return { box, x: (textOf(c) as { x: number }).x };
    };
    const free = dim([]);
    // no leader: the middle of the line
    expect((free.box.x0 + free.box.x1) / 2).toBeCloseTo(200, 0);
    // a leader through the middle: the text goes elsewhere on the line, clear of it
    const moved = dim([[200, 60, 210, 140]]);
    expect(moved.x).not.toBeCloseTo(free.x, 0);
    expect(segmentHitsBox([200, 60, 210, 140], moved.box)).toBe(false);
    // leaders everywhere: still drawn (at the middle, its white ground masking them)
    const crowded = dim([0, 40, 80, 120, 160, 200, 240, 280, 320, 360, 400].map((x) => [x, 60, x, 140] as [number, number, number, number]));
    expect((crowded.box.x0 + crowded.box.x1) / 2).toBeCloseTo(200, 0);
  });

  it('clearOfLines moves a box under each line in its way and leaves it where none is', () => {
    expect(clearOfLines(100, 12, 0, 20, [[[-50, 200], [50, 200]]])).toBe(100);
    // a line through the box pushes it under the line; a second line just under pushes it again
    expect(clearOfLines(100, 12, 0, 20, [[[-50, 102], [50, 102]]])).toBe(102 + 6 + 3);
    expect(clearOfLines(100, 12, 0, 20, [[[-50, 102], [50, 102]], [[-50, 112], [50, 112]]])).toBe(112 + 6 + 3);
    // a line that ends left of the box does not move it
    expect(clearOfLines(100, 12, 30, 50, [[[-50, 100], [20, 100]]])).toBe(100);
  });

  it.each([...SETS.map(([n, make]) => [n, make] as const), ...GOLDEN_NAMES.map((n) => [n, () => goldenInput(n)] as const)])(
    '%s: no setback dimension or other line crosses a tag, but the tag\'s own leader, which ends on its edge',
    async (_n, make) => {
      const r = await renderPlanSet(await make(), { sheetsOnly: true, only: ['pv1'] });
      const { tags, lines } = tagsAndLines(r.sheets.find((s) => s.page === 'pv1')!.svg);
      expect(tags.length).toBeGreaterThan(0);
      for (const b of tags) {
        const inner = { x0: b.x0 + 0.5, y0: b.y0 + 0.5, x1: b.x1 - 0.5, y1: b.y1 - 0.5 };
        const crossing = lines.filter((l) => segmentHitsBox(l, inner));
        expect(crossing, `tag at ${b.x0.toFixed(0)},${b.y0.toFixed(0)}`).toEqual([]);
      }
    },
  );
});
