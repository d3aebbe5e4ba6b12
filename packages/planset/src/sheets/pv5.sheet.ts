import type { RoofPlane } from '../input.schema.ts';
import { compassFace } from '@sunstamp/domain/jobs/cad-intake.schema';
import { segmentHitsBox } from '../check/drawing.lint.ts';
import { evaluateStickerLogic } from '@sunstamp/domain/requirements/sticker-logic.data';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { codePrefix, electricalCodeName, fillVariables, linkLines, points, req, reqNumber, reqText, sheetNumber, type SheetLabel } from '../planset.model.ts';
import { DEFAULT_CUT_SHEET_NOTES } from './notes.data.ts';
import { extraStamps } from './pv1.sheet.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { EQUIPMENT_NAMES, EQUIPMENT_TAGS, centroid, drawModules, drawNorthArrow, fitView } from './plan-view.ts';

/*
 * PV-5: labels and placards (research/planset.md §1.8) in the AHJ's edition wording, the custom
 * stickers whose logic holds, the extra stamps, cut-sheet spec notes and PV-5 notes. With
 * labels_page the labels move to a sheet of their own (PV-5B). PV-5A: site photos.
 */

const COLOURS: Record<string, { bg: string; fg: string }> = {
  Red: { bg: '#c8102e', fg: '#ffffff' }, Orange: { bg: '#ff7900', fg: '#000000' }, Yellow: { bg: '#ffd100', fg: '#000000' },
  Blue: { bg: '#0050a0', fg: '#ffffff' }, Black: { bg: '#000000', fg: '#ffffff' }, White: { bg: '#ffffff', fg: '#000000' },
};

/** Custom stickers (sticker_1..12) whose logic holds for the job, with {variables} filled. */
export function customStickers(ctx: SheetContext): SheetLabel[] {
  const out: SheetLabel[] = [];
  const pre = codePrefix(ctx.input);
  for (let i = 1; i <= 12; i++) {
    const r = req(ctx.input, `sticker_${i}`);
    if (!r.on || !r.value || typeof r.value !== 'object') continue;
    const v = r.value as Record<string, unknown>;
    if (evaluateStickerLogic(String(v.logic ?? 'always'), ctx.facts) !== true) continue;
    const code = String(v.code ?? '').trim();
    out.push({
      id: `sticker_${i}`,
      code: code ? (/^(NEC|CEC)\b/i.test(code) ? code.replace(/^(NEC|CEC)/i, pre) : code) : '',
      section: code,
      title: String(v.title ?? 'WARNING').slice(0, 20).toUpperCase(),
      lines: fillVariables(String(v.text ?? ''), ctx.vars).split('\n').map((s) => s.trim()).filter(Boolean).map((s) => s.toUpperCase()),
      location: String(v.location ?? '').toUpperCase(),
      color: (String(v.color ?? 'Red') as SheetLabel['color']),
      warningIcon: v.warning_icon !== false,
      whiteBackground: v.text_white_background === true,
      custom: true,
    });
  }
  return out;
}

/** The rapid-shutdown placards (690.56(C) / 690.12(D)), each carrying the simplified roof diagram of its system; the existing system's (issue 25) ends in "-existing". */
export const isRsdPlacard = (l: SheetLabel): boolean => /^label\.690-(56-c|12-d)(-existing)?$/.test(l.id);
const isExistingPlacard = (l: SheetLabel): boolean => l.id.endsWith('-existing');
const RSD_DIAGRAM_H = 128;

function labelHeight(c: Canvas, l: SheetLabel, w: number): number {
  const body = l.lines.reduce((s, ln) => s + c.paraHeight(ln, w - 12, { size: 8.5, bold: true }) + 3, 0);
  return 22 + body + 8 + (isRsdPlacard(l) ? RSD_DIAGRAM_H : 0) + c.paraHeight(footer(l), w, { size: 7 }) + 4;
}


type Box = { x0: number; y0: number; x1: number; y1: number };
type Seg = [number, number, number, number];
const rectSegs = (x: number, y: number, w: number, h: number): Seg[] => [[x, y, x + w, y], [x + w, y, x + w, y + h], [x + w, y + h, x, y + h], [x, y + h, x, y]];
const polySegs = (pts: [number, number][]): Seg[] => pts.map((p, i) => [p[0], p[1], pts[(i + 1) % pts.length]![0], pts[(i + 1) % pts.length]![1]]);

