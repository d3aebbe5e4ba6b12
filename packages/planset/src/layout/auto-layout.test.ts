import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FireCode, RoofPlane } from '../input.schema.ts';
import { autoLayoutRoof, checkRoofAccess } from './auto-layout.ts';
import { EXEMPT_PITCH_DEG, fireSetbackRule } from './fire-setbacks.rules.ts';
import { distRectSegment, moduleExtentIn, planeFrame, pointInPolygon, polygonArea, toPlane } from './plane-geometry.ts';

const MODULE = { lengthIn: 74, widthIn: 41.1 };
const IRC21: FireCode = { code: 'IRC', edition: '2021', sprinklered: false };

describe('fireSetbackRule', () => {
  it.each([
    [IRC21, 22, 0.2, false, 18, 1],
    [IRC21, 22, 0.34, false, 36, 1],
    [{ ...IRC21, sprinklered: true }, 22, 0.5, false, 18, 1],
    [{ ...IRC21, sprinklered: true }, 22, 0.7, false, 36, 1],
    [{ code: 'IFC', edition: '2018', sprinklered: false } as FireCode, 30, 0.1, true, 18, 1],
    [{ code: 'IFC', edition: '2015', sprinklered: false } as FireCode, 30, 0.1, false, 36, 2],
    [{ code: 'IFC', edition: '2012', sprinklered: false } as FireCode, 30, 0.1, true, 36, 1],
  ])('%o pitch %d° coverage %d hip %s → ridge %d in, %d pathway(s) per plane', (code, pitch, cov, hip, ridge, pathways) => {
    const r = fireSetbackRule(code, pitch, cov, hip);
    expect(r.ridgeIn).toBe(ridge);
    expect(r.pathwaysPerPlane).toBe(pathways);
  });
  it('exempts roofs of 2:12 or less under the 2018+ codes', () => {
    expect(fireSetbackRule(IRC21, EXEMPT_PITCH_DEG, 0.9, false).exempt).toBe(true);
    expect(fireSetbackRule(IRC21, EXEMPT_PITCH_DEG + 0.5, 0.9, false).exempt).toBe(false);
    expect(fireSetbackRule({ code: 'IFC', edition: '2015', sprinklered: false }, 5, 0.9, false).exempt).toBe(false);
  });
  it('keeps 18 in on hips and valleys under the 2012/2015 IFC', () => {
    expect(fireSetbackRule({ code: 'IFC', edition: '2012', sprinklered: false }, 30, 0, true).hipIn).toBe(18);
  });
});

/** A gable half: eave along the bottom, ridge on top, rakes at the sides (plan feet). */
const arbPlane = fc.record({
  w: fc.double({ min: 8, max: 70, noNaN: true }),
  run: fc.double({ min: 6, max: 25, noNaN: true }),
  pitch: fc.double({ min: 5, max: 45, noNaN: true }),
  azimuth: fc.constantFrom(0, 90, 180, 270),
  taper: fc.double({ min: 0, max: 0.45, noNaN: true }),
});

function makePlane(p: { w: number; run: number; pitch: number; azimuth: number; taper: number }): RoofPlane {
  // Build facing south (eave at y = 0), then rotate to the azimuth about the origin.
  const inset = p.taper * p.w;
  const south = [{ x: 0, y: p.run }, { x: p.w, y: p.run }, { x: p.w - inset, y: 0 + p.run * 0 }, { x: inset, y: 0 }];
  // eave at y = 0 is the lower edge: order eave → rake → ridge → rake
  const poly = [{ x: 0, y: 0 }, { x: p.w, y: 0 }, { x: p.w - inset, y: p.run }, { x: inset, y: p.run }];
  void south;
  const rot = ((p.azimuth - 180) * Math.PI) / 180;
  const r = (q: { x: number; y: number }) => ({ x: q.x * Math.cos(rot) + q.y * Math.sin(rot), y: -q.x * Math.sin(rot) + q.y * Math.cos(rot) });
  return {
    id: 'P', name: 'P', polygon: poly.map(r), edges: ['eave', inset > 0 ? 'hip' : 'rake', 'ridge', inset > 0 ? 'hip' : 'rake'],
    pitchDeg: p.pitch, azimuthDeg: p.azimuth, material: 'shingle', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [150] }, arrayId: 'A1',
  };
}

