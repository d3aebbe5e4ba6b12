import type { PlacedModule, Point, RoofPlane } from './design-model.schema.ts';
import { moduleExtentIn, planeFrame, toPlan, toPlane } from './plane-geometry.rules.ts';

/*
 * Rails, rafters and attachments of a roof plane, in the plane's own frame (u along the eave, v up
 * the slope, inches on the roof surface). One rule places the attachments (layoutAttachments) and
 * one reads the drawn attachments back into rails with their spans and cantilevers (drawnRails):
 * the API hands the read-back rails to the engineering checks and PV-2 compares the report with the
 * same read-back of what it draws, so the checks, the roof plan, the DXF and PV-3 describe one layout.
 *
 * Rails: two per row of modules (at the quarter points of the module's up-slope side), one rail per
 * run of modules that touch (gap ≤ 2 in.); its ends are the run's outer module edges. Rafters: every
 * framing spacing from the plane's lowest u (its left end), as PV-2 draws them; an attachment is on a
 * rafter when it is within RAFTER_TOLERANCE_IN of one.
 */

export interface LayoutModuleSize { lengthIn: number; widthIn: number }

export interface Rail {
  /** "P1-R3": plane id, rail number from the eave up, left to right. */
  id: string;
  planeId: string;
  arrayId: string;
  /** Plane frame, inches. */
  v: number;
  u0: number;
  u1: number;
}

export interface AttachmentLimits {
  /** Largest span between attachments, in. */
  maxSpanIn: number;
  /** Largest cantilever past an end attachment, in. */
  maxCantileverIn: number;
}

/** The least distance from an attachment to the rail's end (the foot sits under the rail, not at its cut end), in. */
export const MIN_END_DISTANCE_IN = 2;
export const RAFTER_TOLERANCE_IN = 0.5;
const GAP_IN_RUN = 2;
const EPS = 1e-6;

export function railsOfPlane(plane: RoofPlane, modules: readonly PlacedModule[], size: LayoutModuleSize): Rail[] {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const rows = new Map<number, { v: number; dv: number; spans: [number, number][] }>();
  for (const m of modules.filter((q) => q.planeId === plane.id)) {
    const c = toPlane(f, m);
    const { du, dv } = moduleExtentIn(m.orientation, size.lengthIn, size.widthIn);
    const key = Math.round(c.y);
    const r = rows.get(key) ?? { v: c.y, dv, spans: [] };
    r.spans.push([c.x - du / 2, c.x + du / 2]);
    rows.set(key, r);
  }
  const out: Rail[] = [];
  let n = 0;
  for (const key of [...rows.keys()].sort((a, b) => a - b)) {
    const r = rows.get(key)!;
    const spans = r.spans.sort((a, b) => a[0] - b[0]);
    const runs: [number, number][] = [];
    for (const s of spans) {
      const last = runs[runs.length - 1];
      if (last && s[0] - last[1] <= GAP_IN_RUN) last[1] = Math.max(last[1], s[1]);
      else runs.push([s[0], s[1]]);
    }
    for (const v of [r.v - r.dv / 4, r.v + r.dv / 4]) {
      for (const [u0, u1] of runs) out.push({ id: `${plane.id}-R${++n}`, planeId: plane.id, arrayId: plane.arrayId, v, u0, u1 });
    }
  }
  return out;
}

/** Rafter (or truss top chord) lines of the plane: u positions, every framing spacing from its left end. */
export function rafterLinesU(plane: RoofPlane): number[] {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const us = plane.polygon.map((p) => toPlane(f, p).x);
  const [u0, u1] = [Math.min(...us), Math.max(...us)];
  const s = plane.framing.spacingIn;
  const out: number[] = [];
  for (let k = 1; u0 + k * s < u1 - EPS; k++) out.push(u0 + k * s);
  return out;
}

export type PlaceResult = { ok: true; u: number[] } | { ok: false; reason: string };

/** Greedy from the first attachment: each next one on the farthest rafter within the allowed span. */
function greedyFrom(first: number, cands: number[], rail: Rail, lim: AttachmentLimits): number[] | null {
  const u = [first];
  while (rail.u1 - u[u.length - 1]! > lim.maxCantileverIn + EPS) {
    const last = u[u.length - 1]!;
    const next = cands.filter((c) => c > last + EPS && c - last <= lim.maxSpanIn + EPS).pop();
    if (next === undefined) return null;
    u.push(next);
  }
  if (u.length < 2) {
    // A short rail still takes two attachments: the rafter next to the first that keeps the span allowed.
    const next = cands.find((c) => c > first + EPS && c - first <= lim.maxSpanIn + EPS && rail.u1 - c >= -EPS);
    const prev = [...cands].reverse().find((c) => c < first - EPS && first - c <= lim.maxSpanIn + EPS);
    if (next !== undefined) u.push(next);
    else if (prev !== undefined) u.unshift(prev);
    else return null;
  }
  return u;
}

/**
 * The attachments of one rail, on rafters: every span ≤ maxSpan, both cantilevers ≤ maxCantilever,
 * at least two. Of the layouts with fewest attachments, the one with the smallest longest cantilever.
 */
