import type { FireCode, Orientation, PlacedModule, Point, RoofPlane } from '../input.schema.ts';
import { edgeSetbackIn, fireSetbackRule, type SetbackRule } from './fire-setbacks.rules.ts';
import { WIND_EDGE_IN, WIND_EDGE_KINDS } from './wind-edge.rules.ts';
import { distRectSegment, moduleExtentIn, planeFrame, pointInPolygon, polygonArea, toPlan, toPlane } from './plane-geometry.ts';

/*
 * Auto-fill of modules on roof planes (the job's design model), pure: rows and columns in the module's real
 * size and orientation, inside each plane's outline, clear of every edge by that edge's fire setback
 * (fire-setbacks.rules.ts) and of obstructions. Rows start at the eave; in each row the modules sit
 * as far left as they fit (greedy leftmost is optimal along one row of a convex outline). The ridge
 * setback depends on the array's plan coverage of the whole roof, so the roof is laid out with the
 * reduced setback, capped at the coverage limit, and with the full setback, and the layout with more
 * modules (up to the targets) wins; on a tie the reduced one.
 */

export interface LayoutModuleSize { lengthIn: number; widthIn: number }

export interface PlaneTarget {
  planeId: string;
  count: number;
  orientation: Orientation;
}

export interface LayoutOptions {
  fireCode: FireCode;
  roofIsHip: boolean;
  /** Gap between neighbouring modules (clamps), inches. */
  gapIn?: number;
  obstructions?: { x: number; y: number; diameterFt: number }[];
}

export interface PlaneAccess {
  planeId: string;
  /** Setback of each edge, inches (index = edge index). */
  edgeSetbacksIn: number[];
  pathwayEdges: number[];
}

export interface RoofLayout {
  modules: PlacedModule[];
  access: PlaneAccess[];
  rule: SetbackRule;
  /** Plan-view module area / plan-view roof area. */
  coverage: number;
  /** Targets that could not be met: planeId → modules short. */
  shortBy: Record<string, number>;
}

/** Edges that run from eave to ridge (rakes, hips) and may carry a pathway, in index order. */
export function pathwayCandidates(plane: RoofPlane): number[] {
  return plane.edges.flatMap((k, i) => (k === 'rake' || k === 'hip' || k === 'wall' ? [i] : []));
}

export function moduleAreaPlanFt2(plane: RoofPlane, size: LayoutModuleSize): number {
  return ((size.lengthIn * size.widthIn) / 144) * Math.cos((plane.pitchDeg * Math.PI) / 180);
}

interface PlaneSlots { planeId: string; centres: Point[]; access: PlaneAccess }

function slotsOnPlane(plane: RoofPlane, size: LayoutModuleSize, orientation: Orientation, rule: SetbackRule, pathwayEdges: number[], o: LayoutOptions): PlaneSlots {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const poly = plane.polygon.map((p) => toPlane(f, p));
  const setbacks = plane.edges.map((k, i) => edgeSetbackIn(k, rule, pathwayEdges.includes(i)));
  // Modules also keep ASCE 7 §29.4.4's 2 h2 from eaves, rakes, gable and hip ridges (h2 6 in. assumed).
  const clear = setbacks.map((sb, i) => (WIND_EDGE_KINDS.has(plane.edges[i] ?? '') ? Math.max(sb, WIND_EDGE_IN) : sb));
  const obstacles = (o.obstructions ?? []).map((ob) => ({ c: toPlane(f, ob), r: (ob.diameterFt * 12) / 2 }))
    .filter((ob) => pointInPolygon(ob.c, poly));
  const { du, dv } = moduleExtentIn(orientation, size.lengthIn, size.widthIn);
  const gap = o.gapIn ?? 0.5;
  const eps = 1e-6;
  const fits = (u: number, v: number): boolean => {
    const rect = [{ x: u, y: v }, { x: u + du, y: v }, { x: u + du, y: v + dv }, { x: u, y: v + dv }];
    for (const c of rect) if (!pointInPolygon(c, poly)) return false;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      if (distRectSegment(rect, a, b) < (clear[i] ?? 0) - eps) return false;
    }
    for (const ob of obstacles) {
      const nx = Math.max(u, Math.min(ob.c.x, u + du));
      const ny = Math.max(v, Math.min(ob.c.y, v + dv));
      if (Math.hypot(ob.c.x - nx, ob.c.y - ny) < ob.r) return false;
    }
    return true;
  };
  const us = poly.map((p) => p.x);
  const vs = poly.map((p) => p.y);
  const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  let best: Point[] = [];
  // Try a few row phases; keep the one with most slots (ties: the first, nearest the eave).
  for (let phase = 0; phase < dv; phase += 4) {
    const slots: Point[] = [];
    for (let v = v0 + phase; v + dv <= v1 + eps; v += dv + gap) {
      let u = u0;
      while (u + du <= u1 + eps) {
        if (fits(u, v)) { slots.push({ x: u + du / 2, y: v + dv / 2 }); u += du + gap; } else u += 1;
      }
    }
    if (slots.length > best.length) best = slots;
  }
  return {
    planeId: plane.id,
    centres: best.map((c) => toPlan(f, c)),
    access: { planeId: plane.id, edgeSetbacksIn: setbacks, pathwayEdges },
  };
}

