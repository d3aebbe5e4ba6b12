import { BlockFlags, DxfWriter, LWPolylineFlags, TextHorizontalAlignment, TextVerticalAlignment, Units, point2d, point3d } from '@tarikjabiri/dxf';
import type { PlanSetInput } from '../input.schema.ts';
import type { PlaneAccess } from '../layout/auto-layout.ts';
import { planeFrame, toPlan, toPlane } from '../layout/plane-geometry.ts';
import { rafterLinesU } from '@sunstamp/domain/design/attachment-layout.rules';
import { attachmentPoints } from '../sheets/pv2.sheet.ts';
import { EQUIPMENT_NAMES } from '../sheets/plan-view.ts';
import type { SheetContext } from '../sheets/sheet-context.ts';
import { distanceToEdge, nearestPropertyLine } from '../sheets/dims.ts';
import { moduleCornersPlan } from '../layout/plane-geometry.ts';
import { ftIn, ftInOfFt } from '../draw/units.ts';
import { fmtKw, TEMPLATE_VERSION } from '../planset.model.ts';

/*
 * DXF modelspace (@tarikjabiri/dxf): the site and roof in inches ($INSUNITS = 1), plan view, on
 * standard layers (A- architectural, E- electrical, S- structural, G- general) so a drafter can edit
 * it: property and building, roof planes, fire setbacks and pathways, the module as one block
 * (PV_MODULE, its real size) inserted once per module at its centre and rotation, attachments,
 * equipment, conduit routes, annotations; dimensions as DIMENSION entities in feet-inches (property
 * lines, building, the array's and the equipment's setbacks from the property lines, the fire
 * setbacks) on A-ANNO-DIMS, and the title block beside the site on G-TTLB.
 * Each DIMENSION carries its anonymous display block (*D1, *D2, …: dimension line, extension lines,
 * architectural ticks and the text), as CAD programs write them, so the dimensions show when the file
 * is opened without a regenerate; the Standard dimension style is set to the same sizes, so a CAD
 * program that does regenerate draws them alike.
 */

/** Dimension geometry in the file's inches: text height, tick half-length, gaps. */
export const DIM_STYLE = { textIn: 8, tickIn: 3, extGapIn: 2, extBeyondIn: 3, textGapIn: 2 };

export const DXF_LAYERS: [string, number][] = [
  ['A-SITE', 8], ['A-ROOF', 7], ['A-ROOF-SETBACK', 1], ['A-ROOF-OBST', 8], ['E-PV-MODULE', 5],
  ['E-EQPM', 3], ['E-COND', 1], ['S-ATTACH', 6], ['S-FRAM', 9], ['G-ANNO', 7], ['A-ANNO-DIMS', 2], ['G-TTLB', 7],
];

export const MODULE_BLOCK = 'PV_MODULE';

