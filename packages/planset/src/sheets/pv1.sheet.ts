import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import type { Point } from '../input.schema.ts';
import { attachmentOf, electricalCodeName, fillVariables, fmtKw, linkLines, points, req, reqNumber, reqText, sheetNumber } from '../planset.model.ts';
import { DEFAULT_GENERAL_NOTES } from './notes.data.ts';
import { centroid, drawModules, drawNorthArrow, drawScale, EQUIPMENT_NAMES, EQUIPMENT_TAGS, fitView, LOCATION_KIND } from './plan-view.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { evaluateStickerLogic } from '@sunstamp/domain/requirements/sticker-logic.data';
import { drawTitleBlock } from './title-block.sheet.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { orderedService } from './ordered-system.ts';
import { sldEquipment } from './electrical-model.ts';
import { drawScaleBar, nearestPropertyLine, sideOf } from './dims.ts';
import { clearOfLines, drawSiteDims, setbackDimLines } from './pv1-site-dims.ts';
import { ftIn, ftInOfFt } from '../draw/units.ts';
import type { View } from './plan-view.ts';

/*
 * PV-1: cover and site plan (research/planset.md §1.4 and §8): scope of work with counts and models,
 * project information and design criteria, applicable codes with editions, sheet index, the site plan
 * (property, building, roof, array, equipment with the distances the requirements limit, conduit
 * routes, street, north arrow, scale), general notes, PV-1 notes and the consistency statement.
 */

export { combinerModel, disconnectModel, doubleAcd, productionMeterShown } from './electrical-model.ts';

/**
 * Scope of work: the system size, then every piece of equipment the single-line diagram draws, from
 * the same model (electrical-model.ts sldEquipment), so the two cannot name different equipment.
 */
export function scopeOfWork(ctx: SheetContext): string[] {
  const { input } = ctx;
  const e = input.equipment;
  const r = input.report;
  const out = [`SYSTEM SIZE: ${fmtKw(r.summary.systemDcKw)} kW DC / ${fmtKw(r.summary.systemAcKw)} kW AC`];
  out.push(...sldEquipment(ctx, 'PV-1 scope of work', orderedService(input, 'PV-1 scope of work')).flatMap((q) => q.scope));
  // The attachment of each array as PV-2 and PV-3 draw it (by roofing and the job's choice), with
  // the racking's attachment model when the catalogue names one; never an empty "ATTACHMENT:".
  const arrays = [...new Set(input.design.roofPlanes.map((p) => p.arrayId))];
  const names = [...new Set(arrays.map((id) => attachmentOf(input, id).name))];
  const model = e.racking.attachmentModel ? ` (${e.racking.attachmentModel})` : '';
  out.push(`RACKING: ${e.racking.manufacturer} ${e.racking.railModel}; ATTACHMENT: ${names.length ? names.join(', ') : 'SEE PV-3'}${model}`);
  out.push(`RAPID SHUTDOWN: ${r.equipment.rapidShutdown.toUpperCase()}`);
  return out;
}

export function applicableCodes(ctx: SheetContext): string[] {
  const { input } = ctx;
  const c = input.job.codes;
  const out = [`BUILDING: ${c.building}`];
  if (c.residential) out.push(`RESIDENTIAL: ${c.residential}`);
  if (c.existingBuilding) out.push(`EXISTING BUILDING: ${c.existingBuilding}`);
  out.push(`ELECTRICAL: ${electricalCodeName(input)}`, `FIRE: ${c.fire}`);
  out.push(`STRUCTURAL: ${c.structural ?? input.report.codes.asce}`);
  for (const o of c.other) out.push(o);
  for (const o of points(reqText(input, 'custom_applicable_codes'))) out.push(o);
  return out;
}

function panelList(c: Canvas, title: string, items: string[], x: number, y: number, w: number, size = 7, checkIds?: (string | undefined)[]): number {
  const inner = w - 10;
  const h = c.notesHeight(items, inner, { size, numbered: false }) + c.sz(9) * 1.8 + 10;
  const a = c.panel(title, x, y, w, h);
  c.notes(items, a.x, a.y, a.w, a.h + 2, { size, numbered: false, where: `PV-1 ${title}`, ...(checkIds ? { checkIds } : {}) });
  return h;
}

