import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEED_RACKING } from '@sunstamp/domain/catalogue/equipment.data';
import type { PlacedModule, RoofPlane } from '@sunstamp/domain/design/design-model.schema';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import type { Check, Report } from '@sunstamp/engineering/report.schema';
import { RAIL_PRODUCTS } from '@sunstamp/engineering/tables/rail-profiles.table';
import { planAttachments, withRails } from './attachments.ts';

/*
 * Issue 24, findings 1 and 3: each rail product of the catalogue carries its own values (the class its
 * capacity is assumed from, the maker's cantilever ratio with its document) and, for any array the layout
 * rule lays out with them, every drawn span and cantilever passes the same check PV-3 and the letter print;
 * where no layout can satisfy the check, the run fails naming the rail.
 */

/** The engine's rail input from a catalogue row, as the plan-set input service builds it (railOfCatalogue). */
const railOf = (r: (typeof SEED_RACKING)[number]) => ({
  model: `${r.manufacturer} ${r.model}`,
  ...(r.allowableMomentLbFt ? { allowableMomentLbFt: r.allowableMomentLbFt, capacitySource: r.allowableMomentSource! } : {}),
  ...(r.railClass ? { profile: r.railClass } : {}),
  ...(r.maxCantileverRatio ? { maxCantileverRatio: r.maxCantileverRatio } : {}),
  ...(r.maxCantileverSource ? { cantileverSource: r.maxCantileverSource } : {}),
});

describe('the catalogue\'s rails carry the values on file for them', () => {
  it('each seeded rail matches tables/rail-profiles: class, cantilever ratio, its source; no made-up moment', () => {
    expect(SEED_RACKING.length).toBeGreaterThanOrEqual(3);
    for (const r of SEED_RACKING) {
      const p = RAIL_PRODUCTS[r.type];
      expect(p, r.type).toBeDefined();
      expect(r.allowableMomentLbFt ?? null, r.type).toBe(p!.published ? expect.any(Number) : null);
      expect(r.railClass, r.type).toBe(p!.assumedClass);
      expect(r.maxCantileverRatio, r.type).toBeCloseTo(p!.maxCantileverRatio, 12);
      if (p!.cantileverDocument) {
        // the document as cited (its title up to the quotation), and its address where it is the maker's own
        expect(r.maxCantileverSource).toContain(p!.cantileverDocument.title.split(': "')[0]);
        if (p!.cantileverDocument.url) expect(r.maxCantileverSource).toContain(p!.cantileverDocument.url);
      }
      else expect(r.maxCantileverSource).toMatch(/^ASSUMED/);
    }
    const classes = new Set(SEED_RACKING.map((r) => r.railClass));
    expect(classes.size).toBeGreaterThan(1);
  });
});

const base = JSON.parse(readFileSync(new URL('../../../engineering/examples/string-inverter-load-side.input.json', import.meta.url), 'utf8'));
const size = { lengthIn: base.equipment.module.lengthIn as number, widthIn: base.equipment.module.widthIn as number };

const plane = (spacingIn: number, pitchDeg: number): RoofPlane => ({
  id: 'P1', name: 'South', polygon: [{ x: 0, y: 0 }, { x: 70, y: 0 }, { x: 70, y: 30 }, { x: 0, y: 30 }], edges: ['eave', 'rake', 'ridge', 'rake'],
  pitchDeg, azimuthDeg: 180, material: 'Asphalt shingle', framing: { type: 'Rafter', size: '2x6', spacingIn, spansIn: [150] }, arrayId: 'A1',
});
/** A row of n portrait modules from x0 (ft, plan), 0.5 in apart, at plan y (ft). */
const row = (n: number, x0Ft: number, yFt: number, prefix: string): PlacedModule[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, planeId: 'P1', x: x0Ft + (i * (size.widthIn + 0.5) + size.widthIn / 2) / 12, y: yFt, orientation: 'portrait' as const }));

const find = (r: Report, id: string): Check => r.sections.flatMap((s) => s.checks).find((c) => c.id === id)!;
const inputOf = (c: Check, re: RegExp) => c.inputs.find((i) => re.test(i.name));

