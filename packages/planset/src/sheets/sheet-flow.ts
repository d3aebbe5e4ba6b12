import { Canvas } from '../draw/canvas.ts';

/* Panels of notes flowed down a sheet's columns (PV-4 and the calculation sheets), continued under "(CONTINUED)". */

/**
 * A panel of notes in a sheet's columns: `col` is where it starts at the earliest; unnumbered ones continue in the next column.
 * A drawn block (`fixedH`, `draw`) that can be cut (a table by its rows) gives `split`: the part that fits `room` at width `w`
 * and the rest, or null when no part fits.
 */
export interface FlowBlock {
  title: string; items: string[]; where: string; col: number; numbered?: boolean; checkIds?: (string | undefined)[];
  fixedH?: (c: Canvas, w: number) => number; draw?: (c: Canvas, box: { x: number; y: number; w: number; h: number }) => void;
  split?: (c: Canvas, w: number, room: number) => [FlowBlock, FlowBlock] | null;
}
export interface FlowPlaced { block: FlowBlock; title: string; items: string[]; checkIds?: (string | undefined)[]; x: number; y: number; w: number; h: number }

/**
 * Lays the blocks down the columns in order: a block starts in its own column or a later one, an unnumbered block
 * that does not fit the rest of a column continues in the next under "(CONTINUED)"; the last panel of each column
 * reaches the bottom. Answers what was placed and the blocks (or the part of one) that did not fit.
 */
export function flowPanels(c: Canvas, given: FlowBlock[], cols: { x: number; w: number }[], top: number, bottom: number): { placed: FlowPlaced[]; rest: FlowBlock[] } {
  const head = c.sz(9) * 1.8 + 14;
  const blocks = [...given];
  const placed: FlowPlaced[] = [];
  let col = 0;
  let y = top;
  const done = (k: number, rest?: FlowBlock) => {
    for (const cx of new Set(placed.map((p) => p.x))) {
      const last = placed.filter((p) => p.x === cx).at(-1)!;
      last.h = bottom - last.y;
    }
    return { placed, rest: [...(rest ? [rest] : []), ...blocks.slice(k + (rest ? 1 : 0))] };
  };
  const nextCol = (): boolean => { col += 1; y = top; return col < cols.length; };
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    while (col < b.col) if (!nextCol()) return done(k);
    if (b.fixedH) {
      const h = b.fixedH(c, cols[col]!.w);
      if (y + h > bottom) {
        // a block that can be cut fills the rest of the column and continues in the next (tried again there)
        const cut = b.split ? b.split(c, cols[col]!.w, bottom - y) : null;
        if (cut) { blocks.splice(k, 1, ...cut); k -= 1; continue; }
        if (y > top && nextCol()) { k -= 1; continue; }
        return done(k);
      }
      placed.push({ block: b, title: b.title, items: [], x: cols[col]!.x, y, w: cols[col]!.w, h });
      y += h + 4;
      continue;
    }
    let rest = b.items.map((t, i) => ({ t, id: b.checkIds?.[i] }));
    let first = true;
    while (rest.length) {
      const w = cols[col]!.w;
      const all = c.notesHeight(rest.map((r) => r.t), w - 10, { numbered: b.numbered ?? false });
      let n = rest.length;
      if (y + head + all > bottom) {
        n = 0;
        if (!b.numbered) {
          let used = head;
          for (const r of rest) {
            const hh = c.notesHeight([r.t], w - 10, { numbered: false });
            if (y + used + hh > bottom) break;
            used += hh;
            n += 1;
          }
        }
      }
      if (n === 0) {
        if (!nextCol()) {
          const left: FlowBlock = { ...b, title: first ? b.title : contTitle(b.title), items: rest.map((r) => r.t), checkIds: rest.map((r) => r.id) };
          return done(k, left);
        }
        continue;
      }
      const part = rest.slice(0, n);
      const h = head + c.notesHeight(part.map((r) => r.t), w - 10, { numbered: b.numbered ?? false });
      placed.push({ block: b, title: first ? b.title : contTitle(b.title), items: part.map((r) => r.t), checkIds: part.map((r) => r.id), x: cols[col]!.x, y, w, h });
      y += h + 4;
      rest = rest.slice(n);
      first = false;
    }
  }
  return done(blocks.length);
}

/** A continued panel's title: its name before any dash, "(CONTINUED)" (a column is narrow at 10 pt). */
const contTitle = (t: string) => `${t.split(' — ')[0]!.replace(/ \(CONTINUED.*\)$/, '')} (CONTINUED)`;

/** Draws what flowPanels placed. */
export function drawFlow(c: Canvas, placed: readonly FlowPlaced[]): void {
  for (const p of placed) {
    if (p.block.draw) { p.block.draw(c, { x: p.x, y: p.y, w: p.w, h: p.h }); continue; }
    const a = c.panel(p.title, p.x, p.y, p.w, p.h);
    c.notes(p.items, a.x, a.y, a.w, a.h + 2, { numbered: p.block.numbered ?? false, where: p.block.where, checkIds: p.checkIds });
  }
}

