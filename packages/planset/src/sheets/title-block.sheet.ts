import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { TextPrim } from '../draw/drawing.model.ts';
import type { TextMeasure } from '../draw/text.measure.ts';
import { fmtKw, points, req, reqText, TEMPLATE_VERSION, type LogicalPage } from '../planset.model.ts';
import { sealDisciplinesOn } from '../seals/seal-coverage.ts';
import type { SealSlot } from '../seals/seal-slots.ts';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { PlanSetError } from '../planset.errors.ts';
import { FRAME, TB, type SheetContext } from './sheet-context.ts';

/*
 * The title block on the right of every sheet (research/planset.md §1.3): firm, contractor with
 * licence, project and the dynamic CAD fields the requirements ask for, system size, title-block
 * notes, revisions, the stamp box (contractor stamp or PE seal), sheet name and number, sheet size,
 * date, drawer, and the template version with the input hash. Its own failures are title_block_failed.
 */

export interface StampPlacement { kind: 'contractor' | 'structural' | 'electrical'; ref?: string }

/**
 * Which stamps go in a page's stamp box (spec §3, §5): the PE seals whose coverage includes the page
 * (seals/seal-coverage.ts; drawn as marked boxes the engineer's seal fills when the set is sealed),
 * then the contractor stamp.
 */
export function stampFor(ctx: SheetContext, page: LogicalPage): StampPlacement[] {
  const { input } = ctx;
  const out: StampPlacement[] = sealDisciplinesOn(input, ctx.pages.map((p) => p.page), page).map((kind) => ({ kind }));
  const cs = req(input, 'contractor_stamp');
  if (!input.requirements.contractorStamp.removed && cs.on && input.stamps.contractor) {
    const layout = String(req(input, 'contractor_stamp_layout').value ?? 'All');
    const pv45 = page === 'pv4' || page === 'pv5' || page === 'pv5a' || page === 'labels';
    if (layout === 'All' || pv45) out.push({ kind: 'contractor', ref: 'contractor-stamp' });
  }
  return out;
}

/** Each stamp of a page with its share of the stamp box (points from the top left), side by side. */
export function stampBoxes(ctx: SheetContext, page: LogicalPage): { stamp: StampPlacement; box: { x: number; y: number; w: number; h: number } }[] {
  const stamps = stampFor(ctx, page);
  const box = titleBlockStampBox(ctx.minPt);
  const each = box.w / Math.max(1, stamps.length);
  return stamps.map((stamp, i) => ({ stamp, box: { x: box.x + i * each, y: box.y, w: each, h: box.h } }));
}

/**
 * Where each PE seal of the set goes, for the seal step: each seal's share of a sheet's stamp box
 * (1-based pages) and, along the bottom of the seals' shares, the band for the verification code.
 */
export function sheetSealSlots(ctx: SheetContext): SealSlot[] {
  const bandH = Math.max(7, ctx.minPt) * 1.18 * 3 + 4;
  return ctx.pages.flatMap((p, i) => {
    const seals = stampBoxes(ctx, p.page).filter((x) => x.stamp.kind !== 'contractor');
    if (!seals.length) return [];
    const first = seals[0]!.box;
    const last = seals[seals.length - 1]!.box;
    const strip = { x: first.x, y: first.y + first.h - bandH, w: last.x + last.w - first.x, h: bandH };
    return seals.map(({ stamp, box }) => ({ page: i + 1, discipline: stamp.kind as Discipline, kind: 'sheet' as const, box, strip, textPt: ctx.minPt }));
  });
}

/** The sheet number box: the big number, and date, drawn by, size and revision beside it (taller at 10 pt). */
const numberBoxH = (lh: number) => Math.max(58, 4 * lh + 10);

/** Lines at the foot of the title block: template, input hash, and the consistency statement. */
const FOOT_LINES = 3;

/** The title block's statement that every cross-sheet check passed (issue 24 finding 9). */
export const CONSISTENCY_STATEMENT = 'CROSS-SHEET CONSISTENCY VERIFIED';