// eslint-disable-next-line max-lines-per-function -- the DXF model space written in file order (blocks, layers, entities, dimensions, title block) into one string buffer
export function renderModelspaceDxf(ctx: SheetContext, access: PlaneAccess[]): string {
  const input: PlanSetInput = ctx.input;
  const d = input.design;
  const w = new DxfWriter();
  w.setUnits(Units.Inches);
  for (const [name, color] of DXF_LAYERS) w.addLayer(name, color, 'CONTINUOUS');
  const ft = (p: { x: number; y: number }) => point2d(p.x * 12, p.y * 12);
  const poly = (pts: { x: number; y: number }[], layerName: string, closed = true) =>
    w.addLWPolyline(pts.map((p) => ({ point: ft(p) })), { flags: closed ? LWPolylineFlags.Closed : LWPolylineFlags.None, layerName });

  // the module block: portrait outline in inches centred on the insertion point, long side along y
  const m = input.equipment.module;
  const block = w.addBlock(MODULE_BLOCK);
  block.addLWPolyline([
    { point: point2d(-m.widthIn / 2, -m.lengthIn / 2) }, { point: point2d(m.widthIn / 2, -m.lengthIn / 2) },
    { point: point2d(m.widthIn / 2, m.lengthIn / 2) }, { point: point2d(-m.widthIn / 2, m.lengthIn / 2) },
  ], { flags: LWPolylineFlags.Closed, layerName: '0' });
  block.addLine(point3d(-m.widthIn / 2, 0), point3d(m.widthIn / 2, 0), { layerName: '0' });

  poly(d.site.property, 'A-SITE');
  poly(d.site.building, 'A-SITE');
  w.addLine(point3d(d.site.street.from.x * 12, d.site.street.from.y * 12), point3d(d.site.street.to.x * 12, d.site.street.to.y * 12), { layerName: 'A-SITE' });
  const sm = { x: (d.site.street.from.x + d.site.street.to.x) / 2, y: (d.site.street.from.y + d.site.street.to.y) / 2 };
  w.addText(point3d(sm.x * 12, sm.y * 12 - 36), 12, d.site.street.name.toUpperCase(), { layerName: 'G-ANNO' });

  for (const plane of d.roofPlanes) {
    poly(plane.polygon, 'A-ROOF');
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const pp = plane.polygon.map((p) => toPlane(f, p));
    const acc = access.find((a) => a.planeId === plane.id);
    const cx = pp.reduce((s, p) => s + p.x, 0) / pp.length;
    const cy = pp.reduce((s, p) => s + p.y, 0) / pp.length;
    acc?.edgeSetbacksIn.forEach((dIn, i) => {
      if (dIn <= 0) return;
      const a = pp[i]!;
      const b = pp[(i + 1) % pp.length]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      let n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
      if ((cx - (a.x + b.x) / 2) * n.x + (cy - (a.y + b.y) / 2) * n.y < 0) n = { x: -n.x, y: -n.y };
      const a2 = toPlan(f, { x: a.x + n.x * dIn, y: a.y + n.y * dIn });
      const b2 = toPlan(f, { x: b.x + n.x * dIn, y: b.y + n.y * dIn });
      w.addLine(point3d(a2.x * 12, a2.y * 12), point3d(b2.x * 12, b2.y * 12), { layerName: 'A-ROOF-SETBACK' });
    });
    const c = plane.polygon.reduce((s, p) => ({ x: s.x + p.x / plane.polygon.length, y: s.y + p.y / plane.polygon.length }), { x: 0, y: 0 });
    w.addText(point3d(c.x * 12, c.y * 12), 9, `${plane.name.toUpperCase()} ${plane.pitchDeg} DEG AZ ${plane.azimuthDeg}`, { layerName: 'G-ANNO' });
    // module rotation: the block's y axis (portrait long side) runs up the slope
    const upDeg = (Math.atan2(f.ev.y, f.ev.x) * 180) / Math.PI - 90;
    for (const mod of d.modules.filter((q) => q.planeId === plane.id)) {
      const rot = mod.orientation === 'portrait' ? upDeg : upDeg + 90;
      // The block is portrait; landscape turns it 90°. The side running up the slope is foreshortened
      // by cos(pitch) in plan: block y for portrait, block x for landscape.
      const cos = Math.cos((plane.pitchDeg * Math.PI) / 180);
      const scaleFactor = mod.orientation === 'portrait' ? { x: 1, y: cos, z: 1 } : { x: cos, y: 1, z: 1 };
      w.addInsert(MODULE_BLOCK, point3d(mod.x * 12, mod.y * 12), { layerName: 'E-PV-MODULE', rotationAngle: ((rot % 360) + 360) % 360, scaleFactor });
    }
    // rafters (S-FRAM) and rails with their attachments (S-ATTACH), as PV-2 draws them
    for (const u of rafterLinesU(plane)) {
      const ys: number[] = [];
      for (let i = 0; i < pp.length; i++) {
        const a = pp[i]!;
        const b = pp[(i + 1) % pp.length]!;
        if ((a.x - u) * (b.x - u) <= 0 && a.x !== b.x) ys.push(a.y + ((u - a.x) * (b.y - a.y)) / (b.x - a.x));
      }
      if (ys.length < 2) continue;
      const lo = toPlan(f, { x: u, y: Math.min(...ys) });
      const hi = toPlan(f, { x: u, y: Math.max(...ys) });
      w.addLine(point3d(lo.x * 12, lo.y * 12), point3d(hi.x * 12, hi.y * 12), { layerName: 'S-FRAM' });
    }
    for (const r of ctx.rails.rails.filter((x) => x.planeId === plane.id)) {
      const a = toPlan(f, { x: r.e0, y: r.v });
      const b = toPlan(f, { x: r.e1, y: r.v });
      w.addLine(point3d(a.x * 12, a.y * 12), point3d(b.x * 12, b.y * 12), { layerName: 'S-ATTACH' });
    }
    for (const a of attachmentPoints(ctx, plane)) w.addCircle(point3d(a.x * 12, a.y * 12), 1.5, { layerName: 'S-ATTACH' });
  }
  for (const e of d.equipment) {
    w.addLWPolyline([
      { point: point2d(e.x * 12 - 8, e.y * 12 - 6) }, { point: point2d(e.x * 12 + 8, e.y * 12 - 6) },
      { point: point2d(e.x * 12 + 8, e.y * 12 + 6) }, { point: point2d(e.x * 12 - 8, e.y * 12 + 6) },
    ], { flags: LWPolylineFlags.Closed, layerName: 'E-EQPM' });
    w.addText(point3d(e.x * 12 + 10, e.y * 12), 6, EQUIPMENT_NAMES[e.kind] ?? e.kind, { layerName: 'E-EQPM' });
  }
  for (const r of d.runs) poly(r.route, 'E-COND', false);
  for (const o of d.obstructions) w.addCircle(point3d(o.x * 12, o.y * 12), (o.diameterFt * 12) / 2, { layerName: 'A-ROOF-OBST' });

  // dimensions (feet in plan → inches in the file), the text in feet-inches as the sheets print it
  const ds = w.document.dimStyleStandard;
  Object.assign(ds, {
    DIMTXT: DIM_STYLE.textIn, DIMTSZ: DIM_STYLE.tickIn, DIMASZ: DIM_STYLE.tickIn, DIMEXO: DIM_STYLE.extGapIn, DIMEXE: DIM_STYLE.extBeyondIn,
    DIMGAP: DIM_STYLE.textGapIn, DIMTAD: 1, DIMTIH: 0, DIMTOH: 0, DIMLUNIT: 4,
  });
  let dimBlocks = 0;
  const dim = (a: { x: number; y: number }, b: { x: number; y: number }, offsetIn: number, text: string) => {
    const A = { x: a.x * 12, y: a.y * 12 };
    const B = { x: b.x * 12, y: b.y * 12 };
    const len = Math.hypot(B.x - A.x, B.y - A.y);
    if (len < 1e-6) return;
    const u = { x: (B.x - A.x) / len, y: (B.y - A.y) / len };
    const n = { x: -u.y, y: u.x }; // left of A→B
    const PA = { x: A.x + n.x * offsetIn, y: A.y + n.y * offsetIn };
    const PB = { x: B.x + n.x * offsetIn, y: B.y + n.y * offsetIn };
    // the text reads along the line, never upside down, above it (on the side away from the measured points when offset)
    let ang = (Math.atan2(u.y, u.x) * 180) / Math.PI;
    if (ang > 90 + 1e-9) ang -= 180;
    if (ang <= -90 + 1e-9) ang += 180;
    const r = (ang * Math.PI) / 180;
    const up = { x: -Math.sin(r), y: Math.cos(r) };
    const mid = { x: (PA.x + PB.x) / 2 + up.x * DIM_STYLE.textGapIn, y: (PA.y + PB.y) / 2 + up.y * DIM_STYLE.textGapIn };
    // the display block: what a CAD program shows for this DIMENSION without regenerating it
    const name = `*D${++dimBlocks}`;
    const blk = w.blocks.addBlock(name, w.document.objects, false);
    blk.flags = BlockFlags.AnonymousBlock;
    const o = { layerName: '0' };
    const L = (p: { x: number; y: number }, q: { x: number; y: number }) => blk.addLine(point3d(p.x, p.y), point3d(q.x, q.y), o);
    if (Math.abs(offsetIn) > DIM_STYLE.extGapIn) {
      const s = Math.sign(offsetIn);
      for (const [P, Q] of [[A, PA], [B, PB]] as const) {
        L({ x: P.x + n.x * s * DIM_STYLE.extGapIn, y: P.y + n.y * s * DIM_STYLE.extGapIn }, { x: Q.x + n.x * s * DIM_STYLE.extBeyondIn, y: Q.y + n.y * s * DIM_STYLE.extBeyondIn });
      }
    }
    L(PA, PB);
    // architectural ticks: 45° strokes through each end of the dimension line
    const t = { x: ((u.x + n.x) / Math.SQRT2) * DIM_STYLE.tickIn, y: ((u.y + n.y) / Math.SQRT2) * DIM_STYLE.tickIn };
    for (const P of [PA, PB]) L({ x: P.x - t.x, y: P.y - t.y }, { x: P.x + t.x, y: P.y + t.y });
    blk.addText(point3d(mid.x, mid.y), DIM_STYLE.textIn, text, {
      ...o, rotation: Math.round(ang * 1000) / 1000, horizontalAlignment: TextHorizontalAlignment.Center, verticalAlignment: TextVerticalAlignment.Bottom, secondAlignmentPoint: point3d(mid.x, mid.y),
    });
    const d = w.addAlignedDim(point3d(A.x, A.y), point3d(B.x, B.y), {
      blockName: name, definitionPoint: point3d(PB.x, PB.y), middlePoint: point3d(mid.x, mid.y), ActualMeasurement: Math.round(len * 1e4) / 1e4, text, layerName: 'A-ANNO-DIMS',
    });
    // 1 = aligned, + 32: the block is referenced by this dimension only (as CAD programs write it)
    (d as unknown as { dimensionType: number }).dimensionType = 33;
  };
  const ring = (pts: { x: number; y: number }[], off: number) => pts.forEach((a, i) => {
    const b = pts[(i + 1) % pts.length]!;
    dim(a, b, off, ftInOfFt(Math.hypot(b.x - a.x, b.y - a.y)));
  });
  ring(d.site.property, 36);
  ring(d.site.building, 24);
  const corners = d.modules.flatMap((mod) => {
    const plane = d.roofPlanes.find((p) => p.id === mod.planeId);
    return plane ? moduleCornersPlan(plane, mod, m.lengthIn, m.widthIn) : [];
  });
  if (corners.length) {
    for (let i = 0; i < d.site.property.length; i++) {
      const r = distanceToEdge(corners, d.site.property, i);
      dim(r.from, r.to, 0, `ARRAY ${ftInOfFt(r.d)}`);
    }
  }
  for (const e of d.equipment.filter((q) => q.kind !== 'junction_box' && q.kind !== 'rsd_initiator')) {
    const r = nearestPropertyLine([e], d.site.property);
    dim(r.from, r.to, 0, `${EQUIPMENT_NAMES[e.kind] ?? e.kind} ${ftInOfFt(r.d)}`);
  }
  for (const plane of d.roofPlanes) {
    const acc = access.find((a) => a.planeId === plane.id);
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const pp = plane.polygon.map((p) => toPlane(f, p));
    const cx = pp.reduce((s, p) => s + p.x, 0) / pp.length;
    const cy = pp.reduce((s, p) => s + p.y, 0) / pp.length;
    acc?.edgeSetbacksIn.forEach((dIn, i) => {
      if (dIn <= 0 || !d.modules.some((q) => q.planeId === plane.id)) return;
      const a = pp[i]!;
      const b = pp[(i + 1) % pp.length]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      let n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
      if ((cx - (a.x + b.x) / 2) * n.x + (cy - (a.y + b.y) / 2) * n.y < 0) n = { x: -n.x, y: -n.y };
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      // plane coordinates are inches on the roof surface; the plan shows the setback foreshortened where it runs up the slope
      dim(toPlan(f, mid), toPlan(f, { x: mid.x + n.x * dIn, y: mid.y + n.y * dIn }), 0, `${ftIn(dIn)} ${acc.pathwayEdges.includes(i) ? 'PATHWAY' : plane.edges[i]!.toUpperCase()}`);
    });
  }

  // the title block, right of the site, 32 ft wide (8 in text)
  const xs = [...d.site.property, d.site.street.from, d.site.street.to].map((p) => p.x);
  const ys = [...d.site.property, d.site.street.from, d.site.street.to].map((p) => p.y);
  const tx = (Math.max(...xs) + 10) * 12;
  const top = Math.max(...ys) * 12;
  const bottom = Math.min(...ys) * 12;
  const tbW = 32 * 12;
  w.addLWPolyline([
    { point: point2d(tx, bottom) }, { point: point2d(tx + tbW, bottom) }, { point: point2d(tx + tbW, top) }, { point: point2d(tx, top) },
  ], { flags: LWPolylineFlags.Closed, layerName: 'G-TTLB' });
  const j = input.job;
  const lines = [
    input.company.name.toUpperCase(), input.company.address, input.company.phone, '',
    'CONTRACTOR', input.contractor.name.toUpperCase(), `LIC #: ${input.contractor.licenseNum}`, '',
    'PROJECT', j.clientName.toUpperCase(), `${j.address.street}, ${j.address.city}, ${j.address.state} ${j.address.zip}`, `AHJ: ${j.ahjName}`, `UTILITY: ${j.utilityName}`, '',
    `SYSTEM: ${fmtKw(input.report.summary.systemDcKw)} kW DC / ${fmtKw(input.report.summary.systemAcKw)} kW AC`,
    `(${d.modules.length}) ${m.manufacturer} ${m.model}`, '',
    'MODELSPACE: SITE AND ROOF PLAN', 'UNITS: INCHES (1 UNIT = 1 IN), PLAN VIEW, NORTH = +Y',
    `DATE: ${j.date}   REV: ${d.revision}   DRAWN BY: ${j.drawnBy}`,
    `TEMPLATE ${TEMPLATE_VERSION}   INPUT ${ctx.inputHash.slice(0, 16)}`,
  ];
  const th = 8;
  lines.forEach((t, i) => {
    if (t) w.addText(point3d(tx + 6, top - 14 - i * th * 1.5), th, t, { layerName: 'G-TTLB' });
  });
  return w.stringify();
}
