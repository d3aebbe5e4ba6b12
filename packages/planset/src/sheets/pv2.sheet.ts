import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import type { Point, RoofPlane } from '../input.schema.ts';
import { PATHWAY_IN, sectionOf } from '../layout/fire-setbacks.rules.ts';
import { planeFrame, pointInPolygon, polygonArea, toPlan, toPlane } from '../layout/plane-geometry.ts';
import { rafterLinesU } from '@sunstamp/domain/design/attachment-layout.rules';
import { attachmentOf, check, linkLines, roofMaterialName, sheetNumber } from '../planset.model.ts';
import { centroid, drawModules, drawNorthArrow, drawScale, EQUIPMENT_TAGS, fitView, type View } from './plan-view.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { ftIn, ftInOfFt, num } from '../draw/units.ts';

/*
 * PV-2: roof plan and array layout (research/planset.md §1.5): roof planes with pitch and azimuth,
 * the modules as placed (count = the report's), the fire setbacks and pathways of the adopted code
 * dimensioned with the coverage that decides 18 or 36 in, rafters and attachment points, J-box and
 * roof conduit, PV-2 notes. A module inside a setback fails the sheet (pv2_failed) by name.
 */

const cosd = (d: number) => Math.cos((d * Math.PI) / 180);

/** The longest span between attachments drawn on an array's rails (the report's rail-span check took this one), in. */
export function attachmentSpacingIn(ctx: SheetContext, arrayId: string): number {
  return ctx.rails.byArray.get(arrayId)?.longestSpan.in ?? 0;
}

/** The longest cantilever drawn on an array's rails, in. */
export function cantileverIn(ctx: SheetContext, arrayId: string): number {
  return ctx.rails.byArray.get(arrayId)?.longestCantilever.in ?? 0;
}

/** Attachments as the design places them (the layout rule's, or the designer's), on rafters under the rails. */
export function attachmentPoints(ctx: SheetContext, plane: RoofPlane): Point[] {
  return ctx.input.design.attachments.filter((a) => a.planeId === plane.id);
}

function edgeLabel(kind: string, inches: number, pathway: boolean): string {
  if (pathway) return `${ftIn(inches)} PATHWAY`;
  return `${ftIn(inches)} ${kind.toUpperCase()}`;
}

/**
 * Roof equipment (junction box, rapid-shutdown initiator) inside a fire setback or pathway of the
 * plane it stands on: a pathway must stay clear (issue 24 finding 4), so each one fails PV-2 by name.
 */
export function roofEquipmentInAccess(ctx: SheetContext): string[] {
  const d = ctx.input.design;
  const out: string[] = [];
  for (const q of d.equipment.filter((x) => x.kind === 'junction_box' || x.kind === 'rsd_initiator')) {
    for (const plane of d.roofPlanes) {
      if (!pointInPolygon(q, plane.polygon)) continue;
      const acc = ctx.access.access.find((a) => a.planeId === plane.id);
      if (!acc) continue;
      const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
      const poly = plane.polygon.map((p) => toPlane(f, p));
      const at = toPlane(f, q);
      poly.forEach((a, i) => {
        const dIn = acc.edgeSetbacksIn[i] ?? 0;
        if (dIn <= 0) return;
        const b = poly[(i + 1) % poly.length]!;
        const vx = b.x - a.x;
        const vy = b.y - a.y;
        const l2 = vx * vx + vy * vy || 1;
        const t = Math.max(0, Math.min(1, ((at.x - a.x) * vx + (at.y - a.y) * vy) / l2));
        // plane coordinates are inches on the roof surface
        const dist = Math.hypot(at.x - (a.x + vx * t), at.y - (a.y + vy * t));
        if (dist < dIn - 0.5) {
          const what = acc.pathwayEdges.includes(i) ? 'pathway' : `${plane.edges[i]} setback`;
          out.push(`the ${q.kind === 'junction_box' ? 'junction box' : 'rapid shutdown initiator'} at (${ftInOfFt(q.x)}, ${ftInOfFt(q.y)}) is ${ftIn(dist)} from the ${plane.edges[i]} of ${plane.name}, inside its ${ftIn(dIn)} ${what}; move it out of the pathway`);
        }
      });
    }
  }
  return out;
}