/** A panel whose short items run in two columns (the first half down the left, the rest down the right). Answers its height. */
function panelTwoColumns(c: Canvas, title: string, items: string[], x: number, y: number, w: number, where: string): number {
  const halves = [items.slice(0, Math.ceil(items.length / 2)), items.slice(Math.ceil(items.length / 2))];
  const h = Math.max(...halves.map((col) => c.notesHeight(col, w / 2 - 10, { numbered: false }))) + c.sz(9) * 1.8 + 10;
  const a = c.panel(title, x, y, w, h);
  halves.forEach((col, i) => c.notes(col, a.x + (i * w) / 2, a.y, w / 2 - 10, a.h + 2, { numbered: false, where }));
  return h;
}

/**
 * PV-1's left column at width colW: header, scope of work, project information, codes and the sheet index. Answers the
 * y under it. `codesIn2`: the applicable codes (short lines) in two columns, as the sheet index is.
 */
function leftColumn(c: Canvas, ctx: SheetContext, colW: number, codesIn2 = false): number {
  const { input } = ctx;
  // header
  c.text('PHOTOVOLTAIC SYSTEM', AREA.x, AREA.y + 12, { size: 13, bold: true, maxWidth: colW });
  c.text(`${input.job.clientName.toUpperCase()} · ${input.job.address.street}, ${input.job.address.city}, ${input.job.address.state} ${input.job.address.zip}`, AREA.x, AREA.y + 28, { size: 8, maxWidth: colW });

  // left column
  let y = AREA.y + 42;
  const scope = scopeOfWork(ctx);
  y += panelList(c, 'SCOPE OF WORK', scope, AREA.x, y, colW, 7, linkLines(input.report, scope)) + 6;
  const dc = input.job.designCriteria;
  const info = [
    `OWNER: ${input.job.clientName.toUpperCase()}`, `CONTRACTOR: ${input.contractor.name.toUpperCase()}, LIC # ${input.contractor.licenseNum}`,
    `AHJ: ${input.job.ahjName}`, `UTILITY: ${input.job.utilityName}${input.job.utilityMeterNumber ? ', METER # ' + input.job.utilityMeterNumber : ''}`,
    `OCCUPANCY: ${dc.occupancy}; CONSTRUCTION TYPE: ${dc.constructionType}${dc.zoning ? '; ZONING: ' + dc.zoning : ''}`,
    `WIND: ${dc.windSpeedMph} MPH, EXPOSURE ${dc.exposure}, RISK CATEGORY ${dc.riskCategory}`,
    `GROUND SNOW LOAD: ${dc.groundSnowLoadPsf} PSF`,
  ];
  y += panelList(c, 'PROJECT INFORMATION & DESIGN CRITERIA', info, AREA.x, y, colW) + 6;
  y += (codesIn2 ? panelTwoColumns(c, 'APPLICABLE CODES', applicableCodes(ctx), AREA.x, y, colW, 'PV-1 APPLICABLE CODES') : panelList(c, 'APPLICABLE CODES', applicableCodes(ctx), AREA.x, y, colW)) + 6;
  const index = ctx.pages.map((p) => `${p.number}  ${p.title}`);
  y += panelTwoColumns(c, 'SHEET INDEX', index, AREA.x, y, colW, 'PV-1 sheet index') + 6;
  return y;
}

