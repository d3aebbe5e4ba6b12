import type { Check } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { electricalCodeName, sheetNumber } from '../planset.model.ts';
import { checkTable, checkTableHeight, fmt } from './check-table.ts';
import { relationSymbol } from '../check/check-display.ts';
import { frame, start } from './electrical-sheet.frame.ts';
import { orderedService } from './ordered-system.ts';
import { loadCalcLines, pv4Carry } from './pv4.sheet.ts';
import { racewayText } from './pv4-schedule.ts';
import { drawFlow, flowPanels, type FlowBlock, type FlowPlaced } from './sheet-flow.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawTitleBlock } from './title-block.sheet.ts';

/** The electrical calculations sheet and its continuation: every electrical check of the report (electrical-sheets.ts). */

/** One row per run: the conductor calculation the schedule's sizes come from (690.8, 310, 240, 250.122, Chapter 9). */
function runTable(c: Canvas, ctx: SheetContext, at: { x: number; y: number; w: number }, where: string): number {
  const r = ctx.input.report;
  const cell = (id: string): string => {
    const k = r.sections.flatMap((s) => s.checks).find((q) => q.id === id);
    if (!k) return '—';
    const lim = k.limit ? ` ${relationSymbol(k.limit.relation)} ${fmt(k.limit.value)} ${k.limit.unit ?? ''}` : '';
    return `${`${fmt(k.value)} ${k.unit}`.trim()}${lim}`.trim() + (k.pass === false ? ' FAIL' : '');
  };
  const heads = ['RUN', 'CIRCUIT', 'MAX CURRENT', 'AMPACITY AT 125 % / TERMINALS', 'CORRECTED AMPACITY', 'OCPD', 'EGC / SSBJ', 'VOLTAGE DROP', 'CONDUIT FILL'];
  const ws = [30, 170, 70, 120, 110, 90, 90, 90, 100];
  const sc = (at.w - 10) / ws.reduce((a, b) => a + b, 0);
  const rows = r.conductorSchedule.map((row) => {
    const p = `electrical.run.${row.runId}`;
    return [row.runId, row.circuit.toUpperCase(), `${row.maxCurrentA} A`, cell(`${p}.ampacity-continuous`), cell(`${p}.ampacity-corrected`), cell(`${p}.ocpd`), /SSBJ/.test(row.conductors) ? cell(`${p}.bonding-jumper`) : cell(`${p}.egc`), cell(`${p}.voltage-drop`), row.raceway === 'free air' ? 'FREE AIR' : `${cell(`${p}.conduit-fill`)} IN ${racewayText(row)}`];
  });
  const code = electricalCodeName(ctx.input);
  // The sections as the engine cites them for the edition (never a fixed list: 705.28 is 705.60 in 2017).
  const cols = ['current', 'ampacity-continuous', 'ampacity-corrected', 'ocpd', 'egc', 'bonding-jumper', 'voltage-drop', 'conduit-fill'];
  const sections = [...new Set(r.sections.flatMap((sec) => sec.checks).filter((k) => /^electrical\.run\.[^.]+\.(.+)$/.exec(k.id) && cols.includes(/^electrical\.run\.[^.]+\.(.+)$/.exec(k.id)![1]!)).flatMap((k) => k.ref.section.split(/;\s*/)))];
  const note = `${code}: ${sections.join('; ')}`;
  const h = c.tableHeight(heads, rows, ws.map((w) => w * sc), { size: 6.5 }) + c.paraHeight(note, at.w - 10, { size: 6.5 }) + c.sz(9) * 1.8 + 16;
  const a = c.panel('CONDUCTOR CALCULATIONS BY RUN', at.x, at.y, at.w, h);
  const th = c.table(heads, rows, a.x, a.y, ws.map((w) => w * sc), { size: 6.5, where });
  c.para(note, a.x, a.y + th + 3, a.w, a.h - th, { size: 6.5, where });
  return h;
}

export const CALC2_TITLE = 'CALCULATIONS (CONTINUED)';

type Col = { x: number; y: number; w: number };

/**
 * The calculations on one sheet: the check tables flow down a column and on into the next; the load
 * calculation heads the last column. A wide left column first; where the tables do not fit there (text is
 * 8 pt at least), two, then three equal columns. Null when they do not fit on one sheet.
 */
