import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import type { Point } from '../input.schema.ts';
import { electricalCodeName, fillVariables, fmtKw, linkLines, points, req, reqNumber, reqText, sheetNumber, TEMPLATE_VERSION } from '../planset.model.ts';
import { DEFAULT_GENERAL_NOTES } from './notes.data.ts';
import { centroid, drawModules, drawNorthArrow, drawScale, EQUIPMENT_NAMES, EQUIPMENT_TAGS, fitView, LOCATION_KIND } from './plan-view.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { evaluateStickerLogic } from '@sunstamp/domain/requirements/sticker-logic.data';
import { drawTitleBlock } from './title-block.sheet.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { orderedService } from './ordered-system.ts';
import { sldEquipment } from './electrical-model.ts';

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
  out.push(`RACKING: ${e.racking.manufacturer} ${e.racking.railModel}; ATTACHMENT: ${e.racking.attachmentModel}`);
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

export function buildPv1(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv1');
  const title = 'COVER & SITE PLAN';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, 'pv1', title, number);
  c.layer = 'G-ANNO';

  // header
  const colW = 300;
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
  y += panelList(c, 'APPLICABLE CODES', applicableCodes(ctx), AREA.x, y, colW) + 6;
  const index = ctx.pages.map((p) => `${p.number}  ${p.title}`);
  const idxH = c.notesHeight(index, colW / 2 - 10, { numbered: false }) / 1 + 30;
  const colsIndex = [index.slice(0, Math.ceil(index.length / 2)), index.slice(Math.ceil(index.length / 2))];
  const ih = Math.max(...colsIndex.map((col) => c.notesHeight(col, colW / 2 - 10, { numbered: false }))) + c.sz(9) * 1.8 + 10;
  void idxH;
  const ia = c.panel('SHEET INDEX', AREA.x, y, colW, ih);
  colsIndex.forEach((col, i) => c.notes(col, ia.x + (i * colW) / 2, ia.y, colW / 2 - 10, ia.h + 2, { numbered: false, where: 'PV-1 sheet index' }));
  y += ih + 6;
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
  c.text(`CROSS-SHEET CONSISTENCY VERIFIED · INPUT ${ctx.inputHash.slice(0, 16)} · TEMPLATE ${TEMPLATE_VERSION}`, sx, AREA.y + AREA.h - 2, { size: 7, bold: true, maxWidth: sw });
  return { key: 'pv1', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

function drawSitePlan(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  const { input } = ctx;
  const d = input.design;
  const all: Point[] = [...d.site.property, ...d.site.building, d.site.street.from, d.site.street.to];
  const v = fitView(all, box);
  drawScale(c, v, box.x - 4, box.y - 26, 'SITE PLAN');
  c.poly(d.site.property.map(v.toP), true, { dash: [10, 3], lineWidth: 1, stroke: '#444' }, 'A-SITE');
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1.6, fill: '#f4f4f4' }, 'A-SITE');
  if (d.site.driveway) c.poly(d.site.driveway.map(v.toP), true, { lineWidth: 0.6, fill: '#eeeeee', stroke: '#888' }, 'A-SITE');
  for (const p of d.roofPlanes) c.poly(p.polygon.map(v.toP), true, { lineWidth: 0.6, stroke: '#555' }, 'A-ROOF');
  drawModules(c, ctx, v, d.roofPlanes);
  // street
  const [a, b] = [v.toP(d.site.street.from), v.toP(d.site.street.to)];
  c.line(a[0], a[1], b[0], b[1], { lineWidth: 2, stroke: '#777' }, 'A-SITE');
  c.text(d.site.street.name.toUpperCase(), (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + 12, { size: 8, bold: true, align: 'center', layer: 'A-SITE' });
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
  for (const { e, p: [px, py] } of order) {
    const ty = Math.max(py, lastY + 15);
    lastY = ty;
    const tag = EQUIPMENT_TAGS[e.kind]!;
    const tw = c.m.width(tag, c.sz(6), true) + 6;
    tagAt.set(e, { y: ty, right: tagX + tw });
    c.circle(px, py, 1.8, { fill: '#000' }, 'E-EQPM');
    c.line(px, py, tagX, ty, { lineWidth: 0.4 }, 'E-EQPM');
    c.rect(tagX, ty - 6, tw, 12, { fill: '#fff', lineWidth: 0.8 }, 'E-EQPM');
    c.text(tag, tagX + tw / 2, ty + 2.5, { size: 6, bold: true, align: 'center', layer: 'E-EQPM' });
  }
  // array label above the building, with a leader to the array
  const arrC = centroid(d.modules.length ? d.modules : d.roofPlanes[0]!.polygon);
  const [ax, ay] = v.toP(arrC);
  const topY = Math.min(...d.site.building.map((p) => v.toP(p)[1])) - 14;
  const lbl = `(${d.modules.length}) PV MODULES`;
  c.line(ax, ay, ax, topY + 2, { lineWidth: 0.4, stroke: '#1f4e79' }, 'E-PV-MODULE');
  c.text(lbl, ax, topY, { size: 8, bold: true, align: 'center', layer: 'E-PV-MODULE', fill: '#1f4e79' });
  // legend + distances in the lower strip of the box
  const legendY = box.y + box.h + 12;
  const kinds = [...new Set(placed.map((e) => e.kind))];
  let lx = box.x;
  for (const k of kinds) {
    const t = `${EQUIPMENT_TAGS[k]} = ${EQUIPMENT_NAMES[k]}`;
    const w = c.m.width(t, c.sz(7)) + 12;
    if (lx + w > box.x + box.w) break;
    c.text(t, lx, legendY, { size: 7, layer: 'G-ANNO' });
    lx += w;
  }
  const dist = distanceNotes(ctx);
  c.text(dist.join('   ·   '), box.x, legendY + 11, { size: 7, layer: 'G-ANNO', maxWidth: box.w });
  // extra stamps (stamp_1..9): boxed callouts at their equipment when their logic holds, right of
  // the tag column (clear of every tag) and stacked, with a leader from the equipment's tag
  const tagsRight = Math.max(tagX, ...[...tagAt.values()].map((t) => t.right));
  const tagsTop = Math.min(box.y + box.h, ...[...tagAt.values()].map((t) => t.y - 6));
  for (const st of extraStamps(ctx)) {
    const e = placed.find((q) => q.kind === LOCATION_KIND[st.location]);
    if (!e) continue;
    const tag = tagAt.get(e)!;
    const w = c.m.width(st.title.toUpperCase(), c.sz(7), true) + 8;
    // beside the tags when it fits there, else stacked above the tag column
    const beside = tagsRight + 14 + w <= box.x + box.w;
    const bx = beside ? tagsRight + 14 : Math.max(box.x, Math.min(tagX, box.x + box.w - w));
    const by = beside ? tag.y - 1 - st.index * 14 : tagsTop - 22 - st.index * 14;
    if (beside) c.line(tag.right, tag.y, bx, by + 2, { lineWidth: 0.5 }, 'G-STMP');
    else c.line(tag.right, tag.y, Math.max(bx + w - 6, tag.right + 6), by + 8, { lineWidth: 0.5 }, 'G-STMP');
    c.rect(bx, by - 4, w, 12, { lineWidth: 0.8, fill: '#fff7d6' }, 'G-STMP');
    c.text(st.title.toUpperCase(), bx + 4, by + 5, { size: 7, bold: true, layer: 'G-STMP' });
  }
  drawCustomLeaders(c, ctx, 'pv1', { x: ax, y: ay }, box);
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
    out.push(`AC DISCONNECT ${acd.toFixed(1)} FT FROM UTILITY METER (MAX ${lim} FT)`);
  }
  const limPv = req(input, 'pv_equipment_distance_to_meter');
  if (typeof limPv.value === 'number') {
    for (const k of ['inverter', 'combiner', 'battery', 'production_meter'] as const) {
      const dd = dist(k);
      if (dd === null) continue;
      if (dd > limPv.value + 1e-9) throw new DrawingOverflow('PV-1', `${EQUIPMENT_NAMES[k]} is ${dd.toFixed(1)} ft from the utility meter; the requirement allows ${limPv.value} ft`);
      out.push(`${EQUIPMENT_NAMES[k]} ${dd.toFixed(1)} FT FROM METER (MAX ${limPv.value} FT)`);
    }
  }
  return out;
}