export function buildPv1(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv1');
  const title = 'COVER & SITE PLAN';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv1', title, number);
  c.layer = 'G-ANNO';

  // The left column (header, scope, project information, codes, sheet index) is 300 pt wide; where its
  // text outgrows the sheet's height (10 pt text, a system with storage) it widens, the site plan narrows;
  // where it still does at 440 pt, the applicable codes run in two columns (from 300 pt again).
  const fits = (w: number, two: boolean) => leftColumn(new Canvas(ctx.m, ctx.minPt, c.name), ctx, w, two) <= AREA.y + AREA.h;
  let colW = 300;
  while (colW < 440 && !fits(colW, false)) colW += 20;
  const codesIn2 = !fits(colW, false);
  if (codesIn2) { colW = 300; while (colW < 440 && !fits(colW, true)) colW += 20; }
  const y = leftColumn(c, ctx, colW, codesIn2);
  if (y > AREA.y + AREA.h) throw new DrawingOverflow('PV-1', `left column needs ${(y - AREA.y - AREA.h).toFixed(0)} pt more height`);

  // site plan
  const sx = AREA.x + colW + 10;
  const sw = AREA.x + AREA.w - sx;
  // notes under the site plan take what they need (at least 110 pt); the site plan the rest
  const general = points(reqText(input, 'general_notes'));
  const gNotes = (general.length ? general : DEFAULT_GENERAL_NOTES).map((n) => fillVariables(n, ctx.vars));
  const half = sw / 2 - 4;
  const pv1n = sheetNotes(ctx, 'pv1');
  const pv1Items = [...pv1n.warning, ...pv1n.utility, ...pv1n.extra];
  const band = c.sz(9) * 1.8 + 12;
  const nh = Math.max(110, c.notesHeight(gNotes, half - 10) + band, c.notesHeight(pv1Items, half - 10) + band + 3 * c.lh(c.sz(7)));
  const siteBox = { x: sx, y: AREA.y, w: sw, h: AREA.h - nh - 6 - 14 };
  if (siteBox.h < 300) throw new DrawingOverflow('PV-1', `notes need ${nh.toFixed(0)} pt and leave the site plan ${siteBox.h.toFixed(0)} pt`);
  c.rect(siteBox.x, siteBox.y, siteBox.w, siteBox.h, { lineWidth: 1 }, 'G-BORD');
  drawSitePlan(c, ctx, { x: siteBox.x + 14, y: siteBox.y + 44, w: siteBox.w - 28, h: siteBox.h - 76 });
  drawNorthArrow(c, siteBox.x + siteBox.w - 26, siteBox.y + 30);
  const ny = siteBox.y + siteBox.h + 6;
  const ga = c.panel('GENERAL NOTES', sx, ny, half, nh);
  c.notes(gNotes, ga.x, ga.y, ga.w, ga.h, { where: 'PV-1 general notes' });
  drawNotesPanel(c, ctx, 'pv1', pv1n, { x: sx + half + 8, y: ny, w: half, h: nh });
  return { key: 'pv1', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

/** Compass side of a property edge (its outward normal), for the site plan's notes. */
function sideName(poly: Point[], i: number): string {
  const a = poly[i]!;
  const b = poly[(i + 1) % poly.length]!;
  const c0 = centroid(poly);
  let nx = b.y - a.y;
  let ny = -(b.x - a.x);
  if ((c0.x - (a.x + b.x) / 2) * nx + (c0.y - (a.y + b.y) / 2) * ny > 0) { nx = -nx; ny = -ny; }
  const ang = (Math.atan2(nx, ny) * 180) / Math.PI; // 0 = north, 90 = east
  return ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'][Math.round(((ang + 360) % 360) / 45) % 8]!;
}

/**
 * The property line must not run past the street line (issue 24 finding 4): every corner of the
 * property lies on the building's side of the street, or on it.
 */
export function checkStreetLine(ctx: SheetContext): void {
  const { site } = ctx.input.design;
  const { from, to } = site.street;
  const home = sideOf(centroid(site.building), from, to);
  const len = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  for (const p of site.property) {
    const d = sideOf(p, from, to) / len;
    if (d * Math.sign(home) < -0.01) {
      throw new DrawingOverflow('PV-1', `the property line runs past the street line of ${site.street.name} (corner ${ftInOfFt(p.x)}, ${ftInOfFt(p.y)} is ${ftInOfFt(Math.abs(d))} beyond it)`);
    }
  }
}

/**
 * The ordered energy storage is located (issue 25): the battery when the job orders one, the backup gateway
 * when it orders backup. The site plan, the ESS location plan and the 705.10 directory map all show them from
 * these points; a design without them is refused, never drawn without the ESS.
 */
export function checkEssLocated(ctx: SheetContext): void {
  const { input } = ctx;
  const has = (k: string) => input.design.equipment.some((e) => e.kind === k);
  const want = [...(input.equipment.battery ? ['battery'] : []), ...(input.job.backup !== 'Non-Backup' ? ['backup_gateway'] : [])];
  const lost = want.filter((k) => !has(k));
  if (lost.length) throw new DrawingOverflow('PV-1', `the design locates no ${lost.map((k) => `${EQUIPMENT_NAMES[k]!.toLowerCase()} (${EQUIPMENT_TAGS[k]})`).join(' and no ')}: the ordered energy storage is shown on the site plan and the 705.10 directory map, place it on the job's Design page`);
}

/** The site plan's drawing, equipment schedule and locator, in the site plan's box. */
function drawSitePlan(c: Canvas, ctx: SheetContext, outer: { x: number; y: number; w: number; h: number }): void {
  const { input } = ctx;
  const d = input.design;
  checkStreetLine(ctx);
  checkEssLocated(ctx);
  // right strip: the locator and the equipment schedule; the plan keeps a margin for its dimensions
  // wider where the AHJ asks for larger text (min_text_size)
  const stripW = 176 + (c.sz(8) - 8) * 22;
  const strip = { x: outer.x + outer.w - stripW, y: outer.y, w: stripW };
  const box = { x: outer.x + 26, y: outer.y + 20, w: outer.w - stripW - 60, h: outer.h - 40 };
  const all: Point[] = [...d.site.property, ...d.site.building, d.site.street.from, d.site.street.to];
  const v = fitView(all, box);
  drawScale(c, v, outer.x - 4, outer.y - 26, 'SITE PLAN');
  drawScaleBar(c, v.s, outer.x + 170, outer.y - 30);
  c.poly(d.site.property.map(v.toP), true, { dash: [10, 3], lineWidth: 1, stroke: '#444' }, 'A-SITE');
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1.6, fill: '#f4f4f4' }, 'A-SITE');
  if (d.site.driveway) c.poly(d.site.driveway.map(v.toP), true, { lineWidth: 0.6, fill: '#eeeeee', stroke: '#888' }, 'A-SITE');
  for (const p of d.roofPlanes) c.poly(p.polygon.map(v.toP), true, { lineWidth: 0.6, stroke: '#555' }, 'A-ROOF');
  drawModules(c, ctx, v, d.roofPlanes);
  // street
  const [a, b] = [v.toP(d.site.street.from), v.toP(d.site.street.to)];
  c.line(a[0], a[1], b[0], b[1], { lineWidth: 2, stroke: '#777' }, 'A-SITE');
  c.text(`${d.site.street.name.toUpperCase()} (STREET)`, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 12, { size: 8, bold: true, align: 'center', layer: 'A-SITE' });
  // conduit runs
  for (const r of d.runs) c.poly(r.route.map(v.toP), false, { dash: [4, 2], stroke: '#c00000', lineWidth: 1 }, 'E-COND');
  // equipment: a dot at each location, its tag in a column beside the building with a leader, spaced
  // so tags never overlap however close the equipment stands
  const placed = d.equipment;
  const bx = Math.max(...d.site.building.map((p) => v.toP(p)[0]));
  const tagX = Math.min(bx + 40, box.x + box.w - 40);
  const order = placed.map((e) => ({ e, p: v.toP(e) })).sort((a, b) => a.p[1] - b.p[1]);
  let lastY = -Infinity;
  const tagAt = new Map<(typeof placed)[number], { y: number; right: number }>();
  // the setback dimensions are drawn later, straight from the array or the equipment to the property
  // line: a tag never sits on one (a plan checker read "JB" under the meter's setback line)
  const setbacks = setbackDimLines(ctx, v);
  for (const { e, p: [px, py] } of order) {
    const tagH = Math.max(12, c.sz(6) + 4);
    const tag = EQUIPMENT_TAGS[e.kind]!;
    const tw = c.m.width(tag, c.sz(6), true) + 6;
    const ty = clearOfLines(Math.max(py, lastY + tagH + 3), tagH, tagX, tagX + tw, setbacks);
    lastY = ty;
    tagAt.set(e, { y: ty, right: tagX + tw });
    c.circle(px, py, 1.8, { fill: '#000' }, 'E-EQPM');
    c.line(px, py, tagX, ty, { lineWidth: 0.4 }, 'E-EQPM');
    c.rect(tagX, ty - tagH / 2, tw, tagH, { fill: '#fff', lineWidth: 0.8 }, 'E-EQPM');
    c.text(tag, tagX + tw / 2, ty + c.m.capHeight * c.sz(6) / 2, { size: 6, bold: true, align: 'center', layer: 'E-EQPM' });
  }
  // array label above the building, with a leader to the array
  const arrC = centroid(d.modules.length ? d.modules : d.roofPlanes[0]!.polygon);
  const [ax, ay] = v.toP(arrC);
  const topY = Math.min(...d.site.building.map((p) => v.toP(p)[1])) - 14;
  const lbl = `(${d.modules.length}) PV MODULES`;
  c.line(ax, ay, ax, topY + 2, { lineWidth: 0.4, stroke: '#1f4e79' }, 'E-PV-MODULE');
  c.text(lbl, ax, topY, { size: 8, bold: true, align: 'center', layer: 'E-PV-MODULE', fill: '#1f4e79' });
  // the building's label below its footprint
  const by = Math.max(...d.site.building.map((p) => v.toP(p)[1]));
  const bcx = v.toP(centroid(d.site.building))[0];
  c.text('(E) RESIDENCE', bcx, by + 24, { size: 8, bold: true, align: 'center', layer: 'A-SITE' });
  // limits the requirements set, under the plan
  const dist = distanceNotes(ctx);
  if (dist.length) c.text(dist.join('   ·   '), outer.x, outer.y + outer.h + 14, { size: 8, layer: 'G-ANNO', maxWidth: outer.w });
  let sy = drawLocator(c, ctx, { x: strip.x, y: strip.y, w: strip.w, h: 128 }) + 6;
  sy += drawEquipmentSchedule(c, ctx, { x: strip.x, y: sy, w: strip.w }) + 6;
  // extra stamps (stamp_1..9): boxed callouts, when their logic holds, in the side strip under the
  // equipment schedule (clear of the plan and its dimensions), each with a leader from its
  // equipment's tag; a long title wraps in the strip
  let stampY = sy + 4;
  const ss = c.sz(7);
  for (const st of extraStamps(ctx)) {
    const e = placed.find((q) => q.kind === LOCATION_KIND[st.location]);
    if (!e) continue;
    const tag = tagAt.get(e)!;
    const lines = c.m.wrap(st.title.toUpperCase(), ss, strip.w - 8, true);
    const h = lines.length * c.lh(ss) + 4;
    c.line(tag.right, tag.y, strip.x, stampY + h / 2, { lineWidth: 0.5 }, 'G-STMP');
    c.rect(strip.x, stampY, strip.w, h, { lineWidth: 0.8, fill: '#fff7d6' }, 'G-STMP');
    lines.forEach((ln, i) => c.text(ln, strip.x + 4, stampY + 2 + c.m.capHeight * ss + i * c.lh(ss) + (c.lh(ss) - ss) / 2, { size: 7, bold: true, layer: 'G-STMP' }));
    stampY += h + 6;
  }
  if (stampY > outer.y + outer.h) throw new DrawingOverflow('PV-1', `the stamp callouts need ${(stampY - outer.y - outer.h).toFixed(0)} pt more in the site plan's side strip`);
  drawCustomLeaders(c, ctx, 'pv1', { x: ax, y: ay }, box);
  // dimensions last: each finds a place clear of every text already drawn
  drawSiteDims(c, ctx, v, { x0: outer.x, y0: outer.y - 8, x1: strip.x - 6, y1: outer.y + outer.h });
}