function calcOneSheet(c: Canvas, ctx: SheetContext, top: number): { placed: { s: ReportSection; x: number; y: number; w: number }[]; lc: { x: number; w: number; h: number } | null } | null {
  const sections = calcSections(ctx);
  const lc = loadCalcLines(ctx, orderedService(ctx.input, 'calc'));
  const bottom = AREA.y + AREA.h;
  const gap = 8;
  const layouts: number[][] = lc ? [[0.66, 0.34], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]] : [[1], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]];
  for (const shares of layouts) {
    const usable = AREA.w - gap * (shares.length - 1);
    let x = AREA.x;
    const columns: Col[] = shares.map((share) => { const col = { x, y: top, w: usable * share }; x += col.w + gap; return col; });
    const last = columns[columns.length - 1]!;
    const lcAt = { x: last.x, w: last.w };
    const lcH = lc ? c.notesHeight(lc.lines, lcAt.w - 10, { numbered: false }) + c.sz(9) * 1.8 + 12 : 0;
    if (lc && top + lcH > bottom) continue;
    if (lc) last.y += lcH + 6;
    const placed: { s: ReportSection; x: number; y: number; w: number }[] = [];
    let col = 0;
    let fits = true;
    for (const s of sections) {
      let h = checkTableHeight(c, ctx, s.checks, columns[col]!.w);
      while (columns[col]!.y + h > bottom && col + 1 < columns.length) { col += 1; h = checkTableHeight(c, ctx, s.checks, columns[col]!.w); }
      const at = columns[col]!;
      if (at.y + h > bottom) { fits = false; break; }
      placed.push({ s, x: at.x, y: at.y, w: at.w });
      at.y += h + 6;
    }
    if (fits) return { placed, lc: lc ? { ...lcAt, h: lcH } : null };
  }
  return null;
}

type ReportSection = SheetContext['input']['report']['sections'][number];
const calcSections = (ctx: SheetContext): ReportSection[] =>
  ctx.input.report.sections.filter((s) => s.id.startsWith('electrical.') && s.id !== 'electrical.load-calculation' && s.id !== 'electrical.conductors' && s.checks.length);

/** The run table's height (drawn on a scratch canvas). */
function runTableHeight(ctx: SheetContext): number {
  return runTable(new Canvas(ctx.m, ctx.minPt, 'calc layout'), ctx, { x: AREA.x, y: AREA.y + 26, w: AREA.w }, 'calc layout');
}

/**
 * Two sheets (10 pt AHJs, or what PV-4 cannot hold): the run table and, in three columns, the check tables and
 * load calculation that fit; the continuation carries PV-4's rest first, then the others. Throws when two do not hold them.
 */
