import type { Canvas } from '../draw/canvas.ts';
import type { Layer, TextPrim } from '../draw/drawing.model.ts';
import { segmentHitsBox, textBox } from '../check/drawing.lint.ts';
import type { Point } from '../input.schema.ts';

/*
 * Dimensions on a plan (issue 24 finding 4): a dimension line between two points on paper, offset
 * to one side, with extension lines, tick marks and its text in feet-inches centred on it, the text
 * on a white ground so no line runs through it, and plan geometry for the site plan's setbacks (the
 * shortest distance from a shape to a property line, with the foot of the perpendicular).
 */

export interface PaperBox { x0: number; y0: number; x1: number; y1: number }

/**
 * A dimension from a to b (paper points), its line `offset` points to the left of a→b (negative: to
 * the right). The text reads along the line (never upside down), on a white ground, at the first of
 * a few places along the line where it meets no text already on the sheet and stays in `within`;
 * when there is none the dimension is not drawn and null is answered.
 */
export function drawDim(c: Canvas, a: [number, number], b: [number, number], offset: number, text: string, o: { layer?: Layer; size?: number; color?: string; within?: PaperBox; avoidLinesOf?: Layer[] } = {}): PaperBox | null {
  const layer = o.layer ?? 'G-ANNO';
  const stroke = o.color ?? '#000';
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (len < 1e-6) return null;
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  // left of a→b on paper (y down)
  const nx = uy;
  const ny = -ux;
  const pa: [number, number] = [a[0] + nx * offset, a[1] + ny * offset];
  const pb: [number, number] = [b[0] + nx * offset, b[1] + ny * offset];
  const size = c.sz(o.size ?? 8);
  const w = c.m.width(text, size);
  // reading angle: along the line, turned so it never reads upside down
  let ang = (Math.atan2(-(b[1] - a[1]), b[0] - a[0]) * 180) / Math.PI;
  if (ang > 90 + 1e-9) ang -= 180;
  if (ang <= -90 + 1e-9) ang += 180;
  ang = Math.round(ang * 1000) / 1000;
  const r = (ang * Math.PI) / 180;
  const dx = Math.cos(r);
  const dy = -Math.sin(r);
  const cap = 0.36 * size;
  const taken = c.prims.flatMap((q) => (q.kind === 'text' && q.text.trim() ? [textBox(q)] : []));
  const within = o.within;
  // Lines the text should not sit on (the equipment tags' leaders): avoided where a place clears them, else only masked.
  const avoid = o.avoidLinesOf ? c.prims.flatMap((q) => (q.kind === 'line' && o.avoidLinesOf!.includes(q.layer) ? [q] : [])) : [];
  let place: { prim: TextPrim; box: PaperBox } | null = null;
  for (const avoidLines of avoid.length ? [true, false] : [false]) {
    for (const f of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      const mx = pa[0] + (pb[0] - pa[0]) * f;
      const my = pa[1] + (pb[1] - pa[1]) * f;
      const prim: TextPrim = { kind: 'text', layer, text, x: mx - dx * (w / 2) + Math.sin(r) * cap, y: my - dy * (w / 2) + Math.cos(r) * cap, size, bold: false, width: w, fill: stroke, ...(ang !== 0 ? { rotate: ang } : {}) };
      const box = textBox(prim);
      const clear = !taken.some((t) => box.x0 < t.x1 && t.x0 < box.x1 && box.y0 < t.y1 && t.y0 < box.y1)
        && (!avoidLines || !avoid.some((l) => segmentHitsBox([l.x1, l.y1, l.x2, l.y2], box)));
      const inside = !within || (box.x0 >= within.x0 && box.y0 >= within.y0 && box.x1 <= within.x1 && box.y1 <= within.y1);
      if (clear && inside) { place = { prim, box }; break; }
    }
    if (place) break;
  }
  if (!place) return null;
  const sgn = Math.sign(offset) || 1;
  if (Math.abs(offset) > 0.5) {
    c.line(a[0] + nx * sgn * 2, a[1] + ny * sgn * 2, pa[0] + nx * sgn * 3, pa[1] + ny * sgn * 3, { lineWidth: 0.35, stroke }, layer);
    c.line(b[0] + nx * sgn * 2, b[1] + ny * sgn * 2, pb[0] + nx * sgn * 3, pb[1] + ny * sgn * 3, { lineWidth: 0.35, stroke }, layer);
  }
  c.line(pa[0], pa[1], pb[0], pb[1], { lineWidth: 0.45, stroke }, layer);
  // architectural ticks: short 45° strokes at both ends
  const t = 3;
  for (const p of [pa, pb]) c.line(p[0] - (ux - nx) * t, p[1] - (uy - ny) * t, p[0] + (ux - nx) * t, p[1] + (uy - ny) * t, { lineWidth: 0.8, stroke }, layer);
  // the white ground under the text: its own outline, turned with it
  const p0 = place.prim;
  const ground: [number, number][] = [[-1.5, -0.25 * size], [w + 1.5, -0.25 * size], [w + 1.5, 0.8 * size], [-1.5, 0.8 * size]].map(([al, up]) => [
    p0.x + dx * al! - Math.sin(r) * up!, p0.y + dy * al! - Math.cos(r) * up!,
  ]);
  c.poly(ground, true, { fill: '#fff', stroke: 'none', lineWidth: 0 }, layer);
  c.prims.push(p0);
  return place.box;
}