/**
 * The PV systems on the building as the placards draw them: the new array (its modules) and, with the
 * existing system (job.existingPv), the roof planes facing its faces. Each is energized after rapid
 * shutdown or not, from its type. Refuses an existing system the report or the design cannot place.
 */
function pvSystems(ctx: SheetContext): { newOutsideOnly: boolean; existing?: { planes: RoofPlane[]; energized: boolean; faces: string[] }; moreThanOneType: boolean } {
  const { input } = ctx;
  const placard = ctx.labels.find((l) => isRsdPlacard(l) && !isExistingPlacard(l));
  const newOutsideOnly = !!placard?.lines.some((ln) => /REMAIN ENERGIZED/.test(ln));
  const ex = input.job.existingPv;
  const exPlacard = ctx.labels.find(isExistingPlacard);
  if (!ex) {
    if (exPlacard) throw new DrawingOverflow('PV-5', 'the engineering report has a rapid-shutdown placard for an existing PV system, but the job does not say which roof faces its array is on');
    return { newOutsideOnly, moreThanOneType: false };
  }
  const differs = ex.rapidShutdown !== (newOutsideOnly ? 'conductor-level' : 'array-level');
  if (differs !== !!exPlacard) {
    throw new DrawingOverflow('PV-5', `the job's existing PV system has rapid-shutdown type ${ex.rapidShutdown}, but the engineering report was calculated ${exPlacard ? 'with another' : 'without it'}: recalculate with the existing system`);
  }
  const planes = input.design.roofPlanes.filter((p) => ex.faces.includes(compassFace(p.azimuthDeg)));
  const unplaced = ex.faces.filter((f) => !input.design.roofPlanes.some((p) => compassFace(p.azimuthDeg) === f));
  if (unplaced.length) throw new DrawingOverflow('PV-5', `the existing PV array is on the ${unplaced.join(', ')} roof face${unplaced.length > 1 ? 's' : ''}, which the design has no roof plane facing: draw that roof plane so the placard's roof diagram can show the existing array`);
  return { newOutsideOnly, existing: { planes, energized: ex.rapidShutdown !== 'array-level', faces: ex.faces }, moreThanOneType: differs };
}

/**
 * The placard's simplified roof diagram (690.56(C); 690.12(D) in 2023): the building, its roof planes
 * and the array, shaded by the system's rapid-shutdown type: the array shut down with the conductors
 * leaving it (inside and outside the array boundary), or left energized in sunlight (outside only);
 * the service where the placard is and the rapid-shutdown switch where the design places one. With solar
 * already on the building (issue 25) the diagram shows both systems, (N) and (E); with more than one
 * rapid-shutdown type (or a system with none) it is the plan view of 690.56(C)(2) (2017) / 690.56(C)(1)
 * (2020) / 690.12(D)(1) (2023): each system drawn, a dashed line around what stays energized.
 */
