import { describe, expect, it } from 'vitest';
import type { PlacedModule, RoofPlane } from './design-model.schema.ts';
import { drawnRails, layoutAttachments, placeOnRail, rafterLinesU, railsOfPlane, type Rail } from './attachment-layout.rules.ts';

const size = { lengthIn: 70, widthIn: 40 };
const plane = (spacingIn: number, widthFt = 40, pitchDeg = 20): RoofPlane => ({
  id: 'P1', name: 'South', polygon: [{ x: 0, y: 0 }, { x: widthFt, y: 0 }, { x: widthFt, y: 16 }, { x: 0, y: 16 }], edges: ['eave', 'rake', 'ridge', 'rake'],
  pitchDeg, azimuthDeg: 180, material: 'Asphalt shingle', framing: { type: 'Rafter', size: '2x6', spacingIn, spansIn: [168] }, arrayId: 'A1',
});

/** A row of n portrait modules from x0 (ft, plan), 0.5 in apart, at plan y (ft). Azimuth 180: u runs west (−x). */
function row(p: RoofPlane, n: number, x0Ft: number, yFt: number, prefix = 'M'): PlacedModule[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, planeId: p.id, x: x0Ft + (i * (size.widthIn + 0.5) + size.widthIn / 2) / 12, y: yFt, orientation: 'portrait' as const }));
}

describe('rails of a plane', () => {
  it('two rails per row of touching modules, one per run where a row has a gap', () => {
    const p = plane(24);
    const mods = [...row(p, 3, 2, 4), ...row(p, 2, 20, 4, 'N')];
    const rails = railsOfPlane(p, mods, size);
    expect(rails).toHaveLength(4);
    expect(rails.map((r) => Math.round(r.u1 - r.u0))).toEqual(expect.arrayContaining([121, 81]));
  });

  it('rafters every framing spacing from the plane\'s end', () => {
    const us = rafterLinesU(plane(24, 10));
    expect(us.map((u) => Math.round((u - us[0]!) * 1000) / 1000)).toEqual([0, 24, 48, 72]); // 24, 48, 72, 96 in from the 120 in plane's end
  });
});

describe('placeOnRail', () => {
  const rail = (u0: number, u1: number): Rail => ({ id: 'P1-R1', planeId: 'P1', arrayId: 'A1', v: 0, u0, u1 });
  const rafters = Array.from({ length: 30 }, (_, k) => k * 24);

  it('puts attachments on rafters, spans and cantilevers within the limits, at least two', () => {
    const r = placeOnRail(rail(5, 205), rafters, { maxSpanIn: 60, maxCantileverIn: 24 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.u.every((u) => rafters.includes(u))).toBe(true);
    expect(r.u.length).toBeGreaterThanOrEqual(2);
    expect(r.u[0]! - 5).toBeLessThanOrEqual(24);
    expect(205 - r.u[r.u.length - 1]!).toBeLessThanOrEqual(24);
    for (let k = 1; k < r.u.length; k++) expect(r.u[k]! - r.u[k - 1]!).toBeLessThanOrEqual(60);
  });

  it('a short rail still gets two attachments', () => {
    const r = placeOnRail(rail(10, 52), rafters, { maxSpanIn: 72, maxCantileverIn: 28 });
    expect(r).toEqual({ ok: true, u: [24, 48] });
  });

  it('fails naming the rail when the rafters are farther apart than the allowed span', () => {
    const r = placeOnRail(rail(5, 205), rafters, { maxSpanIn: 20, maxCantileverIn: 8 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/rail P1-R1/);
  });

  it('a rail under one module that crosses one rafter is extended to the next rafter; its loaded cantilever ends at the module', () => {
    const r = placeOnRail(rail(30, 70), rafters, { maxSpanIn: 72, maxCantileverIn: 28 }, 24);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.u).toHaveLength(2);
      expect(r.u.every((u) => rafters.includes(u))).toBe(true);
      expect(r.u[r.u.length - 1]! - r.u[0]!).toBeLessThanOrEqual(72);
    }
  });

  it('fails a rail that crosses fewer than two rafters', () => {
    const r = placeOnRail(rail(1, 30), rafters, { maxSpanIn: 72, maxCantileverIn: 28 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/crosses 1 rafter/);
  });
});

describe('layout → drawn rails (property)', () => {
  // A small deterministic generator: rows of modules, framing spacings and limits.
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  it('every rail the rule lays out has ≥ 2 attachments on rafters, spans and cantilevers within the limits it was given', () => {
    let laidOut = 0;
    for (let trial = 0; trial < 200; trial++) {
      const spacing = [12, 16, 19.2, 24][Math.floor(rnd() * 4)]!;
      const p = plane(spacing, 60, 10 + rnd() * 30);
      const mods = [...row(p, 1 + Math.floor(rnd() * 10), 1 + rnd() * 5, 4), ...row(p, 1 + Math.floor(rnd() * 8), 1 + rnd() * 10, 10, 'N')];
      const lim = { maxSpanIn: 30 + rnd() * 60, maxCantileverIn: 0 };
      lim.maxCantileverIn = 0.4 * lim.maxSpanIn;
      const r = layoutAttachments([p], mods, size, () => lim);
      if (!r.ok) { expect(r.reason).toContain(r.rail); continue; }
      laidOut++;
      const { rails, stray } = drawnRails([p], mods, size, r.attachments);
      expect(stray).toEqual([]);
      for (const rail of rails) {
        expect(rail.attachmentsU.length, rail.id).toBeGreaterThanOrEqual(2);
        expect(rail.offRafter, rail.id).toEqual([]);
        for (const s of rail.spansIn) expect(s).toBeLessThanOrEqual(lim.maxSpanIn + 1e-3);
        for (const c of rail.cantileversIn) expect(c).toBeLessThanOrEqual(lim.maxCantileverIn + 1e-3);
      }
    }
    expect(laidOut).toBeGreaterThan(100);
  });

  it('reads back what a hand-drawn layout breaks: one attachment, off a rafter, a long cantilever', () => {
    const p = plane(24);
    const mods = row(p, 3, 2, 4);
    const rails = railsOfPlane(p, mods, size);
    const lim = { maxSpanIn: 72, maxCantileverIn: 28.8 };
    const good = layoutAttachments([p], mods, size, () => lim);
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    // drop all but one attachment of the first rail and shift one of the second off its rafter
    const [r1, r2] = rails;
    const { rails: before } = drawnRails([p], mods, size, good.attachments);
    const onR1 = before[0]!.attachmentsU.length;
    const kept = good.attachments.slice(onR1 - 1);
    kept[1] = { ...kept[1]!, x: kept[1]!.x + 0.25 };
    const { rails: after } = drawnRails([p], mods, size, kept);
    expect(after.find((r) => r.id === r1!.id)!.attachmentsU).toHaveLength(1);
    expect(after.find((r) => r.id === r2!.id)!.offRafter).toHaveLength(1);
  });
});
