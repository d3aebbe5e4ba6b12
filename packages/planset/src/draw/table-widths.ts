import type { Canvas } from './canvas.ts';

/*
 * Column widths for a narrow table (a check table in a third of the sheet at 10 pt): split in proportion to the
 * base widths, a column narrower than its longest word ("RESULT", "COUPLING:", "240 A") cuts that word letter by
 * letter, which a reader cannot follow. Such a column gets its longest word's width; the others share what remains
 * in proportion. Where the words cannot all fit the total, the proportional split stands.
 */

const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);

/** Widths of `base.length` columns filling `total`, no column narrower than its longest word at the table's text size. */
export function wordSafeWidths(c: Canvas, heads: readonly string[], rows: readonly string[][], base: readonly number[], total: number, size: number): number[] {
  const s = c.sz(size);
  const proportional = base.map((b) => (b * total) / sum(base));
  const widest = (t: string, bold: boolean) => Math.max(0, ...t.split(/\s+/).filter(Boolean).map((w) => c.m.width(w, s, bold)));
  // a cell's text sits 2 pt in from each side (Canvas.table), and a little air
  const least = base.map((_, i) => Math.max(widest(heads[i] ?? '', true), ...rows.map((r) => widest(r[i] ?? '', false))) + 6);
  const fixed = new Set<number>();
  for (;;) {
    const rest = total - sum([...fixed].map((i) => least[i]!));
    const free = sum(base.filter((_, i) => !fixed.has(i)));
    if (rest <= 0 || free <= 0) return proportional;
    const ws = base.map((b, i) => (fixed.has(i) ? least[i]! : (b * rest) / free));
    const short = ws.map((w, i) => (!fixed.has(i) && w < least[i]! ? i : -1)).filter((i) => i >= 0);
    if (!short.length) return ws;
    for (const i of short) fixed.add(i);
  }
}