export interface ExtraStamp { key: string; index: number; title: string; location: string }
export function extraStamps(ctx: SheetContext): ExtraStamp[] {
  const out: ExtraStamp[] = [];
  for (let i = 1; i <= 9; i++) {
    const r = req(ctx.input, `stamp_${i}`);
    if (!r.on || !r.value || typeof r.value !== 'object') continue;
    const v = r.value as Record<string, unknown>;
    const logic = String(v.logic ?? 'always');
    if (evaluateStickerLogic(logic, ctx.facts) !== true) continue;
    out.push({ key: `stamp_${i}`, index: out.length, title: String(v.title ?? ''), location: String(v.location ?? 'Utility Meter') });
  }
  return out;
}

export function distanceNotes(ctx: SheetContext): string[] {
  const { input } = ctx;
  const eq = input.design.equipment;
  const meter = eq.find((e) => e.kind === 'utility_meter');
  const out: string[] = [];
  if (!meter) return out;
  const dist = (k: string) => {
    const e = eq.find((q) => q.kind === k);
    return e ? Math.hypot(e.x - meter.x, e.y - meter.y) : null;
  };
  const acd = dist('ac_disconnect');
  if (acd !== null && input.report.equipment.acDisconnect.required) {
    const lim = reqNumber(input, 'ac_disconnect_distance_to_meter', 10);
    if (acd > lim + 1e-9) throw new DrawingOverflow('PV-1', `AC disconnect is ${acd.toFixed(1)} ft from the utility meter; the requirement allows ${lim} ft`);
    out.push(`AC DISCONNECT ${ftIn(acd * 12, 2)} FROM UTILITY METER (MAX ${ftIn(lim * 12, 2)})`);
  }
  const limPv = req(input, 'pv_equipment_distance_to_meter');
  if (typeof limPv.value === 'number') {
    for (const k of ['inverter', 'combiner', 'battery', 'production_meter'] as const) {
      const dd = dist(k);
      if (dd === null) continue;
      if (dd > limPv.value + 1e-9) throw new DrawingOverflow('PV-1', `${EQUIPMENT_NAMES[k]} is ${dd.toFixed(1)} ft from the utility meter; the requirement allows ${limPv.value} ft`);
      out.push(`${EQUIPMENT_NAMES[k]} ${ftIn(dd * 12, 2)} FROM METER (MAX ${ftIn(limPv.value * 12, 2)})`);
    }
  }
  return out;
}