/**
 * The consistency statement in the title block's foot, as a text primitive: the renderer adds it to
 * every page of a set it certifies (check/consistency.check.ts, run on the rendered bytes with the
 * statement in them) and answers that PDF only when every check passed; a preview or a set whose
 * checks did not run never says it was verified.
 */
export function consistencyLine(m: TextMeasure, minPt: number): TextPrim {
  const s = Math.max(7, minPt);
  const lh = s * 1.22;
  const top = TB.y + TB.h - (lh * FOOT_LINES + 4);
  const y = top + 3 + 2 * lh + m.capHeight * s + (lh - s) / 2;
  // bold where it fits the title block's width (at 8 pt), regular where larger text would not
  const bold = m.width(CONSISTENCY_STATEMENT, s, true) <= TB.w - 12;
  return { kind: 'text', layer: 'G-TTLB', text: CONSISTENCY_STATEMENT, x: TB.x + 5, y, size: s, bold, width: m.width(CONSISTENCY_STATEMENT, s, bold) };
}

/** The building permit number is issued after the plan set is approved: blank, a line to write it in. */
export const PERMIT_WRITE_IN = '________';

/**
 * The dynamic CAD fields the requirements that are on ask for (spec §3), one line each. A fact the
 * AHJ or utility asked for is never printed as a dash: the run's assembly answers a blank one as a
 * missing input, so a blank here is refused (title_block_failed). The building permit number alone
 * may be blank: a write-in line (docs/architecture.md, "Plan sets: runs").
 */
function dynamicLines(ctx: SheetContext): string[] {
  const { input } = ctx;
  const d = input.job.dynamic;
  const lines: string[] = [];
  const on = (k: string) => req(input, k).on;
  const fact = (requirement: string, field: string, label: string, v: string | number | undefined) => {
    if (v === undefined || String(v).trim() === '') {
      throw new PlanSetError('title_block_failed', `title block: ${requirement} is on but the job has no ${field}`);
    }
    lines.push(`${label}: ${v}`);
  };
  if (on('case_number_on_title_block')) fact('case_number_on_title_block', 'case_number', 'CASE #', d.case_number);
  if (on('tmk_on_title_block')) fact('tmk_on_title_block', 'tmk', 'TMK', d.tmk);
  if (on('site_id_on_title_block')) fact('site_id_on_title_block', 'site_id', 'SITE ID', d.site_id);
  if (on('building_permit_number_on_title_block')) lines.push(`PERMIT #: ${d.building_permit_number?.trim() || PERMIT_WRITE_IN}`);
  if (on('num_stories_on_cad')) fact('num_stories_on_cad', 'num_stories', 'STORIES', d.num_stories);
  if (on('utility_program_on_cad')) fact('utility_program_on_cad', 'utility_program', 'UTILITY PROGRAM', d.utility_program);
  if (on('parcel_info_on_title_block')) {
    const p = d.parcel_info ?? {};
    const parcel = (field: keyof typeof p, label: string, unit = '') =>
      fact('parcel_info_on_title_block', `parcel_info.${field}`, label, p[field] === undefined ? undefined : `${p[field]}${unit}`);
    parcel('parcel_id', 'APN');
    parcel('county_name', 'COUNTY');
    parcel('muni_name', 'MUNICIPALITY');
    parcel('zoning', 'ZONING');
    parcel('acreage_calc', 'LOT', ' AC');
    parcel('bldg_sqft', 'BUILDING', ' SQ FT');
    parcel('roof_height', 'ROOF HEIGHT', ' FT');
    parcel('legal_desc1', 'LEGAL');
  }
  return lines;
}

/**
 * The title block's stamp box in PDF points from the top left, as drawTitleBlock lays it out for an
 * AHJ minimum text size: where a PE seal goes when a finished plan set is stamped afterwards.
 */
