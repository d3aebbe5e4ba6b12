import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { req, sheetNumber } from '../planset.model.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { lintSheet } from '../check/drawing.lint.ts';
import { attachmentDetail, elevationDetail, framingSketch } from './pv3-details.ts';
import { CHECK_HEADERS, checkRows, checksTitle, checkWidths, columnWidths, designLoads, framingSchedule } from './pv3-basis.ts';

/*
 * PV-3: structural (research/planset.md §1.6): framing per roof plane (type, size, spacing, spans,
 * roof material and layers), the attachment detail (flashing, foot, lag diameter and embedment,
 * rail, module), the framing sketch of the truss type, design loads, the engine's structural checks
 * with their values, limits and code sections, the elevation detail when asked, PV-3 notes.
 */

export const PV3A_TITLE = 'STRUCTURAL (CONTINUED)';

type Box = { x: number; y: number; w: number; h: number };

/** Height of PV-3's top row of details. */
const TOP_H = 250;
/** Height of the elevation detail on PV-3A (a column's width, so less height keeps it in proportion). */
const ELEVATION_H_PV3A = 160;

/** The rows of PV-3's framing and attachment schedule, and its headers. */
/** The height drawNotesPanel needs for the sheet's notes at width w. */
function notesPanelHeight(c: Canvas, n: ReturnType<typeof sheetNotes>, w: number): number {
  const band = c.sz(9) * 1.8 + 8;
  const groups = [n.warning, n.utility, n.extra].filter((g) => g.length);
  if (!groups.length) return band + c.sz(7) + 12;
  return band + groups.reduce((h, g) => h + c.lh(c.sz(7)) + 1 + c.notesHeight(g, w - 10) + 3, 0) + 2;
}

/** The top row of PV-3: the attachment detail, the framing sketch and (when it is on this sheet) the elevation detail. */
function topRow(c: Canvas, ctx: SheetContext, withElevation: boolean): number {
  const { input } = ctx;
  const W = AREA.w;
  const y = AREA.y;
  const topH = TOP_H;
  const showDetail = req(input, 'attachment_detail').value !== false;
  const nTop = 1 + (showDetail ? 1 : 0) + (withElevation ? 1 : 0);
  const tw = (W - (nTop - 1) * 8) / nTop;
  let tx = AREA.x;
  if (showDetail) {
    c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
    attachmentDetail(c, ctx, { x: tx, y, w: tw, h: topH });
    tx += tw + 8;
  }
  c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
  framingSketch(c, ctx, { x: tx, y, w: tw, h: topH });
  tx += tw + 8;
  if (withElevation) {
    c.rect(tx, y, tw, topH, { lineWidth: 1 }, 'G-BORD');
    elevationDetail(c, ctx, { x: tx, y, w: tw, h: topH });
  }
  drawCustomLeaders(c, ctx, 'pv3', { x: AREA.x + tw * 0.25, y: AREA.y + topH * 0.52 }, { x: AREA.x, y: AREA.y, w: tw, h: topH }, 'top');
  return y + topH + 8;
}

/** The framing schedule across the sheet at y (drawn when `draw`); answers the y below it. */
function framingPanel(c: Canvas, ctx: SheetContext, y: number, draw = true): number {
  const W = AREA.w;
  const { headers, rows } = framingSchedule(ctx);
  const colWidths = columnWidths(c, headers, headers.map(() => 1 / headers.length), W - 10, c.minSize);
  const fh = c.tableHeight(headers, rows, colWidths) + c.sz(9) * 1.8 + 12;
  if (draw) {
    const fa = c.panel('ROOF FRAMING & ATTACHMENT SCHEDULE', AREA.x, y, W, fh);
    c.table(headers, rows, fa.x, fa.y, colWidths, { where: 'PV-3 framing schedule' });
  }
  return y + fh + 8;
}

/**
 * Where PV-3's checks panel starts when the set has a PV-3A, and how many checks it holds (the panel
 * runs across the sheet, with a line under the table pointing to PV-3A); PV-3A prints the rest.
 */
function continuedChecksCut(c: Canvas, ctx: SheetContext, rows: string[][]): { y: number; shown: number; noteH: number } {
  const y = framingPanel(c, ctx, AREA.y + TOP_H + 8, false);
  const noteH = c.lh(c.sz(7)) + 4;
  const inner = AREA.y + AREA.h - y - c.sz(9) * 1.8 - 8;
  return { y, noteH, shown: checkRowsFitting(c, rows, 0, AREA.w - 10, inner - noteH) };
}