/** The point of segment a–b nearest p, and its distance. */
export function nearestOnSegment(p: Point, a: Point, b: Point): { q: Point; d: number } {
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const l2 = vx * vx + vy * vy;
  const t = l2 ? Math.max(0, Math.min(1, ((p.x - a.x) * vx + (p.y - a.y) * vy) / l2)) : 0;
  const q = { x: a.x + vx * t, y: a.y + vy * t };
  return { q, d: Math.hypot(p.x - q.x, p.y - q.y) };
}

/** Shortest distance (feet) from any of `pts` to polygon edge i, with the two points. */
export function distanceToEdge(pts: Point[], poly: Point[], i: number): { from: Point; to: Point; d: number } {
  const a = poly[i]!;
  const b = poly[(i + 1) % poly.length]!;
  let best = { from: pts[0]!, to: a, d: Infinity };
  for (const p of pts) {
    const { q, d } = nearestOnSegment(p, a, b);
    if (d < best.d) best = { from: p, to: q, d };
  }
  return best;
}

/** The property edge nearest a shape (feet), with the points the dimension runs between. */
export function nearestPropertyLine(pts: Point[], property: Point[]): { edge: number; from: Point; to: Point; d: number } {
  let best = { edge: 0, from: pts[0]!, to: property[0]!, d: Infinity };
  for (let i = 0; i < property.length; i++) {
    const r = distanceToEdge(pts, property, i);
    if (r.d < best.d) best = { edge: i, ...r };
  }
  return best;
}

/** Signed side of point p relative to the line through a→b (positive: left). */
export function sideOf(p: Point, a: Point, b: Point): number {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

/** A graphic scale bar (0, and four divisions of a round number of feet) at (x, y), for a plan view of `ptPerFt`. */
export function drawScaleBar(c: Canvas, ptPerFt: number, x: number, y: number, layer: Layer = 'G-ANNO'): void {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100];
  const div = steps.find((s) => s * ptPerFt >= 18) ?? 100;
  const seg = div * ptPerFt;
  for (let i = 0; i < 4; i++) c.rect(x + i * seg, y, seg, 4, { fill: i % 2 ? '#fff' : '#000', lineWidth: 0.5 }, layer);
  for (let i = 0; i <= 4; i += 2) c.text(i === 4 ? `${i * div} FT` : String(i * div), x + i * seg, y + 13, { size: 8, align: i === 0 ? 'left' : 'center', layer });
}
