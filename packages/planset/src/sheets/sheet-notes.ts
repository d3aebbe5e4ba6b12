import type { Canvas } from '../draw/canvas.ts';
import { fillVariables, points, reqText } from '../planset.model.ts';
import type { SheetContext } from './sheet-context.ts';

/*
 * PV1–PV5 notes (spec §3): utility notes, warning notes and extra notes of each sheet, with their
 * {variables} filled, in one panel; custom leaders as callouts with leader lines into the drawing.
 */

type Pv = 'pv1' | 'pv2' | 'pv3' | 'pv4' | 'pv5';

export interface SheetNotes { utility: string[]; warning: string[]; extra: string[] }

export function sheetNotes(ctx: SheetContext, pv: Pv): SheetNotes {
  const get = (suffix: string) => points(reqText(ctx.input, `${pv}_${suffix}`)).map((n) => fillVariables(n, ctx.vars));
  return { utility: get('utility_notes'), warning: get('warning_notes'), extra: get('extra_notes') };
}

export function notesCount(n: SheetNotes): number {
  return n.utility.length + n.warning.length + n.extra.length;
}

/** Draws the sheet's notes panel; "NO ADDITIONAL NOTES" when all are empty. Throws when they do not fit. */
export function drawNotesPanel(c: Canvas, ctx: SheetContext, pv: Pv, n: SheetNotes, box: { x: number; y: number; w: number; h: number }): void {
  const a = c.panel(`${pv.toUpperCase().replace('PV', 'PV-')} NOTES`, box.x, box.y, box.w, box.h);
  let y = a.y;
  const where = `${pv.toUpperCase()} notes`;
  const group = (title: string, items: string[], fill?: string) => {
    if (!items.length) return;
    c.text(title, a.x, y + c.m.capHeight * c.sz(7) + 1, { size: 7, bold: true, fill });
    y += c.lh(c.sz(7)) + 1;
    y += c.notes(items, a.x, y, a.w, a.y + a.h - y, { where }) + 3;
  };
  group('WARNING', n.warning, '#b00000');
  group('UTILITY', n.utility);
  group('NOTES', n.extra);
  if (notesCount(n) === 0) c.text('NO ADDITIONAL NOTES', a.x, y + 8, { size: 7, fill: '#666' });
  void ctx;
}

/** Custom leaders: each point is a callout in the drawing box's lower-left, with a leader to `target`. */
export function drawCustomLeaders(c: Canvas, ctx: SheetContext, pv: Pv, target: { x: number; y: number }, box: { x: number; y: number; w: number; h: number }, corner: 'top' | 'bottom' = 'bottom'): void {
  const items = points(reqText(ctx.input, `${pv}_custom_leaders`)).map((n) => fillVariables(n, ctx.vars));
  const s = c.sz(7);
  items.forEach((t, i) => {
    const tx = box.x + 6;
    const ty = corner === 'bottom' ? box.y + box.h - 8 - (items.length - 1 - i) * (s * 1.9) : box.y + 14 + i * (s * 1.9);
    const w = Math.min(c.m.width(t, s), box.w * 0.45);
    c.text(t, tx, ty, { size: s, maxWidth: box.w * 0.45, layer: 'G-ANNO', where: `${pv.toUpperCase()} custom leaders` });
    c.line(tx + w + 2, ty - s * 0.35, target.x, target.y, { lineWidth: 0.5 }, 'G-ANNO');
    c.circle(target.x, target.y, 1.5, { fill: '#000' }, 'G-ANNO');
  });
}
