import type { Orientation, Point, RoofPlane } from './design-model.schema.ts';

/*
 * A roof plane's own frame: u runs along the eave (horizontal), v runs up the slope and is measured
 * on the roof surface (true length). Plan view (feet) ↔ plane frame (inches on the surface).
 */

export interface PlaneFrame {
  /** Plan unit vector along u (eave direction), and up-slope in plan. */
  eu: Point;
  ev: Point;
  cos: number;
}

const rad = (d: number) => (d * Math.PI) / 180;

export function planeFrame(pitchDeg: number, azimuthDeg: number): PlaneFrame {
  // Azimuth is the down-slope direction, clockwise from north (+y). Up-slope is the opposite.
  const a = rad(azimuthDeg);
  const down = { x: Math.sin(a), y: Math.cos(a) };
  const ev = { x: -down.x, y: -down.y };
  // u = ev rotated 90° clockwise (looking at the plane from below the eave, u runs left → right).
  const eu = { x: ev.y, y: -ev.x };
  return { eu, ev, cos: Math.cos(rad(pitchDeg)) };
}

/** Plan feet → plane inches (u horizontal, v on the slope). */
export function toPlane(f: PlaneFrame, p: Point): Point {
  return { x: (p.x * f.eu.x + p.y * f.eu.y) * 12, y: ((p.x * f.ev.x + p.y * f.ev.y) * 12) / f.cos };
}

/** Plane inches → plan feet. */
export function toPlan(f: PlaneFrame, q: Point): Point {
  const u = q.x / 12;
  const v = (q.y * f.cos) / 12;
  return { x: u * f.eu.x + v * f.ev.x, y: u * f.eu.y + v * f.ev.y };
}

/** Module extent along u and v (inches on the roof). Portrait: long side up the slope. */
export function moduleExtentIn(orientation: Orientation, lengthIn: number, widthIn: number): { du: number; dv: number } {
  return orientation === 'portrait' ? { du: widthIn, dv: lengthIn } : { du: lengthIn, dv: widthIn };
}

/** The four corners of a placed module in plan feet. */
export function moduleCornersPlan(plane: RoofPlane, m: { x: number; y: number; orientation: Orientation }, lengthIn: number, widthIn: number): Point[] {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const c = toPlane(f, m);
  const { du, dv } = moduleExtentIn(m.orientation, lengthIn, widthIn);
  return [
    { x: c.x - du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y - dv / 2 },
    { x: c.x + du / 2, y: c.y + dv / 2 }, { x: c.x - du / 2, y: c.y + dv / 2 },
  ].map((q) => toPlan(f, q));
}

export function polygonArea(pts: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % pts.length]!;
    a += p.x * q.y - q.x * p.y;
  }
  return Math.abs(a) / 2;
}

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function distPointSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const o = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}

/** Least distance between an axis-aligned rectangle (4 corners in order) and a segment; 0 when they meet. */
export function distRectSegment(rect: readonly Point[], a: Point, b: Point): number {
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const p = rect[i]!;
    const q = rect[(i + 1) % 4]!;
    if (segmentsIntersect(p, q, a, b)) return 0;
    best = Math.min(best, distPointSegment(p, a, b), distPointSegment(q, a, b), distPointSegment(a, p, q), distPointSegment(b, p, q));
  }
  return best;
}
