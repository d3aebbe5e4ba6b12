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
    const next = cands.find((c) => c > first + EPS && c - first <= lim.maxSpanIn + EPS);
    const prev = [...cands].reverse().find((c) => c < first - EPS && first - c <= lim.maxSpanIn + EPS);
    if (next !== undefined) u.push(next);
    else if (prev !== undefined) u.unshift(prev);
    else return null;
  }
  return u;
}

/** Loaded cantilevers: from the end attachments to the modules' edges (a rail extended past its modules to reach a rafter carries no module there). */
export function cantileversOf(rail: Pick<Rail, 'u0' | 'u1'>, u: readonly number[]): [number, number] {
  return [Math.max(0, u[0]! - rail.u0), Math.max(0, rail.u1 - u[u.length - 1]!)];
}

/**
 * The attachments of one rail, on rafters: every span ≤ maxSpan, both cantilevers ≤ maxCantilever,
 * at least two. Of the layouts with fewest attachments, the one with the smallest longest cantilever.
 * A rail too short to cross two rafters under its modules is extended past them to the next rafter
 * (by at most one framing spacing each way).
 */
export function placeOnRail(rail: Rail, rafters: readonly number[], lim: AttachmentLimits, extendIn = 0): PlaceResult {
  const within = (ext: number) => rafters.filter((c) => c >= rail.u0 - ext + MIN_END_DISTANCE_IN - EPS && c <= rail.u1 + ext - MIN_END_DISTANCE_IN + EPS);
  const len = rail.u1 - rail.u0;
  let best: number[] | null = null;
  const score = (u: number[]) => Math.max(...cantileversOf(rail, u));
  for (const ext of extendIn > 0 ? [0, extendIn] : [0]) {
    const cands = within(ext);
    if (cands.length < 2) continue;
    for (const first of cands.filter((c) => c - rail.u0 <= lim.maxCantileverIn + EPS)) {
      const u = greedyFrom(first, cands, rail, lim);
      if (!u) continue;
      if (Math.max(...cantileversOf(rail, u)) > lim.maxCantileverIn + EPS) continue;
      if (!best || u.length < best.length || (u.length === best.length && score(u) < score(best) - EPS)) best = u;
    }
    if (best) break;
  }
  if (!best) {
    const n = within(extendIn).length;
    if (n < 2) return { ok: false, reason: `rail ${rail.id} is ${fmtIn(len)} long and crosses ${n} rafter${n === 1 ? '' : 's'}: it needs two attachments on rafters` };
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
      const r = placeOnRail(rail, rafters, lim, plane.framing.spacingIn);
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
  /** Loaded cantilevers past the first and the last attachment (to the modules' edges); a rail without attachments has its whole length on each side. */
  cantileversIn: [number, number];
  /** The rail as drawn: its modules' extent, extended to 2 in. past an attachment beyond them. */
  e0: number;
  e1: number;
  /** Attachments of this rail that are not on a rafter line (u). */
  offRafter: number[];
}

/**
 * The rails as drawn: each plane's rails with the drawn attachments that sit on them (within 1 in. of
 * the rail's line, between its ends or up to one framing spacing past them, the nearest rail when two
 * could hold one), their spans and cantilevers, and any attachment off a rafter. `stray`: attachments on no rail.
 */
export function drawnRails(planes: readonly RoofPlane[], modules: readonly PlacedModule[], size: LayoutModuleSize, attachments: readonly { planeId: string; x: number; y: number }[]): { rails: DrawnRail[]; stray: Point[] } {
  const rails: DrawnRail[] = [];
  const stray: Point[] = [];
  for (const plane of planes) {
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const mine = railsOfPlane(plane, modules, size);
    const rafters = rafterLinesU(plane);
    const ext = plane.framing.spacingIn;
    const on = new Map<string, number[]>(mine.map((r) => [r.id, []]));
    for (const a of attachments.filter((x) => x.planeId === plane.id)) {
      const q = toPlane(f, a);
      const outside = (r: Rail) => Math.max(0, r.u0 - q.x, q.x - r.u1);
      const fit = mine.filter((r) => Math.abs(q.y - r.v) <= 1 && outside(r) <= ext).sort((r1, r2) => outside(r1) - outside(r2));
      if (fit.length) on.get(fit[0]!.id)!.push(q.x);
      else stray.push({ x: a.x, y: a.y });
    }
    for (const r of mine) {
      const us = on.get(r.id)!.sort((a, b) => a - b);
      const spansIn = us.slice(1).map((u, k) => round3(u - us[k]!));
      const cantileversIn: [number, number] = us.length ? cantileversOf(r, us).map(round3) as [number, number] : [round3(r.u1 - r.u0), round3(r.u1 - r.u0)];
      const offRafter = us.filter((u) => !rafters.some((x) => Math.abs(x - u) <= RAFTER_TOLERANCE_IN));
      const e0 = Math.min(r.u0, ...us.map((u) => u - MIN_END_DISTANCE_IN));
      const e1 = Math.max(r.u1, ...us.map((u) => u + MIN_END_DISTANCE_IN));
      rails.push({ ...r, attachmentsU: us, spansIn, cantileversIn, e0, e1, offRafter });
    }
  }
  return { rails, stray };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