describe('autoLayoutRoof (property)', () => {
  it('places modules inside the plane, clear of every edge by its setback, never overlapping, never more than asked', () => {
    fc.assert(fc.property(arbPlane, fc.integer({ min: 0, max: 40 }), fc.constantFrom('portrait', 'landscape'), fc.constantFrom<FireCode>(IRC21, { code: 'IFC', edition: '2015', sprinklered: false }, { code: 'IRC', edition: '2018', sprinklered: true }), (pp, target, orientation, code) => {
      const plane = makePlane(pp);
      const out = autoLayoutRoof([plane], MODULE, [{ planeId: 'P', count: target, orientation }], { fireCode: code, roofIsHip: pp.taper > 0 });
      expect(out.modules.length).toBeLessThanOrEqual(target);
      const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
      const poly = plane.polygon.map((q) => toPlane(f, q));
      const acc = out.access[0]!;
      const { du, dv } = moduleExtentIn(orientation, MODULE.lengthIn, MODULE.widthIn);
      const rects = out.modules.map((m) => {
        const c = toPlane(f, m);
        return [{ x: c.x - du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y + dv / 2 }, { x: c.x - du / 2, y: c.y + dv / 2 }];
      });
      for (const r of rects) {
        for (const q of r) expect(pointInPolygon(q, poly)).toBe(true);
        for (let i = 0; i < poly.length; i++) expect(distRectSegment(r, poly[i]!, poly[(i + 1) % poly.length]!)).toBeGreaterThanOrEqual(acc.edgeSetbacksIn[i]! - 1e-3);
      }
      for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i]!; const b = rects[j]!;
        const ox = Math.min(a[1]!.x, b[1]!.x) - Math.max(a[0]!.x, b[0]!.x);
        const oy = Math.min(a[2]!.y, b[2]!.y) - Math.max(a[0]!.y, b[0]!.y);
        expect(ox <= 1e-6 || oy <= 1e-6).toBe(true);
      }
      // the reduced ridge setback is only used while the coverage allows it
      if (out.rule.reducedRidgeCoverageLimit !== null && out.rule.ridgeIn === 18) expect(out.coverage).toBeLessThanOrEqual(out.rule.reducedRidgeCoverageLimit + 1e-9);
      // the same layout passes the access check PV-2 applies
      expect(checkRoofAccess([{ ...plane, pathwayEdges: acc.pathwayEdges }], out.modules, MODULE, { fireCode: code, roofIsHip: pp.taper > 0 }).violations).toEqual([]);
    }), { numRuns: 60 });
  }, 120_000);

  it('a layout on a plane away from the origin passes the access check too (modules flush with a rake)', () => {
    // The second of two planes side by side, as the auto-design of a two-array job draws them.
    const rect = (x0: number, x1: number, y1: number) => [{ x: x0, y: 0 }, { x: x1, y: 0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
    const planes: RoofPlane[] = [
      { id: 'P-A1', name: 'Roof A1', polygon: rect(0, 28.82, 20.15), edges: ['eave', 'rake', 'ridge', 'rake'], pitchDeg: 22.6, azimuthDeg: 180, material: 'x', arrayId: 'A1', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [180] } },
      { id: 'P-A2', name: 'Roof A2', polygon: rect(28.82, 50.2, 14.93), edges: ['eave', 'rake', 'ridge', 'rake'], pitchDeg: 22.6, azimuthDeg: 180, material: 'x', arrayId: 'A2', framing: { type: 'Rafter', size: '2x6', spacingIn: 24, spansIn: [180] } },
    ];
    const size = { lengthIn: 1722 / 25.4, widthIn: 1134 / 25.4 };
    const o = { fireCode: { code: 'IRC', edition: '2018', sprinklered: false } as FireCode, roofIsHip: true };
    const out = autoLayoutRoof(planes, size, [{ planeId: 'P-A1', count: 16, orientation: 'portrait' }, { planeId: 'P-A2', count: 8, orientation: 'portrait' }], o);
    expect(out.modules).toHaveLength(24);
    expect(checkRoofAccess(planes, out.modules, size, o).violations).toEqual([]);
  });

  it('is deterministic', () => {
    fc.assert(fc.property(arbPlane, fc.integer({ min: 1, max: 30 }), (pp, n) => {
      const plane = makePlane(pp);
      const a = autoLayoutRoof([plane], MODULE, [{ planeId: 'P', count: n, orientation: 'portrait' }], { fireCode: IRC21, roofIsHip: false });
      const b = autoLayoutRoof([plane], MODULE, [{ planeId: 'P', count: n, orientation: 'portrait' }], { fireCode: IRC21, roofIsHip: false });
      expect(a).toEqual(b);
    }), { numRuns: 15 });
  }, 60_000);

  it('fills a 44 × 15 ft gable half with the 18 in ridge setback, a 36 in pathway and portrait modules in the real size', () => {
    const plane = makePlane({ w: 44, run: 15, pitch: 22, azimuth: 180, taper: 0 });
    const out = autoLayoutRoof([plane], MODULE, [{ planeId: 'P', count: 100, orientation: 'portrait' }], { fireCode: IRC21, roofIsHip: false });
    // slope length 15 / cos 22° = 194 in; 194 − 18 = 176 in → 2 rows of 74 in; 528 − 36 = 492 in → 11 of 41.1 in (+ gaps)
    const area = polygonArea(plane.polygon);
    expect(out.rule.ridgeIn).toBe(out.coverage <= 0.33 ? 18 : 36);
    expect(out.modules.length).toBeGreaterThan(0);
    expect(out.modules.length * ((74 * 41.1) / 144) * Math.cos((22 * Math.PI) / 180) / area).toBeCloseTo(out.coverage, 6);
    expect(out.access[0]!.pathwayEdges).toHaveLength(1);
  });

  it('places nothing on a plane too small for one module', () => {
    const plane = makePlane({ w: 3, run: 3, pitch: 20, azimuth: 180, taper: 0 });
    expect(autoLayoutRoof([plane], MODULE, [{ planeId: 'P', count: 5, orientation: 'portrait' }], { fireCode: IRC21, roofIsHip: false }).shortBy).toEqual({ P: 5 });
  });
});