/** How many of the check rows from `from` fit a table of width w in height h (a wrapped check takes a taller row). */
function checkRowsFitting(c: Canvas, rows: string[][], from: number, w: number, h: number): number {
  let n = rows.length - from;
  while (n > 0 && c.tableHeight(CHECK_HEADERS, rows.slice(from, from + n), checkWidths(c, w), { size: 6.5 }) > h) n--;
  return n;
}

/** Whether PV-3 holds everything on one sheet at the set's least text size (else the set has PV-3A). */
export function pv3FitsOneSheet(ctx: SheetContext): boolean {
  try {
    return lintSheet(buildPv3({ ...ctx, pages: ctx.pages.filter((p) => p.page !== 'pv3a') }), ctx.minPt).length === 0;
  } catch (e) {
    if (e instanceof DrawingOverflow) return false;
    throw e;
  }
}

export function buildPv3(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv3');
  const title = 'STRUCTURAL & ATTACHMENT';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv3', title, number);
  const W = AREA.w;
  const continued = ctx.pages.some((p) => p.page === 'pv3a');
  const showElev = req(input, 'elevation_detail').on || req(input, 'elevation_detail_file').on;
  // With a PV-3A the elevation detail goes there, and the attachment detail and framing sketch share the row.
  let y = topRow(c, ctx, showElev && !continued);
  y = framingPanel(c, ctx, y);
  const { rows: crow, ids } = checkRows(ctx);
  const ch = AREA.y + AREA.h - y;

  if (continued) {
    // The checks across the sheet, as many as fit; the rest, the design loads and basis, the elevation
    // detail and the PV-3 notes on PV-3A (at 10 pt text they do not all fit one sheet).
    const more = sheetNumber(input, 'pv3a');
    const { shown } = continuedChecksCut(c, ctx, crow);
    const ca = c.panel(checksTitle(ctx), AREA.x, y, W, ch);
    c.table(CHECK_HEADERS, crow.slice(0, shown), ca.x, ca.y, checkWidths(c, ca.w), {
      size: 6.5, where: 'PV-3 structural checks', checkIds: ids.slice(0, shown).map((k) => [k, k, k, k, undefined]),
    });
    const rest = crow.length - shown;
    c.text(`${rest ? `${rest} MORE CHECKS, ` : ''}DESIGN LOADS, STRUCTURAL BASIS${showElev ? ', ELEVATION DETAIL' : ''} AND PV-3 NOTES: SEE SHEET ${more}`, ca.x, ca.y + ca.h, { size: 7, bold: true, maxWidth: ca.w });
    return { key: 'pv3', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
  }

  // checks table + loads / notes side by side
  const loads = designLoads(ctx);
  // The design loads and structural basis are printed in full (the sheet states what was calculated); at the
  // 8 pt minimum several arrays' basis lines can outgrow a 40 % column, so the checks table (which already
  // cuts short with a pointer to the calculation package) gives up width until they fit above the PV-3 notes.
  const notesMinH = c.lh(c.sz(7)) * 3 + c.sz(9) * 1.8 + 12;
  const loadsHeight = (w: number) => c.notesHeight(loads, w - 8 - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  let cw = W * 0.6;
  while (cw > W * 0.3 && loadsHeight(W - cw) > ch - notesMinH - 6) cw -= W * 0.05;
  const ca = c.panel(checksTitle(ctx), AREA.x, y, cw, ch);
  // as many checks as fit the panel (a wrapped check takes a taller row)
  let rowsFit = crow.length;
  // A table cut short keeps a line under it for the note saying so.
  const noteH = c.lh(c.sz(7)) + 2;
  while (rowsFit > 0 && c.tableHeight(CHECK_HEADERS, crow.slice(0, rowsFit), checkWidths(c, ca.w), { size: 6.5 }) > ca.h - (rowsFit < crow.length ? noteH : 0)) rowsFit--;
  const shown = crow.slice(0, rowsFit);
  c.table(CHECK_HEADERS, shown, ca.x, ca.y, checkWidths(c, ca.w), {
    size: 6.5, where: 'PV-3 structural checks', checkIds: ids.slice(0, rowsFit).map((k) => [k, k, k, k, undefined]),
  });
  if (shown.length < crow.length) c.text(`${crow.length - shown.length} MORE CHECKS IN THE STRUCTURAL CALCULATION PACKAGE`, ca.x, ca.y + ca.h, { size: 7, bold: true, maxWidth: ca.w });
  const lx = AREA.x + cw + 8;
  const lw = W - cw - 8;
  const lh = c.notesHeight(loads, lw - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const la = c.panel('DESIGN LOADS', lx, y, lw, lh);
  c.notes(loads, la.x, la.y, la.w, la.h + 2, { numbered: false, where: 'PV-3 design loads' });
  const nh = ch - lh - 6;
  if (nh < c.sz(9) * 1.8 + 8) throw new DrawingOverflow('PV-3 notes', `no room for the PV-3 notes below the design loads (${nh.toFixed(0)} pt)`);
  drawNotesPanel(c, ctx, 'pv3', sheetNotes(ctx, 'pv3'), { x: lx, y: y + lh + 6, w: lw, h: nh });
  return { key: 'pv3', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/**
 * PV-3A, PV-3 continued (when PV-3 does not hold everything at the set's least text size, e.g. 10 pt):
 * the checks PV-3 had no room for (across the sheet, as on PV-3), then the design loads and structural
 * basis, the elevation detail and the PV-3 notes flowed down two columns. What still does not fit fails
 * the run naming the part.
 */
export function buildPv3a(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv3a');
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${PV3A_TITLE}`);
  drawTitleBlock(c, ctx, 'pv3a', PV3A_TITLE, number);
  const gap = 8;
  const colW = (AREA.w - gap) / 2;
  const bottom = AREA.y + AREA.h;
  let col = 0;
  // the columns start under the checks table
  let top = AREA.y;
  let y = top;
  const colX = () => AREA.x + col * (colW + gap);
  const nextColumn = (what: string) => {
    col++;
    y = top;
    if (col > 1) throw new DrawingOverflow(`${number} ${what}`, `PV-3 and ${number} have no room left for the ${what}`);
  };
  /** Room for a block of height h: this column if it fits, else the next. */
  const place = (h: number, what: string): Box => {
    if (y + h > bottom + 0.01) nextColumn(what);
    if (h > bottom - top + 0.01) throw new DrawingOverflow(`${number} ${what}`, `needs ${h.toFixed(0)} pt of height, a column has ${(bottom - top).toFixed(0)} pt`);
    const b = { x: colX(), y, w: colW, h };
    y += h + gap;
    return b;
  };

  // the checks PV-3 had no room for (the same cut as PV-3's), continuing its table across the sheet
  const { rows: crow, ids } = checkRows(ctx);
  const from = continuedChecksCut(c, ctx, crow).shown;
  const band = c.sz(9) * 1.8;
  if (from < crow.length) {
    const rest = crow.slice(from);
    const h = c.tableHeight(CHECK_HEADERS, rest, checkWidths(c, AREA.w - 10), { size: 6.5 }) + band + 8;
    if (h > AREA.h) throw new DrawingOverflow(`${number} structural checks`, `${rest.length} checks need ${h.toFixed(0)} pt of height, the sheet has ${AREA.h.toFixed(0)} pt`);
    const a = c.panel(`${checksTitle(ctx)}, CONTINUED FROM SHEET ${sheetNumber(input, 'pv3')}`, AREA.x, AREA.y, AREA.w, h);
    c.table(CHECK_HEADERS, rest, a.x, a.y, checkWidths(c, a.w), {
      size: 6.5, where: `${number} structural checks`, checkIds: ids.slice(from).map((k) => [k, k, k, k, undefined]),
    });
    top = AREA.y + h + gap;
    y = top;
  }

  const loads = designLoads(ctx);
  const lh = c.notesHeight(loads, colW - 10, { numbered: false }) + band + 12;
  const la = place(lh, 'DESIGN LOADS');
  const lp = c.panel('DESIGN LOADS', la.x, la.y, la.w, la.h);
  c.notes(loads, lp.x, lp.y, lp.w, lp.h + 2, { numbered: false, where: `${number} design loads` });

  if (req(input, 'elevation_detail').on || req(input, 'elevation_detail_file').on) {
    const eb = place(ELEVATION_H_PV3A, 'ELEVATION DETAIL');
    c.rect(eb.x, eb.y, eb.w, eb.h, { lineWidth: 1 }, 'G-BORD');
    elevationDetail(c, ctx, eb);
  }

  const notes = sheetNotes(ctx, 'pv3');
  const nb = place(notesPanelHeight(c, notes, colW), 'PV-3 NOTES');
  drawNotesPanel(c, ctx, 'pv3', notes, nb);
  return { key: 'pv3', number, title: PV3A_TITLE, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}