export function placeOnRail(rail: Rail, rafters: readonly number[], lim: AttachmentLimits): PlaceResult {
  const cands = rafters.filter((c) => c >= rail.u0 + MIN_END_DISTANCE_IN - EPS && c <= rail.u1 - MIN_END_DISTANCE_IN + EPS);
  const len = rail.u1 - rail.u0;
  if (cands.length < 2) return { ok: false, reason: `rail ${rail.id} is ${fmtIn(len)} long and crosses ${cands.length} rafter${cands.length === 1 ? '' : 's'}: it needs two attachments on rafters` };
  let best: number[] | null = null;
  const score = (u: number[]) => Math.max(u[0]! - rail.u0, rail.u1 - u[u.length - 1]!);
  for (const first of cands.filter((c) => c - rail.u0 <= lim.maxCantileverIn + EPS)) {
    const u = greedyFrom(first, cands, rail, lim);
    if (!u) continue;
    if (rail.u1 - u[u.length - 1]! > lim.maxCantileverIn + EPS || u[0]! - rail.u0 > lim.maxCantileverIn + EPS) continue;
    if (!best || u.length < best.length || (u.length === best.length && score(u) < score(best) - EPS)) best = u;
  }
  if (!best) {
    return { ok: false, reason: `rail ${rail.id} (${fmtIn(len)} long, rafters ${fmtIn(rafters.length > 1 ? rafters[1]! - rafters[0]! : 0)} apart) cannot be held within the allowed span of ${fmtIn(lim.maxSpanIn)} and cantilever of ${fmtIn(lim.maxCantileverIn)} with attachments on rafters` };
  }
  return { ok: true, u: best };
}

const fmtIn = (v: number) => `${Math.round(v * 10) / 10} in.`;

export type LayoutAttachmentsResult =
  | { ok: true; attachments: { planeId: string; x: number; y: number }[] }
  | { ok: false; rail: string; reason: string };

/** Attachments for every rail of every plane with modules, by the rule of placeOnRail; the first rail that cannot be held fails the layout. */
export function layoutAttachments(planes: readonly RoofPlane[], modules: readonly PlacedModule[], size: LayoutModuleSize, limitsOf: (arrayId: string) => AttachmentLimits | undefined): LayoutAttachmentsResult {
  const attachments: { planeId: string; x: number; y: number }[] = [];
  for (const plane of planes) {
    const rails = railsOfPlane(plane, modules, size);
    if (!rails.length) continue;
    const lim = limitsOf(plane.arrayId);
    if (!lim) return { ok: false, rail: rails[0]!.id, reason: `no allowable rail span for array ${plane.arrayId}` };
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const rafters = rafterLinesU(plane);
    for (const rail of rails) {
      const r = placeOnRail(rail, rafters, lim);
      if (!r.ok) return { ok: false, rail: rail.id, reason: r.reason };
      for (const u of r.u) {
        const p = toPlan(f, { x: u, y: rail.v });
        attachments.push({ planeId: plane.id, x: round6(p.x), y: round6(p.y) });
      }
    }
  }
  return { ok: true, attachments };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export interface DrawnRail extends Rail {
  /** Attachment positions along the rail (u), sorted. */
  attachmentsU: number[];
  spansIn: number[];
  /** Past the first and the last attachment; a rail without attachments has its whole length on each side. */
  cantileversIn: [number, number];
  /** Attachments of this rail that are not on a rafter line (u). */
  offRafter: number[];
}

/**
 * The rails as drawn: each plane's rails with the drawn attachments that sit on them (within 1 in. of
 * the rail's line and between its ends), their spans and cantilevers, and any attachment off a rafter.
 * `stray`: attachments on no rail.
 */
export function drawnRails(planes: readonly RoofPlane[], modules: readonly PlacedModule[], size: LayoutModuleSize, attachments: readonly { planeId: string; x: number; y: number }[]): { rails: DrawnRail[]; stray: Point[] } {
  const rails: DrawnRail[] = [];
  const stray: Point[] = [];
  for (const plane of planes) {
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const mine = railsOfPlane(plane, modules, size);
    const rafters = rafterLinesU(plane);
    const pts = attachments.filter((a) => a.planeId === plane.id).map((a) => ({ a, q: toPlane(f, a) }));
    const used = new Set<number>();
    for (const r of mine) {
      const us = pts.flatMap(({ q }, i) => (Math.abs(q.y - r.v) <= 1 && q.x >= r.u0 - EPS && q.x <= r.u1 + EPS ? (used.add(i), [q.x]) : [])).sort((a, b) => a - b);
      const spansIn = us.slice(1).map((u, k) => round3(u - us[k]!));
      const cantileversIn: [number, number] = us.length ? [round3(us[0]! - r.u0), round3(r.u1 - us[us.length - 1]!)] : [round3(r.u1 - r.u0), round3(r.u1 - r.u0)];
      const offRafter = us.filter((u) => !rafters.some((x) => Math.abs(x - u) <= RAFTER_TOLERANCE_IN));
      rails.push({ ...r, attachmentsU: us, spansIn, cantileversIn, offRafter });
    }
    pts.forEach(({ a }, i) => { if (!used.has(i)) stray.push({ x: a.x, y: a.y }); });
  }
  return { rails, stray };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