function drawPlaneAccess(c: Canvas, ctx: SheetContext, v: View, plane: RoofPlane, setbacks: number[], pathways: number[], labels: { x: number; y: number; w: number }[]): void {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const poly = plane.polygon.map((p) => toPlane(f, p));
  const ctr = centroid(poly);
  for (let i = 0; i < poly.length; i++) {
    const d = setbacks[i] ?? 0;
    if (d <= 0) continue;
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    let n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if ((ctr.x - mid.x) * n.x + (ctr.y - mid.y) * n.y < 0) n = { x: -n.x, y: -n.y };
    // the offset edge, clipped to the part that lies inside the plane
    const at = (t: number) => ({ x: a.x + (b.x - a.x) * t + n.x * d, y: a.y + (b.y - a.y) * t + n.y * d });
    const inside = Array.from({ length: 101 }, (_, k) => k / 100).filter((t) => pointInPolygon(at(t), poly));
    if (inside.length < 2) continue;
    const pa = v.toP(toPlan(f, at(inside[0]!)));
    const pb = v.toP(toPlan(f, at(inside[inside.length - 1]!)));
    c.line(pa[0], pa[1], pb[0], pb[1], { dash: [5, 3], stroke: '#c00000', lineWidth: 0.9 }, 'A-ROOF-SETBACK');
    const t = edgeLabel(plane.edges[i]!, d, pathways.includes(i));
    const s = c.sz(6);
    const w = c.m.width(t, s);
    // the setback dimensioned: a line across it from the edge to the setback line, ticked at both ends
    const ta = inside[Math.floor(inside.length * 0.12)]!;
    const e0 = v.toP(toPlan(f, { x: a.x + (b.x - a.x) * ta, y: a.y + (b.y - a.y) * ta }));
    const e1 = v.toP(toPlan(f, at(ta)));
    c.line(e0[0], e0[1], e1[0], e1[1], { stroke: '#c00000', lineWidth: 0.5 }, 'A-ROOF-SETBACK');
    const el = Math.hypot(e1[0] - e0[0], e1[1] - e0[1]) || 1;
    const [ex, ey] = [(e1[0] - e0[0]) / el, (e1[1] - e0[1]) / el];
    for (const p of [e0, e1]) c.line(p[0] - (ex + ey) * 2.5, p[1] - (ey - ex) * 2.5, p[0] + (ex + ey) * 2.5, p[1] + (ey - ex) * 2.5, { stroke: '#c00000', lineWidth: 0.8 }, 'A-ROOF-SETBACK');
    const mp = v.toP(toPlan(f, { x: mid.x + n.x * d * 0.5, y: mid.y + n.y * d * 0.5 }));
    let tx = mp[0] - w / 2;
    let ty = mp[1] + s * 0.35;
    // keep setback labels from landing on one another
    for (let k = 0; k < 6 && labels.some((l) => Math.abs(l.y - ty) < s * 1.3 && tx < l.x + l.w && l.x < tx + w); k++) ty += s * 1.4;
    labels.push({ x: tx, y: ty, w });
    c.rect(tx - 1.5, ty - s * 0.85, w + 3, s * 1.15, { fill: '#fff', stroke: 'none', lineWidth: 0 }, 'A-ROOF-SETBACK');
    c.text(t, tx, ty, { size: s, fill: '#c00000', layer: 'A-ROOF-SETBACK' });
    void tx;
    tx = 0;
  }
}

type Box = { x0: number; y0: number; x1: number; y1: number };
const boundsOf = (pts: readonly [number, number][]): Box => ({
  x0: Math.min(...pts.map((q) => q[0])), y0: Math.min(...pts.map((q) => q[1])), x1: Math.max(...pts.map((q) => q[0])), y1: Math.max(...pts.map((q) => q[1])),
});