function chooseSlots(plane: RoofPlane, size: LayoutModuleSize, t: PlaneTarget, rule: SetbackRule, o: LayoutOptions): PlaneSlots {
  if (plane.pathwayEdges) return slotsOnPlane(plane, size, t.orientation, rule, plane.pathwayEdges, o);
  const cands = pathwayCandidates(plane);
  const need = Math.min(rule.pathwaysPerPlane, cands.length);
  if (need === 0) return slotsOnPlane(plane, size, t.orientation, rule, [], o);
  // Every choice of `need` candidate edges (need ≤ 2); the one that keeps most slots wins.
  const choices: number[][] = need === 1 ? cands.map((c) => [c]) : cands.flatMap((a, i) => cands.slice(i + 1).map((b) => [a, b]));
  let best: PlaneSlots | undefined;
  for (const ch of choices) {
    const s = slotsOnPlane(plane, size, t.orientation, rule, ch, o);
    if (!best || s.centres.length > best.centres.length) best = s;
  }
  return best!;
}

function layoutWith(planes: RoofPlane[], size: LayoutModuleSize, targets: PlaneTarget[], rule: SetbackRule, o: LayoutOptions, roofAreaFt2: number, capCoverage: number | null): RoofLayout {
  const modules: PlacedModule[] = [];
  const access: PlaneAccess[] = [];
  const shortBy: Record<string, number> = {};
  let area = 0;
  for (const plane of planes) {
    const t = targets.find((x) => x.planeId === plane.id);
    if (!t || t.count === 0) {
      access.push({ planeId: plane.id, edgeSetbacksIn: plane.edges.map(() => 0), pathwayEdges: [] });
      continue;
    }
    const s = chooseSlots(plane, size, t, rule, o);
    access.push(s.access);
    const each = moduleAreaPlanFt2(plane, size);
    let placed = 0;
    for (const c of s.centres) {
      if (placed >= t.count) break;
      if (capCoverage !== null && (area + each) / roofAreaFt2 > capCoverage + 1e-9) break;
      modules.push({ id: `${plane.id}-M${placed + 1}`, planeId: plane.id, x: round4(c.x), y: round4(c.y), orientation: t.orientation });
      area += each;
      placed++;
    }
    if (placed < t.count) shortBy[plane.id] = t.count - placed;
  }
  return { modules, access, rule, coverage: roofAreaFt2 > 0 ? area / roofAreaFt2 : 0, shortBy };
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/** How far inside the plane (in) a module corner is tested: more than the layout's coordinate rounding, far less than anything drawn. */
const EDGE_TOLERANCE_IN = 0.01;

export function autoLayoutRoof(planes: RoofPlane[], size: LayoutModuleSize, targets: PlaneTarget[], o: LayoutOptions): RoofLayout {
  const roofArea = planes.reduce((s, p) => s + polygonArea(p.polygon), 0);
  const pitch = Math.max(...planes.map((p) => p.pitchDeg));
  const reduced = fireSetbackRule(o.fireCode, pitch, 0, o.roofIsHip);
  if (reduced.exempt || reduced.reducedRidgeCoverageLimit === null) return layoutWith(planes, size, targets, reduced, o, roofArea, null);
  const a = layoutWith(planes, size, targets, reduced, o, roofArea, reduced.reducedRidgeCoverageLimit);
  const full = fireSetbackRule(o.fireCode, pitch, 1, o.roofIsHip);
  const b = layoutWith(planes, size, targets, full, o, roofArea, null);
  return b.modules.length > a.modules.length ? b : a;
}

/**
 * The access rule a finished (possibly hand-edited) layout must meet, and the modules that break it:
 * PV-2 draws the setbacks from this and refuses a layout with violations.
 */
export function checkRoofAccess(planes: RoofPlane[], modules: PlacedModule[], size: LayoutModuleSize, o: LayoutOptions): { rule: SetbackRule; coverage: number; access: PlaneAccess[]; violations: { moduleId: string; reason: string }[] } {
  const roofArea = planes.reduce((s, p) => s + polygonArea(p.polygon), 0);
  const area = modules.reduce((s, m) => {
    const p = planes.find((x) => x.id === m.planeId);
    return s + (p ? moduleAreaPlanFt2(p, size) : 0);
  }, 0);
  const coverage = roofArea > 0 ? area / roofArea : 0;
  const pitch = Math.max(...planes.map((p) => p.pitchDeg));
  const rule = fireSetbackRule(o.fireCode, pitch, coverage, o.roofIsHip);
  const access: PlaneAccess[] = [];
  const violations: { moduleId: string; reason: string }[] = [];
  for (const plane of planes) {
    const mine = modules.filter((m) => m.planeId === plane.id);
    const cands = pathwayCandidates(plane);
    let pathways = plane.pathwayEdges ?? [];
    if (!plane.pathwayEdges && mine.length) {
      // The candidate edges with the most room between them and the modules carry the pathway.
      const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
      const poly = plane.polygon.map((p) => toPlane(f, p));
      const room = (i: number) => Math.min(...mine.map((m) => {
        const c = toPlane(f, m);
        const { du, dv } = moduleExtentIn(m.orientation, size.lengthIn, size.widthIn);
        const rect = [{ x: c.x - du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y + dv / 2 }, { x: c.x - du / 2, y: c.y + dv / 2 }];
        return distRectSegment(rect, poly[i]!, poly[(i + 1) % poly.length]!);
      }));
      pathways = [...cands].sort((a, b) => room(b) - room(a) || a - b).slice(0, Math.min(rule.pathwaysPerPlane, cands.length));
    }
    const setbacks = plane.edges.map((k, i) => edgeSetbackIn(k, rule, pathways.includes(i)));
    access.push({ planeId: plane.id, edgeSetbacksIn: setbacks, pathwayEdges: mine.length ? pathways : [] });
    if (!mine.length) continue;
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const poly = plane.polygon.map((p) => toPlane(f, p));
    for (const m of mine) {
      const c = toPlane(f, m);
      const { du, dv } = moduleExtentIn(m.orientation, size.lengthIn, size.widthIn);
      const rect = [{ x: c.x - du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y + dv / 2 }, { x: c.x - du / 2, y: c.y + dv / 2 }];
      // A module flush with an edge that needs no setback (a rake without the pathway) has its corners on
      // the boundary: tested a hair inside, so rounding on a plane away from the origin is not "outside".
      const inset = rect.map((q) => ({ x: q.x + Math.sign(c.x - q.x) * EDGE_TOLERANCE_IN, y: q.y + Math.sign(c.y - q.y) * EDGE_TOLERANCE_IN }));
      if (inset.some((q) => !pointInPolygon(q, poly))) { violations.push({ moduleId: m.id, reason: `outside roof plane ${plane.name}` }); continue; }
      for (let i = 0; i < poly.length; i++) {
        const d = distRectSegment(rect, poly[i]!, poly[(i + 1) % poly.length]!);
        if (d < setbacks[i]! - 0.5) {
          violations.push({ moduleId: m.id, reason: `${d.toFixed(0)} in from the ${plane.edges[i]} of ${plane.name}, needs ${setbacks[i]} in` });
          break;
        }
      }
    }
  }
  return { rule, coverage, access, violations };
}
