import type { Sheet, TextPrim } from '../draw/drawing.model.ts';
import { FLOAT_NOISE } from '../draw/units.ts';

/*
 * Drawing lint on the model, before rendering (a set that fails it is not issued): no text below the AHJ's least size,
 * no text overlapping other text, nothing leaving the frame. Text boxes run from the cap height to
 * a little below the baseline, so stacked lines at normal leading do not count as overlapping.
 */

export interface LintFinding { sheet: string; rule: 'min-size' | 'overlap' | 'frame' | 'geometry' | 'number'; text: string; detail: string }

/**
 * No text on a permit drawing is smaller than this, whatever the AHJ's own minimum (issue 24: body
 * text at 7 pt was returned); an AHJ may ask for more (10 pt, the min_text_size requirement).
 */
export const LEAST_TEXT_PT = 8;

/** A negative percentage ("−56.1 %"): a rule is stated as the quantity and its limit instead. */
const NEGATIVE_PERCENT = /(?<![\w.)])[-−–]\s?\d+(?:\.\d+)?\s?%/;

export function textBox(t: TextPrim): { x0: number; y0: number; x1: number; y1: number } {
  if (t.rotate) {
    const r = (t.rotate * Math.PI) / 180;
    const xs = [t.x, t.x + t.width * Math.cos(r)];
    const ys = [t.y, t.y - t.width * Math.sin(r)];
    return { x0: Math.min(...xs) - t.size, y0: Math.min(...ys) - t.size, x1: Math.max(...xs) + t.size, y1: Math.max(...ys) + t.size };
  }
  return { x0: t.x, y0: t.y - 0.72 * t.size, x1: t.x + t.width, y1: t.y + 0.2 * t.size };
}

export function lintSheet(sheet: Sheet, ahjMinPt: number): LintFinding[] {
  const out: LintFinding[] = [];
  const minPt = Math.max(LEAST_TEXT_PT, ahjMinPt);
  for (const p of sheet.prims) {
    const nums = Object.entries(p).flatMap(([k, v]) => (typeof v === 'number' ? [[k, v] as const] : k === 'points' ? (v as number[][]).flat().map((n) => ['points', n] as const) : []));
    const bad = nums.find(([, v]) => !Number.isFinite(v));
    if (bad) out.push({ sheet: sheet.number, rule: 'geometry', text: p.kind === 'text' ? p.text : p.kind, detail: `${p.kind} on ${p.layer} has ${bad[0]} = ${bad[1]}` });
  }
  const texts = sheet.prims.filter((p): p is TextPrim => p.kind === 'text' && p.text.trim() !== '');
  const f = sheet.frame;
  const boxes = texts.map((t) => ({ t, b: textBox(t) }));
  for (const { t, b } of boxes) {
    if (t.size < minPt - 1e-6) out.push({ sheet: sheet.number, rule: 'min-size', text: t.text, detail: `${t.size} pt < ${minPt} pt` });
    if (FLOAT_NOISE.test(t.text)) out.push({ sheet: sheet.number, rule: 'number', text: t.text, detail: 'prints a number with float noise (more than four decimals)' });
    if (NEGATIVE_PERCENT.test(t.text)) out.push({ sheet: sheet.number, rule: 'number', text: t.text, detail: 'prints a negative percentage; state the quantity and its limit' });
    if (b.x0 < f.x - 0.5 || b.y0 < f.y - 0.5 || b.x1 > f.x + f.w + 0.5 || b.y1 > f.y + f.h + 0.5) {
      out.push({ sheet: sheet.number, rule: 'frame', text: t.text, detail: `box ${b.x0.toFixed(0)},${b.y0.toFixed(0)}–${b.x1.toFixed(0)},${b.y1.toFixed(0)} leaves the frame` });
    }
  }
  // lines and shapes stay inside the frame too (a single-line diagram wider than its box left it, issue 25)
  const outside = (x: number, y: number) => x < f.x - 0.5 || y < f.y - 0.5 || x > f.x + f.w + 0.5 || y > f.y + f.h + 0.5;
  for (const p of sheet.prims) {
    const pts: [number, number][] = p.kind === 'line' ? [[p.x1, p.y1], [p.x2, p.y2]] : p.kind === 'poly' ? p.points : p.kind === 'rect' || p.kind === 'image' ? [[p.x, p.y], [p.x + p.w, p.y + p.h]] : p.kind === 'circle' ? [[p.cx - p.r, p.cy - p.r], [p.cx + p.r, p.cy + p.r]] : [];
    const o = pts.find(([x, y]) => outside(x, y));
    if (o) out.push({ sheet: sheet.number, rule: 'frame', text: p.kind, detail: `${p.kind} on ${p.layer} reaches ${o[0].toFixed(0)},${o[1].toFixed(0)}, outside the frame` });
  }
  // A placard's dashed boundary (the array boundary, or what stays energized) is a line the reader follows: no text on it.
  const dashed = sheet.prims.flatMap((p): [number, number, number, number][] => {
    if (p.layer !== 'E-LABL' || p.kind === 'text' || p.kind === 'image' || !p.dash) return [];
    if (p.kind === 'line') return [[p.x1, p.y1, p.x2, p.y2]];
    if (p.kind === 'rect') return [[p.x, p.y, p.x + p.w, p.y], [p.x + p.w, p.y, p.x + p.w, p.y + p.h], [p.x + p.w, p.y + p.h, p.x, p.y + p.h], [p.x, p.y + p.h, p.x, p.y]];
    if (p.kind === 'poly') {
      const pts = p.points;
      return Array.from({ length: p.closed ? pts.length : pts.length - 1 }, (_, i): [number, number, number, number] => [pts[i]![0], pts[i]![1], pts[(i + 1) % pts.length]![0], pts[(i + 1) % pts.length]![1]]);
    }
    return [];
  });
  for (const { t, b } of boxes) {
    if (dashed.some((sg) => segmentHitsBox(sg, { x0: b.x0 + 0.5, y0: b.y0 + 0.5, x1: b.x1 - 0.5, y1: b.y1 - 0.5 }))) out.push({ sheet: sheet.number, rule: 'overlap', text: t.text, detail: 'lies on a dashed boundary line' });
  }
  // sweep by x for overlaps
  const sorted = [...boxes].sort((a, b) => a.b.x0 - b.b.x0);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (b.b.x0 >= a.b.x1 - 0.5) break;
      const ox = Math.min(a.b.x1, b.b.x1) - Math.max(a.b.x0, b.b.x0);
      const oy = Math.min(a.b.y1, b.b.y1) - Math.max(a.b.y0, b.b.y0);
      if (ox > 0.5 && oy > 0.5) out.push({ sheet: sheet.number, rule: 'overlap', text: a.t.text, detail: `overlaps "${b.t.text}"` });
    }
  }
  return out;
}

/** Whether a segment crosses (or lies in) a box: Liang–Barsky clipping. */
export function segmentHitsBox([x1, y1, x2, y2]: readonly [number, number, number, number], b: { x0: number; y0: number; x1: number; y1: number }): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  for (const [p, q] of [[-dx, x1 - b.x0], [dx, b.x1 - x1], [-dy, y1 - b.y0], [dy, b.y1 - y1]] as const) {
    if (p === 0) { if (q < 0) return false; continue; }
    const r = q / p;
    if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
  }
  return true;
}