/** The point nearest `from`, inside `poly` with its whole w × h box (centred on x, baseline-ish on y), whose box meets no obstacle. */
function clearSpot(poly: [number, number][], from: [number, number], w: number, h: number, obstacles: Box[]): [number, number] {
  const b = boundsOf(poly);
  const fits = (x: number, y: number) => {
    const r = { x0: x - w / 2, y0: y - h * 0.75, x1: x + w / 2, y1: y + h * 0.25 };
    const corners: Point[] = [{ x: r.x0, y: r.y0 }, { x: r.x1, y: r.y0 }, { x: r.x1, y: r.y1 }, { x: r.x0, y: r.y1 }];
    const shape = poly.map(([px, py]) => ({ x: px, y: py }));
    return corners.every((q) => pointInPolygon(q, shape)) && !obstacles.some((o) => r.x0 < o.x1 && o.x0 < r.x1 && r.y0 < o.y1 && o.y0 < r.y1);
  };
  if (fits(from[0], from[1])) return from;
  let best: [number, number] | null = null;
  let bestD = Infinity;
  const step = 4;
  for (let y = b.y0; y <= b.y1; y += step) {
    for (let x = b.x0; x <= b.x1; x += step) {
      const dd = (x - from[0]) ** 2 + (y - from[1]) ** 2;
      if (dd < bestD && fits(x, y)) { best = [x, y]; bestD = dd; }
    }
  }
  return best ?? from;
}

function drawRafters(c: Canvas, v: View, plane: RoofPlane): void {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  const poly = plane.polygon.map((p) => toPlane(f, p));
  for (const u of rafterLinesU(plane)) {
    const ys: number[] = [];
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      if ((a.x - u) * (b.x - u) <= 0 && a.x !== b.x) ys.push(a.y + ((u - a.x) * (b.y - a.y)) / (b.x - a.x));
    }
    if (ys.length < 2) continue;
    const p = v.toP(toPlan(f, { x: u, y: Math.min(...ys) }));
    const q = v.toP(toPlan(f, { x: u, y: Math.max(...ys) }));
    c.line(p[0], p[1], q[0], q[1], { dash: [2, 3], stroke: '#9a9a9a', lineWidth: 0.4 }, 'S-FRAM');
  }
}

/** Each rail as a thin line between its ends (the attachments sit on it). */
function drawRails(c: Canvas, ctx: SheetContext, v: View, plane: RoofPlane): void {
  const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
  for (const r of ctx.rails.rails.filter((x) => x.planeId === plane.id)) {
    const a = v.toP(toPlan(f, { x: r.e0, y: r.v }));
    const b = v.toP(toPlan(f, { x: r.e1, y: r.v }));
    c.line(a[0], a[1], b[0], b[1], { stroke: '#555', lineWidth: 0.5 }, 'S-ATTACH');
  }
}