// eslint-disable-next-line max-lines-per-function -- one diagram: the plan view of the rapid-shutdown placard, each system drawn on one scaled box
function drawRsdDiagram(c: Canvas, ctx: SheetContext, l: SheetLabel, box: { x: number; y: number; w: number; h: number }): void {
  const d = ctx.input.design;
  const sys = pvSystems(ctx);
  const own = isExistingPlacard(l);
  const ownEnergized = own ? !!sys.existing?.energized : sys.newOutsideOnly;
  c.rect(box.x, box.y, box.w, box.h, { fill: '#ffffff', lineWidth: 0.6 });
  const caption = !sys.existing
    ? (ownEnergized ? 'ARRAY (SHADED RED) REMAINS ENERGIZED IN SUNLIGHT' : 'ARRAY AND CONDUCTORS LEAVING IT SHUT DOWN')
    : `${own ? '(E) EXISTING ARRAY' : '(N) NEW ARRAY'} ${ownEnergized ? '(SHADED RED) REMAINS ENERGIZED IN SUNLIGHT' : 'AND CONDUCTORS LEAVING IT SHUT DOWN'}`
      + (sys.moreThanOneType ? '; DASHED LINE: REMAINS ENERGIZED AFTER RAPID SHUTDOWN' : '');
  // The caption wraps under the diagram (at 8 pt it is wider than a third of PV-5's label area).
  const capH = c.paraHeight(caption, box.w - 6, { size: 6.5, bold: true }) + 2;
  const inner = { x: box.x + 4, y: box.y + 4, w: box.w - 8, h: box.h - 8 - capH };
  const eq = d.equipment.filter((e) => e.kind === 'main_panel' || e.kind === 'rsd_initiator');
  const v = fitView([...d.site.building, ...d.roofPlanes.flatMap((p) => p.polygon), ...eq.map((e) => ({ x: e.x, y: e.y }))], inner);
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1, fill: '#f4f4f4', stroke: '#000' });
  const planeSegs: Seg[] = [...polySegs(d.site.building.map(v.toP))];
  for (const p of d.roofPlanes) {
    const pts = p.polygon.map(v.toP);
    planeSegs.push(...polySegs(pts));
    c.poly(pts, true, { lineWidth: 0.5, stroke: '#555' });
  }
  const RED = '#c8102e';
  const BLUE = '#dce6f2';
  // the existing array: the roof planes it is on (its modules are not in the design), shaded by its type
  if (sys.existing) for (const p of sys.existing.planes) c.poly(p.polygon.map(v.toP), true, { lineWidth: 0.6, stroke: '#1f4e79', fill: sys.existing.energized ? RED : BLUE });
  drawModules(c, ctx, v, d.roofPlanes, sys.newOutsideOnly ? RED : BLUE);
  const bounds = (planes: RoofPlane[]): { x: number; y: number; w: number; h: number } | undefined => {
    const pts = planes.flatMap((p) => p.polygon).map(v.toP);
    if (!pts.length) return undefined;
    const xs = pts.map((q) => q[0]);
    const ys = pts.map((q) => q[1]);
    return { x: Math.min(...xs) - 2, y: Math.min(...ys) - 2, w: Math.max(...xs) - Math.min(...xs) + 4, h: Math.max(...ys) - Math.min(...ys) + 4 };
  };
  const newPlanes = d.roofPlanes.filter((p) => d.modules.some((m) => m.planeId === p.id));
  // Dashed boundaries: a single type keeps the array boundary of a system that shuts down; more than one
  // type draws the dashed line around each area that stays energized, as the plan view asks.
  const dashed: { x: number; y: number; w: number; h: number }[] = [];
  if (sys.moreThanOneType) {
    const a = sys.newOutsideOnly ? bounds(newPlanes) : undefined;
    const b = sys.existing?.energized ? bounds(sys.existing.planes) : undefined;
    if (a) dashed.push(a);
    if (b) dashed.push(b);
  } else if (!ownEnergized) {
    const a = bounds(sys.existing ? [...newPlanes, ...sys.existing.planes] : newPlanes);
    if (a) dashed.push(a);
  }
  for (const r of dashed) c.rect(r.x, r.y, r.w, r.h, { dash: [4, 2], stroke: RED, lineWidth: 0.8 });
  const avoid: Seg[] = dashed.flatMap((r) => rectSegs(r.x, r.y, r.w, r.h));
  const taken: Box[] = [];
  // Each tag goes where it crosses neither a dashed boundary nor (if it can) a roof or wall line, nor another tag, inside the diagram.
  const place = (t: string, px: number, py: number, centred = false): void => {
    const w = c.m.width(t, c.sz(6.5), true);
    const hgt = c.sz(6.5);
    const cands: [number, number][] = centred
      ? [[px - w / 2, py + 0.26 * hgt], [px - w / 2, py - hgt], [px - w / 2, py + 1.5 * hgt], [px + 3, py + 0.26 * hgt], [px - w - 3, py + 0.26 * hgt]]
      // beside the point (right, then left, then centred), nearest rows first, in half-line steps up and down
      : Array.from({ length: 13 }, (_, i) => py - 3 + [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6][i]! * (hgt / 2)).flatMap((ty) => [[px + 4, ty], [px - 4 - w, ty], [px - w / 2, ty]] as [number, number][]);
    let best: { x: number; y: number; score: number } | undefined;
    for (const [x, y] of cands) {
      const b: Box = { x0: x - 1, y0: y - 0.72 * hgt - 1, x1: x + w + 1, y1: y + 0.2 * hgt + 1 };
      // inside the diagram's box always; inside its drawing area (above the caption) if it can
      if (b.x0 < box.x || b.x1 > box.x + box.w || b.y0 < box.y || b.y1 > box.y + box.h - capH - 1) continue;
      const outInner = b.x0 < inner.x || b.x1 > inner.x + inner.w || b.y0 < inner.y || b.y1 > inner.y + inner.h ? 1 : 0;
      const score = avoid.filter((sg) => segmentHitsBox(sg, b)).length * 1000 + taken.filter((o) => o.x0 < b.x1 && b.x0 < o.x1 && o.y0 < b.y1 && b.y0 < o.y1).length * 10000 + outInner * 20 + planeSegs.filter((sg) => segmentHitsBox(sg, b)).length;
      if (!best || score < best.score) best = { x, y, score };
    }
    const at = best ?? { x: px + 4, y: py - 3 };
    taken.push({ x0: at.x, y0: at.y - 0.72 * hgt, x1: at.x + w, y1: at.y + 0.2 * hgt });
    c.text(t, at.x, at.y, { size: 6.5, bold: true, fill: '#000' });
  };
  for (const e of eq) {
    const [px, py] = v.toP(e);
    c.circle(px, py, 2.5, { fill: '#000' });
    taken.push({ x0: px - 3, y0: py - 3, x1: px + 3, y1: py + 3 });
  }
  for (const e of eq) {
    const [px, py] = v.toP(e);
    place(e.kind === 'main_panel' ? 'SERVICE' : 'RSD SWITCH', px, py);
  }
  if (sys.existing) {
    // (N) on the plane with the most new modules, at their middle; (E) in the middle of the existing array's largest plane.
    const most = newPlanes.map((p) => d.modules.filter((m) => m.planeId === p.id)).sort((a, b) => b.length - a.length)[0] ?? [];
    if (most.length) place('(N)', ...v.toP({ x: most.reduce((t, m) => t + m.x, 0) / most.length, y: most.reduce((t, m) => t + m.y, 0) / most.length }), true);
    const area = (p: RoofPlane) => Math.abs(p.polygon.reduce((t, q, i) => { const n = p.polygon[(i + 1) % p.polygon.length]!; return t + q.x * n.y - n.x * q.y; }, 0)) / 2;
    const big = [...sys.existing.planes].sort((a, b) => area(b) - area(a))[0];
    if (big) place('(E)', ...v.toP(centroid(big.polygon)), true);
  }
  c.para(caption, box.x + 3, box.y + box.h - capH - 1, box.w - 6, capH, { size: 6.5, bold: true, align: 'center', fill: '#000', where: `label ${l.id} diagram` });
}