describe('layout → drawn rails → the printed rail checks (property)', () => {
  let seed = 24;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;

  it('for any array the rule lays out, every drawn span and cantilever passes the check the sheet prints; otherwise the run names the rail', () => {
    let laidOut = 0;
    let refused = 0;
    const seen = new Set<string>();
    for (let trial = 0; trial < 120; trial++) {
      const rack = pick(SEED_RACKING);
      const spacing = pick([12, 16, 19.2, 24]);
      const pitch = 10 + rnd() * 30;
      const site = { ...base.site, windSpeedMph: 95 + Math.round(rnd() * 85), exposure: pick(['B', 'C', 'D']), groundSnowLoadPsf: Math.round(rnd() * 90) };
      const engine = {
        ...base, site,
        arrays: [{ ...base.arrays[0], roofPitchDeg: pitch, windZone: pick(['1', '2', '3']), framing: { ...base.arrays[0].framing, spacingIn: spacing }, rail: railOf(rack) }, base.arrays[1]],
      };
      const p = plane(spacing, pitch);
      const modules = [...row(1 + Math.floor(rnd() * 9), 1 + rnd() * 5, 5, 'M'), ...row(1 + Math.floor(rnd() * 7), 1 + rnd() * 12, 12, 'N')];
      const plan = planAttachments({ roofPlanes: [p], modules, attachments: [] }, size, engine);
      if (!plan.ok) {
        refused++;
        expect(plan.rail).toMatch(/^P1-R\d+/);
        expect(plan.detail).toContain(plan.rail);
        continue;
      }
      laidOut++;
      seen.add(rack.type);
      const r = calculateDesign(withRails(engine, plan.railsByArray));
      const span = find(r, 'structural.array.A1.rail-span');
      const cant = find(r, 'structural.array.A1.rail-cantilever');
      const ctx = `${rack.type} ${JSON.stringify(site)} spacing ${spacing}`;
      expect(find(r, 'structural.array.A1.rail-attachments').pass, ctx).toBe(true);
      expect(span.pass, ctx).toBe(true);
      expect(cant.pass, ctx).toBe(true);
      expect(find(r, 'structural.array.A1.lag-withdrawal').pass, ctx).toBe(true);
      // the sheet prints these limits: every drawn rail is within them, not only the governing one
      const allowSpan = inputOf(span, /^allowable span$/)!.value as number;
      const allowCant = inputOf(cant, /^cantilever limit \(/)!.value as number;
      expect(allowCant).toBeLessThanOrEqual(rack.maxCantileverRatio! * allowSpan + 0.01);
      for (const rail of plan.railsByArray.A1!) {
        expect(rail.attachments, rail.id).toBeGreaterThanOrEqual(2);
        for (const s of rail.spansIn) expect(s, rail.id).toBeLessThanOrEqual(allowSpan + 0.01);
        for (const c of rail.cantileversIn) expect(c, rail.id).toBeLessThanOrEqual(allowCant + 0.01);
      }
      // and the capacity is the product's, said to be assumed where no maker figure is on file
      expect(String(inputOf(span, /^rail capacity source$/)!.value)).toMatch(new RegExp(`^${rack.manufacturer} ${rack.model}: ASSUMED ${rack.railClass} rail class`));
    }
    expect(laidOut).toBeGreaterThan(60);
    expect(laidOut + refused).toBe(120);
    expect(seen.size).toBe(SEED_RACKING.length);
  });

  it('a rail no layout can satisfy (its allowed span shorter than the rafter spacing) fails the run naming the rail', () => {
    const xr10 = SEED_RACKING.find((r) => r.type === 'ironridge_xr10')!;
    const engine = {
      ...base, site: { ...base.site, windSpeedMph: 180, exposure: 'D', groundSnowLoadPsf: 300 },
      arrays: [{ ...base.arrays[0], roofPitchDeg: 20, windZone: '3', framing: { ...base.arrays[0].framing, spacingIn: 24 }, rail: railOf(xr10) }, base.arrays[1]],
    };
    const plan = planAttachments({ roofPlanes: [plane(24, 20)], modules: row(4, 2, 5, 'M'), attachments: [] }, size, engine);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.rail).toBe('P1-R1');
    expect(plan.detail).toContain('P1-R1');
  });
});