// eslint-disable-next-line max-lines-per-function -- sheet layout: PV-2's panels placed top-down on one canvas and cursor
export function buildPv2(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv2');
  const title = 'ROOF PLAN & ARRAY LAYOUT';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  const d = input.design;
  const e = input.equipment;

  const dcFromLayout = (d.modules.length * e.module.pmaxW) / 1000;
  if (Math.abs(dcFromLayout - input.report.summary.systemDcKw) > 0.0015) {
    throw new DrawingOverflow('PV-2', `the layout holds ${d.modules.length} modules (${dcFromLayout.toFixed(2)} kW DC); the engineering report has ${input.report.summary.systemDcKw} kW DC`);
  }
  const orphan = d.modules.find((m) => !d.roofPlanes.some((p) => p.id === m.planeId));
  if (orphan) throw new DrawingOverflow('PV-2', `module ${orphan.id} is on roof plane ${orphan.planeId}, which the design does not have`);
  if (ctx.access.violations.length) {
    const v = ctx.access.violations[0]!;
    throw new DrawingOverflow('PV-2', `module ${v.moduleId} is ${v.reason} (${ctx.access.violations.length} module(s) inside a fire setback)`);
  }
  // The rails drawn must be the rails the engineering report checked (check/rails.check.ts).
  const rp = ctx.rails.problems;
  if (rp.length) throw new DrawingOverflow('PV-2', `${rp[0]}${rp.length > 1 ? ` (+${rp.length - 1} more)` : ''}`);
  const inPathway = roofEquipmentInAccess(ctx);
  if (inPathway.length) throw new DrawingOverflow('PV-2', `${inPathway[0]}${inPathway.length > 1 ? ` (+${inPathway.length - 1} more)` : ''}`);
  drawTitleBlock(c, ctx, 'pv2', title, number);

  const sideW = 276;
  const box = { x: AREA.x + 10, y: AREA.y + 44, w: AREA.w - sideW - 30, h: AREA.h - 60 };
  c.rect(AREA.x, AREA.y, AREA.w - sideW - 10, AREA.h, { lineWidth: 1 }, 'G-BORD');
  const v = fitView(d.roofPlanes.flatMap((p) => p.polygon), box);
  drawScale(c, v, AREA.x + 10, AREA.y + 18, 'ROOF PLAN');
  drawNorthArrow(c, AREA.x + AREA.w - sideW - 40, AREA.y + 30);
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1.4, stroke: '#333' }, 'A-SITE');
  for (const p of d.roofPlanes) {
    c.poly(p.polygon.map(v.toP), true, { lineWidth: 1, stroke: '#000', fill: '#fafafa' }, 'A-ROOF');
    if (d.modules.some((m) => m.planeId === p.id)) drawRafters(c, v, p);
  }
  // ridges/hips/valleys thicker
  for (const p of d.roofPlanes) {
    p.edges.forEach((k, i) => {
      if (k !== 'ridge' && k !== 'hip' && k !== 'valley') return;
      const a = v.toP(p.polygon[i]!);
      const b = v.toP(p.polygon[(i + 1) % p.polygon.length]!);
      c.line(a[0], a[1], b[0], b[1], { lineWidth: 1.6 }, 'A-ROOF');
    });
  }
  drawModules(c, ctx, v, d.roofPlanes, '#dce6f2');
  const labels: { x: number; y: number; w: number }[] = [];
  // plane tags: placed first so setback labels keep clear of them, drawn last (on top)
  const tags: (() => void)[] = [];
  // A tag goes where it covers no module: the point of the plane nearest its centroid whose tag
  // box clears every module (the centroid itself when nothing is there).
  const moduleBoxes = c.prims.flatMap((q) => (q.kind === 'poly' && q.layer === 'E-PV-MODULE' ? [boundsOf(q.points)] : []));
  for (const p of d.roofPlanes) {
    const n = d.modules.filter((m) => m.planeId === p.id).length;
    const t = `${p.name.toUpperCase()}: ${n} MOD`;
    const s = c.sz(7);
    const w = c.m.width(t, s, true);
    const [x, y] = clearSpot(p.polygon.map(v.toP), v.toP(centroid(p.polygon)), w + 4, s * 1.35, moduleBoxes);
    labels.push({ x: x - w / 2 - 2, y: y + s * 0.1, w: w + 4 });
    tags.push(() => {
      c.rect(x - w / 2 - 2, y - s, w + 4, s * 1.35, { fill: '#fff', lineWidth: 0.5 }, 'G-ANNO');
      c.text(t, x, y + s * 0.1, { size: s, bold: true, align: 'center' });
    });
  }
  // the roof equipment tags (drawn below) are places setback labels keep clear of too
  const roofTags = d.equipment.filter((x) => x.kind === 'junction_box' || x.kind === 'rsd_initiator');
  for (const q of roofTags) {
    const [x, y] = v.toP(q);
    const tw = c.m.width(EQUIPMENT_TAGS[q.kind]!, c.sz(6), true) + 5;
    // the 12 pt box, as two label rows (the overlap test compares baselines)
    labels.push({ x: x - tw / 2, y: y - 2, w: tw }, { x: x - tw / 2, y: y + 5, w: tw });
  }
  for (const p of d.roofPlanes) {
    if (!d.modules.some((m) => m.planeId === p.id)) continue;
    const acc = ctx.access.access.find((a) => a.planeId === p.id)!;
    drawPlaneAccess(c, ctx, v, p, acc.edgeSetbacksIn, acc.pathwayEdges, labels);
  }
  for (const p of d.roofPlanes) drawRails(c, ctx, v, p);
  for (const p of d.roofPlanes) {
    for (const a of attachmentPoints(ctx, p)) {
      const [x, y] = v.toP(a);
      c.circle(x, y, 1.6, { fill: '#000', lineWidth: 0.3 }, 'S-ATTACH');
    }
  }
  for (const o of d.obstructions) {
    const [x, y] = v.toP(o);
    c.circle(x, y, Math.max(2, (o.diameterFt * v.s) / 2), { lineWidth: 0.6, fill: '#ddd' }, 'A-ROOF-OBST');
  }
  for (const r of d.runs) c.poly(r.route.map(v.toP), false, { dash: [4, 2], stroke: '#c00000', lineWidth: 1 }, 'E-COND');
  for (const q of roofTags) {
    const [x, y] = v.toP(q);
    const tw = c.m.width(EQUIPMENT_TAGS[q.kind]!, c.sz(6), true) + 5;
    c.rect(x - tw / 2, y - 6, tw, 12, { fill: '#fff', lineWidth: 0.8 }, 'E-EQPM');
    c.text(EQUIPMENT_TAGS[q.kind]!, x, y + 2.5, { size: 6, bold: true, align: 'center', layer: 'E-EQPM' });
  }
  for (const t of tags) t();
  const firstMods = d.modules[0];
  drawCustomLeaders(c, ctx, 'pv2', firstMods ? { x: v.toP(firstMods)[0], y: v.toP(firstMods)[1] } : { x: box.x + box.w / 2, y: box.y + box.h / 2 }, box);

  // side panels
  const sx = AREA.x + AREA.w - sideW;
  let y = AREA.y;
  const rows = d.roofPlanes.map((p) => [
    p.name.toUpperCase(), `${p.pitchDeg}°`, `${p.azimuthDeg}°`, String(d.modules.filter((m) => m.planeId === p.id).length),
    (d.modules.find((m) => m.planeId === p.id)?.orientation ?? '—').toUpperCase(), roofMaterialName(p.material),
  ]);
  const planeHeaders = ['PLANE', 'PITCH', 'AZIM.', 'MODS', 'ORIENT.', 'ROOF'];
  const planeWidths = [48, 34, 34, 30, 52, sideW - 10 - 198];
  const th = c.tableHeight(planeHeaders, rows, planeWidths) + c.sz(9) * 1.8 + 12;
  const ta = c.panel('ROOF PLANES', sx, y, sideW, th);
  c.table(planeHeaders, rows, ta.x, ta.y, planeWidths, { where: 'PV-2 roof planes' });
  y += th + 6;

  const acc = ctx.access;
  const roofArea = d.roofPlanes.reduce((s, p) => s + polygonArea(p.polygon), 0);
  const arrayArea = d.modules.reduce((s, m) => {
    const p = d.roofPlanes.find((q) => q.id === m.planeId)!;
    return s + ((e.module.lengthIn * e.module.widthIn) / 144) * cosd(p.pitchDeg);
  }, 0);
  const fc = input.job.fireCode;
  const fire = acc.rule.exempt
    ? [`ROOF SLOPE 2:12 OR LESS: NO ROOF ACCESS SETBACKS REQUIRED (${sectionOf(fc, 'exempt')}).`]
    : [
      `FIRE CODE: ${fc.edition} ${fc.code}${fc.sprinklered ? ', SPRINKLERED DWELLING' : ''}.`,
      `ARRAY PLAN AREA ${arrayArea.toFixed(0)} SQ FT = ${(acc.coverage * 100).toFixed(1)} % OF ${roofArea.toFixed(0)} SQ FT ROOF PLAN AREA${acc.rule.reducedRidgeCoverageLimit !== null ? ` (LIMIT FOR 18" RIDGE SETBACK ${(acc.rule.reducedRidgeCoverageLimit * 100).toFixed(0)} %)` : ''}.`,
      `RIDGE SETBACK: ${acc.rule.ridgeIn}" EACH SIDE OF RIDGE (${sectionOf(fc, 'ridge')}).`,
      `PATHWAYS: ${acc.rule.pathwaysPerPlane} × ${PATHWAY_IN}" WIDE FROM EAVE TO RIDGE ON EACH ROOF PLANE WITH MODULES (${sectionOf(fc, 'pathway')}).`,
      ...(acc.rule.hipIn ? [`HIPS AND VALLEYS: ${acc.rule.hipIn}" EACH SIDE.`] : []),
      'SETBACKS ARE MEASURED ON THE ROOF SURFACE.',
    ];
  const fh = c.notesHeight(fire, sideW - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const fa = c.panel('FIRE ACCESS', sx, y, sideW, fh);
  c.notes(fire, fa.x, fa.y, fa.w, fa.h + 2, { numbered: false, where: 'PV-2 fire access' });
  y += fh + 6;

  // to the hundredth, as PV-3's schedule and checks print the same spans and cantilevers
  const inch = (n: number) => `${num(n, 2)}"`;
  const arraysDrawn = [...ctx.rails.byArray.entries()];
  const attachLines = arraysDrawn.map(([id, a]) =>
    `● ARRAY ${id} ATTACHMENT: ${attachmentOf(input, id).name}${e.racking.attachmentModel ? ` (${e.racking.attachmentModel})` : ''}. SPANS ${inch(a.longestSpan.in)} MAX, CANTILEVER ${inch(a.longestCantilever.in)} MAX, ${a.rails.length} RAILS, ${a.fewest.attachmentsU.length}+ ATTACHMENTS PER RAIL (AS DRAWN)`);
  const ballastLines = [...new Set(d.modules.map((m) => d.roofPlanes.find((p) => p.id === m.planeId)!.arrayId))]
    .filter((id) => attachmentOf(input, id).kind === 'ballast')
    .map((id) => {
      const b = check(input.report, `structural.array.${id}.ballast`);
      if (!b || b.pass !== true) throw new DrawingOverflow('PV-2', `array ${id} is ballasted but the report has no passing ballast calculation`);
      return `ARRAY ${id} ATTACHMENT: ${attachmentOf(input, id).name}. BALLAST ${b.value} PSF PROVIDED, ${b.limit!.value} PSF REQUIRED (BALLAST CALCULATION, PV-3)`;
    });
  const legend = [
    `MODULE: ${e.module.manufacturer} ${e.module.model}, ${ftIn(e.module.lengthIn)} × ${ftIn(e.module.widthIn)}`,
    ...attachLines,
    ...ballastLines,
    '—— RAIL',
    '- - - RAFTER / TRUSS TOP CHORD (LOCATE IN FIELD; KEEP SPANS AND CANTILEVERS WITHIN THOSE SHOWN)',
    '- - - FIRE SETBACK / PATHWAY (RED)',
    '- - - CONDUIT RUN (RED)',
    ...[...new Set(d.equipment.filter((q) => q.kind === 'junction_box' || q.kind === 'rsd_initiator').map((q) => q.kind))].map((k) => `${EQUIPMENT_TAGS[k]} = ${k === 'junction_box' ? 'JUNCTION BOX' : 'RAPID SHUTDOWN INITIATOR'}`),
  ];
  const lh = c.notesHeight(legend, sideW - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const la = c.panel('LEGEND', sx, y, sideW, lh);
  c.notes(legend, la.x, la.y, la.w, la.h + 2, { numbered: false, where: 'PV-2 legend', checkIds: linkLines(ctx.input.report, legend, [[/^● ARRAY (\S+) ATTACHMENT:/, (m) => `structural.array.${m[1]}.rail-span`], [/^ARRAY (\S+) ATTACHMENT:.*BALLAST/, (m) => `structural.array.${m[1]}.ballast`]]) });
  y += lh + 6;
  drawNotesPanel(c, ctx, 'pv2', sheetNotes(ctx, 'pv2'), { x: sx, y, w: sideW, h: AREA.y + AREA.h - y });
  return { key: 'pv2', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}