export function titleBlockStampBox(minTextPt = 7): { x: number; y: number; w: number; h: number } {
  const s = Math.max(7, minTextPt);
  const lh = s * 1.22;
  const top = TB.y + TB.h - (lh * FOOT_LINES + 4) - numberBoxH(lh) - (lh * 2 + 10) - 150;
  return { x: TB.x + 8, y: top + 6, w: TB.w - 16, h: 150 - 12 };
}

// eslint-disable-next-line max-lines-per-function -- the title block drawn bottom-up then top-down in one column whose two cursors must meet
export function drawTitleBlock(c: Canvas, ctx: SheetContext, page: LogicalPage, sheetTitle: string, sheetNumber: string): void {
  const { input, m, vars } = ctx;
  const s = c.sz(7);
  const x = TB.x + 5;
  const w = TB.w - 10;
  c.layer = 'G-TTLB';
  c.rect(FRAME.x, FRAME.y, FRAME.w, FRAME.h, { lineWidth: 1.5 }, 'G-BORD');
  c.rect(TB.x, TB.y, TB.w, TB.h, { lineWidth: 1.5 }, 'G-TTLB');
  const where = 'title block';
  const sep = (y: number) => c.line(TB.x, y, TB.x + TB.w, y, { lineWidth: 1 }, 'G-TTLB');
  const lh = c.lh(s);
  const cap = m.capHeight * s;

  // ---- bottom part, fixed, drawn from the bottom up
  let yb = TB.y + TB.h;
  const footH = lh * FOOT_LINES + 4;
  yb -= footH;
  sep(yb);
  c.text(`TEMPLATE ${TEMPLATE_VERSION}`, x, yb + 3 + cap + (lh - s) / 2, { size: s, maxWidth: w, where });
  c.text(`INPUT ${ctx.inputHash.slice(0, 16)}`, x, yb + 3 + lh + cap + (lh - s) / 2, { size: s, maxWidth: w, where });
  // the third line is the consistency statement's, printed only after the certificate passed (consistencyLine)
  const numH = numberBoxH(lh);
  yb -= numH;
  sep(yb);
  c.text('SHEET NUMBER', x + w - 2, yb + cap + 4, { size: s, align: 'right', where });
  c.text(sheetNumber, x + w - 2, yb + 40, { size: 24, bold: true, align: 'right', maxWidth: w * 0.38, where });
  c.text(`DATE: ${input.job.date}`, x, yb + cap + 4, { size: s, maxWidth: w * 0.6, where });
  c.text(`DRAWN BY: ${input.job.drawnBy}`, x, yb + cap + 4 + lh, { size: s, maxWidth: w * 0.6, where });
  c.text('SIZE: ANSI B 11"x17"', x, yb + cap + 4 + 2 * lh, { size: s, maxWidth: w * 0.6, where });
  c.text(`REV: ${input.design.revision}`, x, yb + cap + 4 + 3 * lh, { size: s, maxWidth: w * 0.6, where });
  const nameH = lh * 2 + 10;
  yb -= nameH;
  sep(yb);
  c.text('SHEET NAME', x, yb + cap + 3, { size: s, where });
  c.text(sheetTitle, x, yb + cap + 5 + lh, { size: c.sz(9), bold: true, maxWidth: w, where });

  // stamp box
  const stampH = 150;
  yb -= stampH;
  sep(yb);
  const stamps = stampBoxes(ctx, page);
  c.layer = 'G-STMP';
  if (stamps.length === 0) {
    const box = titleBlockStampBox(ctx.minPt);
    c.text('STAMP AREA', box.x + box.w / 2, box.y + box.h / 2, { size: s, align: 'center', fill: '#9aa5b1', layer: 'G-STMP' });
  } else {
    // A PE seal's place is a marked box until the engineer seals the set (the seal step fills the whole share).
    for (const { stamp: st, box: b } of stamps) {
      if (st.ref) c.image(st.ref, b.x + 2, b.y, b.w - 4, b.h - lh - 2, 'G-STMP');
      else c.rect(b.x + 6, b.y + 4, b.w - 12, b.h - lh - 10, { dash: [3, 2], stroke: '#555' }, 'G-STMP');
      const label = st.kind === 'contractor' ? 'CONTRACTOR STAMP' : st.kind === 'structural' ? 'STRUCTURAL PE SEAL' : 'ELECTRICAL PE SEAL';
      c.text(label, b.x + b.w / 2, b.y + b.h - 2, { size: s, align: 'center', maxWidth: b.w - 4, layer: 'G-STMP', where });
    }
  }
  c.layer = 'G-TTLB';

  // revisions
  const revs = input.revisions.length ? input.revisions : [{ number: 0, date: input.job.date, description: 'INITIAL ISSUE' }];
  const revRows = revs.slice(-4);
  const revCells = revRows.map((r) => [String(r.number), r.date, r.description.toUpperCase()]);
  const k = s / 8 > 1 ? s / 8 : 1;
  const revWidths = [22 * k, 52 * k, w - 74 * k];
  const revH = c.tableHeight(['REV', 'DATE', 'DESCRIPTION'], revCells, revWidths, { size: s }) + s * 1.7 + 4;
  yb -= revH;
  sep(yb);
  c.text('REVISIONS', x, yb + cap + 4, { size: s, bold: true, where });
  c.table(['REV', 'DATE', 'DESCRIPTION'], revCells, x, yb + lh + 4, revWidths, { size: s, where });

  // ---- top part, from the top down, must end above yb
  let y = TB.y + 5;
  const need = (h: number) => {
    if (y + h > yb - 2) throw new DrawingOverflow(where, `title block content needs ${(y + h - (yb - 2)).toFixed(0)} pt more height`);
  };
  const line = (t: string, o: { bold?: boolean; size?: number } = {}) => {
    const sz = c.sz(o.size ?? s);
    const lines = m.wrap(t, sz, w, o.bold);
    need(lines.length * c.lh(sz));
    for (const ln of lines) {
      c.text(ln, x, y + m.capHeight * sz + (c.lh(sz) - sz) / 2, { size: sz, bold: o.bold, where });
      y += c.lh(sz);
    }
  };
  if (input.company.logo) {
    need(36);
    c.image('company-logo', x, y, w, 32, 'G-TTLB');
    y += 36;
  }
  line(input.company.name.toUpperCase(), { bold: true, size: 9 });
  line(input.company.address);
  line(`${input.company.phone}${input.company.email ? ' · ' + input.company.email : ''}`);
  y += 3; sep(y); y += 3;
  line('CONTRACTOR', { bold: true });
  line(input.contractor.name.toUpperCase());
  line(input.contractor.address);
  line(input.contractor.phone);
  if (req(input, 'contractor_license_on_title_block').on) line(`LIC #: ${input.contractor.licenseNum}`);
  y += 3; sep(y); y += 3;
  line('PROJECT', { bold: true });
  line(input.job.clientName.toUpperCase());
  line(`${input.job.address.street}, ${input.job.address.city}, ${input.job.address.state} ${input.job.address.zip}`);
  line(`AHJ: ${input.job.ahjName}`);
  line(`UTILITY: ${input.job.utilityName}`);
  for (const dl of dynamicLines(ctx)) line(dl);
  y += 3; sep(y); y += 3;
  line(`SYSTEM: ${fmtKw(input.report.summary.systemDcKw)} kW DC / ${fmtKw(input.report.summary.systemAcKw)} kW AC`, { bold: true });
  const notes = [...points(reqText(input, 'title_block_notes')), ...(page.startsWith('pv') && page.length === 3 ? points(reqText(input, `${page}_title_block_notes`)) : [])]
    .map((n) => vars && n.replace(/\{([a-z_0-9]+)\}/g, (a, k: string) => vars[k] ?? a));
  if (notes.length) {
    y += 3; sep(y); y += 3;
    line('NOTES', { bold: true });
    for (const n of notes) line(`• ${n}`);
  }
  c.layer = 'G-ANNO';
}