/**
 * A locator inset: the lot on its street, north up, not to scale, with the address and, when the
 * job has them, its coordinates. It shows only what the job records (no map is invented).
 */
function drawLocator(c: Canvas, ctx: SheetContext, r: { x: number; y: number; w: number; h: number }): number {
  const { job, design } = ctx.input;
  const a = c.panel('VICINITY / LOCATOR (N.T.S.)', r.x, r.y, r.w, r.h);
  const lines = [`${job.address.street.toUpperCase()}`, `${job.address.city.toUpperCase()}, ${job.address.state} ${job.address.zip}`];
  if (job.latitude !== undefined && job.longitude !== undefined) {
    lines.push(`${Math.abs(job.latitude).toFixed(4)}° ${job.latitude >= 0 ? 'N' : 'S'}, ${Math.abs(job.longitude).toFixed(4)}° ${job.longitude >= 0 ? 'E' : 'W'}`);
  }
  const lh = c.lh(c.sz(8));
  const textH = lines.length * lh;
  const map = { x: a.x, y: a.y, w: a.w, h: a.h - textH - 4 };
  // the lot small in the middle (a quarter of the inset's width), the street run across the inset
  const site = design.site.property;
  const xs = site.map((p) => p.x);
  const ys = site.map((p) => p.y);
  const lotW = Math.max(1, Math.max(...xs) - Math.min(...xs));
  const lotH = Math.max(1, Math.max(...ys) - Math.min(...ys));
  const k = Math.min((map.w * 0.22) / lotW, (map.h * 0.35) / lotH);
  const cx0 = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy0 = (Math.max(...ys) + Math.min(...ys)) / 2;
  const v = { s: k, toP: (p: Point): [number, number] => [map.x + map.w / 2 + (p.x - cx0) * k, map.y + map.h / 2 - (p.y - cy0) * k] };
  const s0 = design.site.street;
  const len = Math.hypot(s0.to.x - s0.from.x, s0.to.y - s0.from.y) || 1;
  const ux = (s0.to.x - s0.from.x) / len;
  const uy = (s0.to.y - s0.from.y) / len;
  const far = (map.w / v.s) * 2;
  const p0 = v.toP({ x: s0.from.x - ux * far, y: s0.from.y - uy * far });
  const p1 = v.toP({ x: s0.to.x + ux * far, y: s0.to.y + uy * far });
  // the street clipped to the inset (Liang–Barsky on the map box)
  let t0 = 0;
  let t1 = 1;
  const ddx = p1[0] - p0[0];
  const ddy = p1[1] - p0[1];
  for (const [pp, qq] of [[-ddx, p0[0] - map.x], [ddx, map.x + map.w - p0[0]], [-ddy, p0[1] - map.y], [ddy, map.y + map.h - p0[1]]] as [number, number][]) {
    if (pp === 0) continue;
    const t = qq / pp;
    if (pp < 0) t0 = Math.max(t0, t); else t1 = Math.min(t1, t);
  }
  const q0: [number, number] = [p0[0] + ddx * t0, p0[1] + ddy * t0];
  const q1: [number, number] = [p0[0] + ddx * t1, p0[1] + ddy * t1];
  c.line(q0[0], q0[1], q1[0], q1[1], { lineWidth: 3, stroke: '#999' }, 'A-SITE');
  c.poly(design.site.property.map(v.toP), true, { lineWidth: 0.8, fill: '#c00000', stroke: '#c00000' }, 'A-SITE');
  const pc = v.toP(centroid(design.site.property));
  const top = Math.min(...design.site.property.map((p) => v.toP(p)[1]));
  c.text('SITE', pc[0], top - 3, { size: 8, bold: true, align: 'center', fill: '#c00000', layer: 'A-SITE' });
  c.text(s0.name.toUpperCase(), map.x + 2, Math.min(map.y + map.h - 2, Math.max(q0[1], q1[1]) + 11), { size: 8, layer: 'A-SITE', maxWidth: map.w - 4 });
  drawNorthArrowSmall(c, map.x + map.w - 10, map.y + 14);
  lines.forEach((t, i) => c.text(t, a.x, a.y + a.h - textH + (i + 0.8) * lh, { size: 8, maxWidth: a.w, layer: 'G-ANNO' }));
  return r.y + r.h;
}

