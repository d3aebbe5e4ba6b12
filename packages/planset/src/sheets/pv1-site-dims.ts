import type { Canvas } from '../draw/canvas.ts';
import type { Point } from '../input.schema.ts';
import { moduleCornersPlan } from '../layout/plane-geometry.ts';
import { ftInOfFt } from '../draw/units.ts';
import { distanceToEdge, drawDim, nearestPropertyLine, type PaperBox } from './dims.ts';
import { EQUIPMENT_TAGS, type View } from './plan-view.ts';
import type { SheetContext } from './sheet-context.ts';

/*
 * The site plan's dimensions (issue 24 finding 4): each property line's length, the building
 * footprint's sides, and the setbacks of the array and of the equipment from the nearest property
 * lines, in feet-inches. The setbacks are one computation (setbackDimLines) that the drawing uses
 * and the equipment tags avoid, so no tag sits on a dimension line.
 */

/** A setback dimension, drawn with no offset: straight from the array or the equipment to the property line. */
export interface SetbackDim { from: Point; to: Point; text: string; layer: 'E-PV-MODULE' | 'E-EQPM'; color?: string }

/** The array's setback from each property line it faces, and the equipment nearest a property line to it. */
export function setbackDims(ctx: SheetContext): SetbackDim[] {
  const d = ctx.input.design;
  const out: SetbackDim[] = [];
  const corners = d.modules.flatMap((m) => {
    const plane = d.roofPlanes.find((p) => p.id === m.planeId);
    return plane ? moduleCornersPlan(plane, m, ctx.input.equipment.module.lengthIn, ctx.input.equipment.module.widthIn) : [];
  });
  if (corners.length) {
    for (let i = 0; i < d.site.property.length; i++) {
      const r = distanceToEdge(corners, d.site.property, i);
      out.push({ from: r.from, to: r.to, text: `ARRAY ${ftInOfFt(r.d)}`, layer: 'E-PV-MODULE', color: '#1f4e79' });
    }
  }
  // the schedule gives each piece's distance; the nearest one is dimensioned on the plan
  const eq = d.equipment.filter((e) => e.kind !== 'junction_box' && e.kind !== 'rsd_initiator');
  const near = eq.map((e) => ({ e, r: nearestPropertyLine([e], d.site.property) })).sort((x, y) => x.r.d - y.r.d)[0];
  if (near && near.r.d > 0.05) out.push({ from: near.r.from, to: near.r.to, text: `${EQUIPMENT_TAGS[near.e.kind]} ${ftInOfFt(near.r.d)}`, layer: 'E-EQPM' });
  return out;
}

/** The setback dimensions' lines on paper. */
export function setbackDimLines(ctx: SheetContext, v: View): [[number, number], [number, number]][] {
  return setbackDims(ctx).map((s) => [v.toP(s.from), v.toP(s.to)]);
}

/**
 * The first height at or below `y` where a box `h` tall spanning x0..x1 crosses none of the lines
 * (with 2 pt to spare): each line in the way pushes the box under it.
 */
export function clearOfLines(y: number, h: number, x0: number, x1: number, lines: [[number, number], [number, number]][]): number {
  let at = y;
  for (let moved = true, guard = 0; moved && guard < 50; guard++) {
    moved = false;
    for (const [[ax, ay], [bx, by]] of lines) {
      const lo = Math.max(Math.min(ax, bx), x0);
      const hi = Math.min(Math.max(ax, bx), x1);
      if (lo > hi) continue;
      // the line's height range over the box's width
      const yAt = (x: number) => (Math.abs(bx - ax) < 1e-9 ? ay : ay + ((by - ay) * (x - ax)) / (bx - ax));
      const [ylo, yhi] = Math.abs(bx - ax) < 1e-9 ? [Math.min(ay, by), Math.max(ay, by)] : [Math.min(yAt(lo), yAt(hi)), Math.max(yAt(lo), yAt(hi))];
      if (yhi >= at - h / 2 - 2 && ylo <= at + h / 2 + 2) {
        at = yhi + h / 2 + 3;
        moved = true;
      }
    }
  }
  return at;
}

/** Left of a→b on paper points away from the polygon's inside: the sign that puts a dimension outside. */
function outward(poly: [number, number][], i: number): number {
  const a = poly[i]!;
  const b = poly[(i + 1) % poly.length]!;
  const cx = poly.reduce((s, p) => s + p[0], 0) / poly.length;
  const cy = poly.reduce((s, p) => s + p[1], 0) / poly.length;
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const nx = (b[1] - a[1]) / len;
  const ny = -(b[0] - a[0]) / len;
  return (cx - (a[0] + b[0]) / 2) * nx + (cy - (a[1] + b[1]) / 2) * ny > 0 ? -1 : 1;
}

/** The site plan's dimensions, each drawn where its text clears every other text. */
export function drawSiteDims(c: Canvas, ctx: SheetContext, v: View, within: PaperBox): void {
  const d = ctx.input.design;
  const sides = (pts: Point[], offset: number) => {
    const paper = pts.map(v.toP);
    paper.forEach((p, i) => {
      const a = pts[i]!;
      const b = pts[(i + 1) % pts.length]!;
      drawDim(c, p, paper[(i + 1) % paper.length]!, offset * outward(paper, i), ftInOfFt(Math.hypot(b.x - a.x, b.y - a.y)), { within });
    });
  };
  sides(d.site.property, 14);
  sides(d.site.building, 10);
  // their text clear of the equipment tags' leaders where the line leaves room (the tags were drawn first)
  for (const s of setbackDims(ctx)) drawDim(c, v.toP(s.from), v.toP(s.to), 0, s.text, { within, layer: s.layer, avoidLinesOf: ['E-EQPM'], ...(s.color ? { color: s.color } : {}) });
}