const footer = (l: SheetLabel) => `${l.code ? l.code + ' · ' : ''}${l.location}`;

function drawLabel(c: Canvas, l: SheetLabel, x: number, y: number, w: number, ctx: SheetContext): number {
  const report = ctx.input.report;
  const col = COLOURS[l.color] ?? COLOURS.Red!;
  const h = labelHeight(c, l, w);
  const footH = c.paraHeight(footer(l), w, { size: 7 });
  const diagH = isRsdPlacard(l) ? RSD_DIAGRAM_H : 0;
  const bodyH = h - 22 - footH - 4;
  c.layer = 'E-LABL';
  c.rect(x, y, w, 20, { fill: col.bg, lineWidth: 1 });
  const bodyBg = l.whiteBackground ? '#ffffff' : col.bg;
  const bodyFg = l.whiteBackground ? '#000000' : col.fg;
  c.rect(x, y + 20, w, bodyH, { fill: bodyBg, lineWidth: 1 });
  let tx = x + w / 2;
  if (l.warningIcon) {
    const ix = x + 12;
    c.poly([[ix, y + 3], [ix + 8, y + 17], [ix - 8, y + 17]], true, { fill: '#ffd100', stroke: '#000', lineWidth: 0.6 });
    c.text('!', ix, y + 15.5, { size: 8, bold: true, align: 'center', fill: '#000' });
    tx += 8;
  }
  c.text(l.title, tx, y + 14.5, { size: 10, bold: true, align: 'center', fill: col.fg, maxWidth: w - 40, where: `label ${l.id}` });
  let cy = y + 24;
  const links = l.custom ? [] : linkLines(report, l.lines);
  l.lines.forEach((ln, i) => {
    cy += c.para(ln, x + 6, cy, w - 12, bodyH, { size: 8.5, bold: true, align: 'center', fill: bodyFg, where: `label ${l.id}`, checkId: links[i] }) + 3;
  });
  if (diagH) drawRsdDiagram(c, ctx, l, { x: x + 6, y: y + 20 + bodyH - diagH + 2, w: w - 12, h: diagH - 8 });
  c.para(footer(l), x, y + h - footH, w, footH, { size: 7, fill: '#333', where: `label ${l.id}` });
  c.layer = 'G-ANNO';
  return h;
}

