import { Canvas } from '../draw/canvas.ts';
import { electricalCodeName, fmtKw, sheetNumber, type ElectricalSheet } from '../planset.model.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawTitleBlock } from './title-block.sheet.ts';

/** What the electrical sheets (three-line, ESS, calculations; electrical-sheets.ts) share: their titles, frame and heading. */

export const ELECTRICAL_SHEET_TITLES: Record<ElectricalSheet, string> = {
  threeline: 'THREE LINE DIAGRAM',
  ess: 'ENERGY STORAGE SYSTEM',
  calc: 'ELECTRICAL CALCULATIONS',
};

export const frame = { x: 18, y: 18, w: 1188, h: 756 };

export function start(ctx: SheetContext, page: ElectricalSheet): { c: Canvas; number: string; title: string } {
  const number = sheetNumber(ctx.input, page);
  const title = ELECTRICAL_SHEET_TITLES[page];
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, page, title, number);
  c.text(`${title} — ${fmtKw(ctx.input.report.summary.systemDcKw)} kW DC / ${fmtKw(ctx.input.report.summary.systemAcKw)} kW AC — ${electricalCodeName(ctx.input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true, maxWidth: AREA.w });
  return { c, number, title };
}