function drawNorthArrowSmall(c: Canvas, x: number, y: number): void {
  c.poly([[x, y - 8], [x + 4, y + 5], [x, y + 2], [x - 4, y + 5]], true, { fill: '#000', lineWidth: 0.4 }, 'G-ANNO');
  c.text('N', x - 12, y + 3, { size: 8, bold: true, layer: 'G-ANNO' });
}

/** The equipment located on the site plan: tag, name, distance to the nearest property line (and which), and from the meter. */
function drawEquipmentSchedule(c: Canvas, ctx: SheetContext, r: { x: number; y: number; w: number }): number {
  const d = ctx.input.design;
  const meter = d.equipment.find((e) => e.kind === 'utility_meter');
  const rows = d.equipment.filter((e) => e.kind !== 'junction_box' && e.kind !== 'rsd_initiator').map((e) => {
    const n = nearestPropertyLine([e], d.site.property);
    return [EQUIPMENT_TAGS[e.kind]!, EQUIPMENT_NAMES[e.kind]!, `${ftIn(n.d * 12, 2)} ${sideName(d.site.property, n.edge)}`, meter ? ftIn(Math.hypot(e.x - meter.x, e.y - meter.y) * 12, 2) : '—'];
  });
  const headers = ['TAG', 'EQUIPMENT', 'TO P.L.', 'TO UM'];
  const inner = r.w - 10;
  const widths = [26, inner - 26 - 44 - 36, 44, 36];
  const h = c.tableHeight(headers, rows, widths) + c.sz(9) * 1.8 + 12;
  const a = c.panel('EQUIPMENT LOCATIONS', r.x, r.y, r.w, h);
  c.table(headers, rows, a.x, a.y, widths, { where: 'PV-1 equipment locations' });
  return h;
}