/** Places labels in columns inside a box; throws when they do not fit. */
function labelGrid(c: Canvas, labels: SheetLabel[], box: { x: number; y: number; w: number; h: number }, cols: number, where: string, ctx: SheetContext): void {
  const gap = 12;
  const w = (box.w - gap * (cols - 1)) / cols;
  const colY = Array.from({ length: cols }, () => box.y);
  for (const l of labels) {
    const h = labelHeight(c, l, w);
    let k = 0;
    for (let i = 1; i < cols; i++) if (colY[i]! < colY[k]!) k = i;
    if (colY[k]! + h > box.y + box.h) throw new DrawingOverflow(where, `${labels.length} labels do not fit on ${where}`);
    drawLabel(c, l, box.x + k * (w + gap), colY[k]!, w, ctx);
    colY[k] = colY[k]! + h + gap;
  }
}

const PV5_SIDE_W = 290;
const PV5_GRID = { x: AREA.x, y: AREA.y + 26, w: AREA.w - PV5_SIDE_W - 12, h: AREA.h - 26 };

export function buildPv5(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv5');
  const separate = ctx.pages.some((p) => p.page === 'labels');
  const title = separate ? 'NOTES & SPECIFICATIONS' : 'LABELS & NOTES';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv5', title, number);
  const sideW = PV5_SIDE_W;
  const gridBox = PV5_GRID;
  const labels = [...ctx.labels, ...customStickers(ctx)];
  const leaders = points(reqText(input, 'pv5_custom_leaders'));
  // custom leaders take a band at the foot of the label area and point at the first label
  const leaderBand = leaders.length ? leaders.length * c.sz(7) * 1.9 + 12 : 0;
  if (!separate) {
    c.text(`LABELS AND PLACARDS — ${electricalCodeName(input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true });
    labelGrid(c, labels, { ...gridBox, h: gridBox.h - leaderBand }, 3, number, ctx);
  } else {
    c.text(`LABELS AND PLACARDS: SEE SHEET ${sheetNumber(input, 'labels')}`, AREA.x, AREA.y + 14, { size: 10, bold: true });
  }
  const sx = AREA.x + AREA.w - sideW;
  let y = AREA.y;
  const fmt = [
    'LABELS SHALL BE DURABLE, WEATHER RESISTANT AND SUITABLE FOR THE ENVIRONMENT (110.21(B)).',
    'WARNING LABELS FOLLOW ANSI Z535.4 COLOURS AND SIGNAL WORDS.',
    'LABEL TEXT SHOWN IS MINIMUM; VALUES ARE FROM THE ELECTRICAL CALCULATIONS ON SHEET ' + sheetNumber(input, 'pv4') + '.',
  ];
  // Issue 25: one placard per rapid-shutdown type. A job stored before the intake asked for the existing
  // system's rapid-shutdown type and roof faces says only that solar already exists, so its placard cannot be
  // drawn: say so rather than let the placard speak for the whole building (the API asks for both first).
  const placard = ctx.labels.find(isRsdPlacard);
  if (input.job.existingSolar && !input.job.existingPv && placard) {
    fmt.push(`EXISTING PV SYSTEM ON THE PREMISES: ITS RAPID-SHUTDOWN TYPE AND ARRAY LOCATION ARE NOT IN THE JOB'S DATA. THE ${placard.code} PLACARD SHOWN COVERS THE NEW SYSTEM ONLY; FIELD-VERIFY THE EXISTING SYSTEM AND PROVIDE ITS PLACARD AND ROOF DIAGRAM.`);
  }
  const fh = c.notesHeight(fmt, sideW - 10) + c.sz(9) * 1.8 + 12;
  const fa = c.panel('LABEL REQUIREMENTS', sx, y, sideW, fh);
  c.notes(fmt, fa.x, fa.y, fa.w, fa.h + 2, { where: 'PV-5 label requirements' });
  y += fh + 6;
  const stamps = extraStamps(ctx).map((s) => `${s.title.toUpperCase()} — AT ${s.location.toUpperCase()}`);
  if (stamps.length) {
    const sh = c.notesHeight(stamps, sideW - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
    const sa = c.panel('EQUIPMENT STAMPS', sx, y, sideW, sh);
    c.notes(stamps, sa.x, sa.y, sa.w, sa.h + 2, { numbered: false, where: 'PV-5 stamps' });
    y += sh + 6;
  }
  const cs = points(reqText(input, 'cut_sheet_spec_notes'));
  const csNotes = (cs.length ? cs : DEFAULT_CUT_SHEET_NOTES).map((n) => fillVariables(n, ctx.vars));
  const ch = c.notesHeight(csNotes, sideW - 10) + c.sz(9) * 1.8 + 12;
  const ca = c.panel('CUT SHEET NOTES', sx, y, sideW, ch);
  c.notes(csNotes, ca.x, ca.y, ca.w, ca.h + 2, { where: 'PV-5 cut sheet notes' });
  y += ch + 6;
  y += drawDirectoryMap(c, ctx, { x: sx, y, w: sideW }, AREA.y + AREA.h - y) + 6;
  drawNotesPanel(c, ctx, 'pv5', sheetNotes(ctx, 'pv5'), { x: sx, y, w: sideW, h: AREA.y + AREA.h - y });
  if (leaders.length) drawCustomLeaders(c, ctx, 'pv5', { x: gridBox.x + 20, y: gridBox.y + 10 }, { x: gridBox.x, y: gridBox.y + gridBox.h - leaderBand, w: gridBox.w, h: leaderBand });
  return { key: 'pv5', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/** Whether the set's labels fit PV-5's label area (else they take a sheet of their own). */
export function labelsFitOnPv5(ctx: SheetContext): boolean {
  const c = new Canvas(ctx.m, ctx.minPt, 'PV-5 labels');
  const leaders = points(reqText(ctx.input, 'pv5_custom_leaders'));
  const leaderBand = leaders.length ? leaders.length * c.sz(7) * 1.9 + 12 : 0;
  try {
    labelGrid(c, [...ctx.labels, ...customStickers(ctx)], { ...PV5_GRID, h: PV5_GRID.h - leaderBand }, 3, 'PV-5', ctx);
    return true;
  } catch (e) {
    if (e instanceof DrawingOverflow) return false;
    throw e;
  }
}

export function buildLabelsPage(ctx: SheetContext): Sheet {
  const number = sheetNumber(ctx.input, 'labels');
  const title = 'LABELS & PLACARDS';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'labels', title, number);
  c.text(`LABELS AND PLACARDS — ${electricalCodeName(ctx.input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true });
  labelGrid(c, [...ctx.labels, ...customStickers(ctx)], { x: AREA.x, y: AREA.y + 26, w: AREA.w, h: AREA.h - 26 }, 4, number, ctx);
  return { key: 'labels', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/** Photos for PV-5A: attic photos when attic_photos_on_cad, electrical when electrical_photos_on_cad, at most site_photo_count. */
export function sitePhotoRefs(ctx: SheetContext): { ref: string; name: string }[] {
  const { input } = ctx;
  const max = reqNumber(input, 'site_photo_count', 2);
  const out: { ref: string; name: string }[] = [];
  if (req(input, 'attic_photos_on_cad').on) input.sitePhotos.attic.forEach((p, i) => out.push({ ref: `photo-attic-${i}`, name: p.name }));
  if (req(input, 'electrical_photos_on_cad').on) input.sitePhotos.electrical.forEach((p, i) => out.push({ ref: `photo-electrical-${i}`, name: p.name }));
  return out.slice(0, max);
}

export function buildPv5a(ctx: SheetContext): Sheet {
  const number = sheetNumber(ctx.input, 'pv5a');
  const title = 'SITE PHOTOS';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv5a', title, number);
  const photos = sitePhotoRefs(ctx);
  const cols = photos.length <= 2 ? photos.length : photos.length <= 4 ? 2 : 3;
  const rows = Math.ceil(photos.length / cols);
  const gap = 12;
  const w = (AREA.w - gap * (cols - 1)) / cols;
  const h = (AREA.h - 20 - gap * (rows - 1)) / rows;
  c.text('SITE PHOTOS', AREA.x, AREA.y + 12, { size: 10, bold: true });
  photos.forEach((p, i) => {
    const x = AREA.x + (i % cols) * (w + gap);
    const y = AREA.y + 20 + Math.floor(i / cols) * (h + gap);
    c.rect(x, y, w, h, { lineWidth: 0.8 }, 'G-BORD');
    c.image(p.ref, x + 4, y + 4, w - 8, h - 22);
    c.text(`PHOTO ${i + 1}: ${p.name.toUpperCase()}`, x + 6, y + h - 6, { size: 7, maxWidth: w - 12, where: `${number} photos` });
  });
  return { key: 'pv5a', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/** The power sources and their disconnects the 705.10 directory names, as design equipment kinds. */
const DIRECTORY_KINDS = ['utility_meter', 'main_panel', 'ac_disconnect', 'inverter', 'combiner', 'battery', 'backup_gateway', 'production_meter', 'rsd_initiator'] as const;

/**
 * The 705.10 directory's plan view (issue 25, finding 6): the building with the service and each power
 * source's disconnecting means where the site plan puts them, so the placard shows the locations
 * rather than pointing elsewhere. Returns the height used; refuses when the sheet has no room for it.
 */
function drawDirectoryMap(c: Canvas, ctx: SheetContext, at: { x: number; y: number; w: number }, room: number): number {
  const d = ctx.input.design;
  const eq = d.equipment.filter((e) => (DIRECTORY_KINDS as readonly string[]).includes(e.kind));
  // The PV array is a power source too: drawn where it is on the roof (shaded), as the site plan draws it.
  const legend = [
    ...[...new Set(eq.map((e) => e.kind))].map((k) => `${EQUIPMENT_TAGS[k] ?? k} = ${EQUIPMENT_NAMES[k] ?? k}`),
    ...(d.modules.length ? [`SHADED = PV ARRAY ON THE ROOF (${d.modules.length} MODULES)`] : []),
  ];
  const legendH = c.notesHeight(legend, at.w - 10, { numbered: false });
  const h = 150 + legendH + c.sz(9) * 1.8 + 12;
  if (h > room - 40) throw new DrawingOverflow('PV-5', 'the 705.10 directory map does not fit beside the labels (turn on the separate labels page)');
  const a = c.panel(`705.10 DIRECTORY MAP — POWER SOURCES`, at.x, at.y, at.w, h);
  const box = { x: a.x + 4, y: a.y + 4, w: a.w - 80, h: 142 };
  const v = fitView([...d.site.building, ...eq.map((e) => ({ x: e.x, y: e.y }))], box);
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1.2, fill: '#f4f4f4' }, 'A-SITE');
  drawModules(c, ctx, v, d.roofPlanes);
  // Tags in a column right of the building, spaced to stay legible, each with a leader to its point.
  const placed = eq.map((e) => ({ e, p: v.toP(e) })).sort((m, n) => m.p[1] - n.p[1]);
  const tagX = Math.max(...placed.map((m) => m.p[0]), ...d.site.building.map((b) => v.toP(b)[0])) + 18;
  const step = c.lh(c.sz(6.5)) + 1;
  let ty = Math.max(box.y + 6, (placed[0]?.p[1] ?? box.y) - ((placed.length - 1) * step) / 2);
  for (const { e, p } of placed) {
    c.circle(p[0], p[1], 2.5, { fill: '#c00000' }, 'E-EQPM');
    c.line(p[0], p[1], tagX - 2, ty - 2, { lineWidth: 0.4, stroke: '#c00000' }, 'E-EQPM');
    c.text(EQUIPMENT_TAGS[e.kind] ?? e.kind, tagX, ty, { size: 6.5, bold: true, layer: 'E-EQPM' });
    ty += step;
  }
  drawNorthArrow(c, a.x + a.w - 18, a.y + 24);
  c.notes(legend, a.x, a.y + 150, a.w, legendH + 4, { numbered: false, where: 'PV-5 directory map' });
  return h;
}