function calcTwoSheets(ctx: SheetContext, c: Canvas): { first: FlowPlaced[]; second: FlowPlaced[] } {
  const lc = loadCalcLines(ctx, orderedService(ctx.input, 'calc'));
  const gap = 8;
  // three columns; two where the text is 10 pt or more (a check table a third of the sheet wide cuts its words)
  const n = ctx.minPt >= 10 ? 2 : 3;
  const w3 = (AREA.w - (n - 1) * gap) / n;
  const cols = Array.from({ length: n }, (_, k) => ({ x: AREA.x + k * (w3 + gap), w: w3 }));
  const bottom = AREA.y + AREA.h - 16;
  // A section's table fills the rest of a column and continues in the next, cut between its rows.
  const tableBlock = (title: string, checks: Check[], base: string): FlowBlock => ({
    title, items: [], where: 'electrical calculations', col: 0,
    fixedH: (cv, w) => checkTableHeight(cv, ctx, checks, w),
    draw: (cv, b) => { checkTable(cv, ctx, title, checks, b, 'electrical calculations'); },
    split: (cv, w, room) => {
      let n = 0;
      while (n < checks.length && checkTableHeight(cv, ctx, checks.slice(0, n + 1), w) <= room) n += 1;
      return n === 0 || n === checks.length ? null : [tableBlock(title, checks.slice(0, n), base), tableBlock(`${base} (CONTINUED)`, checks.slice(n), base)];
    },
  });
  const blocks: FlowBlock[] = [
    ...calcSections(ctx).map((s) => tableBlock(s.title.toUpperCase(), s.checks, s.title.toUpperCase().split(/[,—(]/)[0]!.trim())),
    ...(lc ? [{ title: lc.title, items: lc.lines, checkIds: lc.checkIds, where: 'electrical calculations load calculation', col: 0 }] : []),
  ];
  const first = flowPanels(c, blocks, cols, AREA.y + 26 + runTableHeight(ctx) + 6, bottom);
  const second = flowPanels(c, [...pv4Carry(ctx), ...first.rest.map((b) => ({ ...b, col: 0 }))], cols, AREA.y + 26, AREA.y + AREA.h);
  if (second.rest.length) throw new DrawingOverflow(sheetNumber(ctx.input, 'calc2'), `the electrical calculations do not fit on two sheets (${second.rest.map((b) => b.title).join(', ')} left over)`);
  return { first: first.placed, second: second.placed };
}

/** Whether the calculations (and all of PV-4) fit on the one calculations sheet; else the set gets its continuation. */
export function calcFitsOneSheet(ctx: SheetContext): boolean {
  if (pv4Carry(ctx).length) return false;
  return calcOneSheet(new Canvas(ctx.m, ctx.minPt, 'calc layout'), ctx, AREA.y + 26 + runTableHeight(ctx) + 6) !== null;
}

/** The calculation sheet(s) that print a report section's check table: the one sheet, or the part(s) of the two that carry it. */
export function calcPagesOfSection(ctx: SheetContext, s: ReportSection): ('calc' | 'calc2')[] {
  if (!ctx.pages.some((p) => p.page === 'calc2')) return ['calc'];
  const two = calcTwoSheets(ctx, new Canvas(ctx.m, ctx.minPt, 'calc layout'));
  const head = s.title.toUpperCase();
  const base = `${head.split(/[,—(]/)[0]!.trim()} (CONTINUED)`;
  const has = (placed: FlowPlaced[]) => placed.some((p) => p.block.title === head || p.block.title === base);
  return (['calc', 'calc2'] as const).filter((_, i) => has(i === 0 ? two.first : two.second));
}

/** The electrical calculations sheet (`part` 1) or its continuation (2, when the set lists calc2). */
export function buildCalc(ctx: SheetContext, part: 1 | 2 = 1): Sheet {
  const continued = ctx.pages.some((p) => p.page === 'calc2');
  if (part === 2) {
    const number = sheetNumber(ctx.input, 'calc2');
    const c = new Canvas(ctx.m, ctx.minPt, `${number} ${CALC2_TITLE}`);
    drawTitleBlock(c, ctx, 'calc2', CALC2_TITLE, number);
    c.text(`${CALC2_TITLE} — CONTINUED FROM SHEET ${sheetNumber(ctx.input, 'calc')} — ${electricalCodeName(ctx.input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true, maxWidth: AREA.w });
    drawFlow(c, calcTwoSheets(ctx, c).second);
    return { key: 'calc2', number, title: CALC2_TITLE, prims: c.prims, frame };
  }
  const { c, number, title } = start(ctx, 'calc');
  const { input } = ctx;
  const order = orderedService(input, number);
  const lc = loadCalcLines(ctx, order);
  let y = AREA.y + 26;
  y += runTable(c, ctx, { x: AREA.x, y, w: AREA.w }, number) + 6;
  if (continued) {
    drawFlow(c, calcTwoSheets(ctx, c).first);
    c.text(`CONTINUED ON SHEET ${sheetNumber(input, 'calc2')}`, AREA.x + AREA.w - 6, AREA.y + AREA.h - 5, { size: 9, bold: true, align: 'right' });
    return { key: 'calc', number, title, prims: c.prims, frame };
  }
  const one = calcOneSheet(c, ctx, y);
  if (!one) throw new DrawingOverflow(number, 'the electrical calculations do not fit on one sheet');
  for (const p of one.placed) checkTable(c, ctx, p.s.title.toUpperCase(), p.s.checks, { x: p.x, y: p.y, w: p.w }, number);
  if (lc && one.lc) {
    const a = c.panel(lc.title, one.lc.x, y, one.lc.w, one.lc.h);
    c.notes(lc.lines, a.x, a.y, a.w, a.h + 2, { numbered: false, where: `${number} load calculation`, checkIds: lc.checkIds });
  }
  return { key: 'calc', number, title, prims: c.prims, frame };
}
