import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { check, electricalCodeName, fillVariables, fmtKw, interconnectionPointName, INTERCONNECTION_NAMES, linkLines, points, req, reqText, sheetNumber } from '../planset.model.ts';
import { DEFAULT_ELECTRICAL_NOTES } from './notes.data.ts';
import { extraStamps } from './pv1.sheet.ts';
import { combinerModel, disconnectModel, disconnectRating, doubleAcd, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment, type EquipmentKey } from './electrical-model.ts';
import { textBox } from '../check/drawing.lint.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { orderedService, type OrderedService } from './ordered-system.ts';

/*
 * PV-4: single-line diagram and conductor/conduit/OCPD schedule (research/planset.md §1.7). The
 * diagram is drawn from the report's conductor schedule itself (each run is a wire between two
 * pieces of equipment, tagged with its schedule row), so the diagram, the table and the report
 * cannot disagree; the array, optimizers or micro-inverters, rapid-shutdown boundary, production
 * meter, double AC disconnect and the service with its interconnection are added around it.
 */

const isDc = (r: ConductorScheduleRow) => /string|dc|source/i.test(r.circuit);
const isTap = (r: ConductorScheduleRow) => /SSBJ/.test(r.conductors);

/** Conductor rows as printed, with the wire-size requirements checked against the report. */
export function scheduleRows(ctx: SheetContext): ConductorScheduleRow[] {
  const rows = ctx.input.report.conductorSchedule;
  const want = { ac: reqText(ctx.input, 'ac_wire_size'), dc: reqText(ctx.input, 'dc_wire_size'), acg: reqText(ctx.input, 'ac_ground_size'), dcg: reqText(ctx.input, 'dc_ground_size') };
  const norm = (s: string) => s.replace(/\s+/g, '').toUpperCase();
  for (const r of rows) {
    const [size, egc] = isDc(r) ? [want.dc, want.dcg] : [want.ac, want.acg];
    if (size && norm(size) !== norm(r.conductorSize)) {
      throw new DrawingOverflow('PV-4', `run ${r.runId} is ${r.conductorSize} in the engineering report; the ${isDc(r) ? 'DC' : 'AC'} wire size requirement is ${size}: recalculate with the requirement`);
    }
    // A supply-side tap is bonded with a supply-side bonding jumper (250.102(C)(1)), not an EGC: the ground-size requirement is for EGCs.
    if (egc && !isTap(r) && norm(egc) !== norm(r.egcSize)) {
      throw new DrawingOverflow('PV-4', `run ${r.runId} has a ${r.egcSize} EGC in the engineering report; the ${isDc(r) ? 'DC' : 'AC'} ground size requirement is ${egc}`);
    }
  }
  return rows;
}

/**
 * The raceway as the schedule prints it: trade size and type (NEC Chapter 9), always (issue 25, finding 5);
 * a raceway the engine found no trade size for refuses the sheet rather than print a conduit without a size.
 */
export function racewayText(r: ConductorScheduleRow): string {
  if (r.raceway === 'free air') return 'FREE AIR';
  if (!/^\s*[\d/ -]+"/.test(r.raceway)) throw new DrawingOverflow('PV-4', `run ${r.runId} has no conduit trade size in the engineering report ("${r.raceway}"): no trade size holds its conductors within Chapter 9 Table 1 fill; split the circuits`);
  return r.raceway.toUpperCase();
}

/** The run's conduit fill as Chapter 9 works it out: "12.3 % ≤ 40 %" (Tables 1, 4, 5), from the engine's check. */
export function fillText(ctx: SheetContext, r: ConductorScheduleRow): string {
  if (r.raceway === 'free air') return '—';
  const k = check(ctx.input.report, `electrical.run.${r.runId}.conduit-fill`);
  if (!k || typeof k.value !== 'number' || !k.limit) throw new DrawingOverflow('PV-4', `run ${r.runId} is in ${r.raceway}, but the engineering report has no Chapter 9 conduit fill for it: recalculate`);
  return `${(Math.round(k.value * 10) / 10).toFixed(1)} % ≤ ${k.limit.value} %`;
}

interface Node { name: string; layer: number; row: number; x: number; y: number; w: number; h: number; lines: string[]; head?: string[] }

/** Title and detail lines wrapped to the box width; the height they need. */
function fitNode(c: Canvas, name: string, lines: string[], w: number): { head: string[]; lines: string[]; h: number } {
  const head = c.m.wrap(name.toUpperCase(), c.sz(7), w - 6, true);
  const body = lines.flatMap((l) => c.m.wrap(l, c.sz(6.5), w - 6));
  return { head, lines: body, h: 8 + head.length * c.lh(c.sz(7)) + body.length * c.lh(c.sz(6.5)) + 4 };
}

function nodeLines(ctx: SheetContext, name: string): string[] {
  const e = ctx.input.equipment;
  const r = ctx.input.report;
  if (/inverter/i.test(name) && !/micro/i.test(name)) return [`(${e.inverter.count}) ${e.inverter.model}`, `${e.inverter.ratedOutputW} W, ${e.inverter.maxContinuousOutputA} A, ${e.inverter.nominalAcV} V`];
  if (/disconnect/i.test(name)) {
    const m = disconnectModel(ctx);
    return [disconnectRating(ctx, 'PV-4'), ...(m ? [m] : []), 'VISIBLE, LOCKABLE'];
  }
  if (/combiner/i.test(name)) {
    const cm = combinerModel(ctx);
    return cm ? [`${cm.amps} A${cm.model ? ' ' + cm.model : ''}`] : [];
  }
  if (/battery/i.test(name) && e.battery) {
    const st = r.storage;
    return [
      `(${e.battery.count}) ${e.battery.model}`, `${e.battery.energyKwh} kWh`,
      ...(st ? [st.coupling === 'ac' ? `AC-COUPLED${st.acOutputA !== null ? `, ${st.acOutputA} A AC` : ''}` : `DC-COUPLED${st.dcCircuitA !== null ? `, ${st.dcCircuitA} A DC` : ''}${st.nominalVoltageV ? `, ${st.nominalVoltageV} V` : ''}`] : []),
      'ESS DISCONNECT',
    ];
  }
  if (/junction/i.test(name)) return ['NEMA 3R'];
  return [];
}

function drawSld(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }, order: OrderedService): void {
  const { input } = ctx;
  const r = input.report;
  const e = input.equipment;
  const rows = scheduleRows(ctx);
  // Only equipment of the model PV-1's scope is built from is drawn (issue 25, finding 5).
  const model = sldEquipment(ctx, 'PV-4', order);
  const drawn = (k: EquipmentKey) => {
    if (!model.some((q) => q.key === k)) throw new DrawingOverflow('PV-4', `the single-line diagram would draw ${k}, which the scope of work does not list`);
  };
  const names: string[] = [];
  for (const row of rows) for (const n of [row.from, row.to]) if (!names.includes(n)) names.push(n);
  for (const n of names) drawn(equipmentKeyOf(n)!);
  // layers: longest path from a source
  const layer = new Map<string, number>(names.map((n) => [n, 0]));
  for (let it = 0; it < names.length; it++) for (const row of rows) layer.set(row.to, Math.max(layer.get(row.to)!, layer.get(row.from)! + 1));
  // Sources other than the first (a battery) sit just left of what they feed, not at the far left,
  // so their wire does not cross another column.
  for (const n of names.slice(1)) {
    if (rows.some((row) => row.to === n)) continue;
    const feeds = rows.filter((row) => row.from === n).map((row) => layer.get(row.to)!);
    if (feeds.length) layer.set(n, Math.max(0, Math.min(...feeds) - 1));
  }
  // The service: the schedule's last node when it is the panel or the tap, else a panel after it.
  const sinks = names.filter((n) => !rows.some((row) => row.from === n));
  const sinkName = sinks[sinks.length - 1]!;
  const sinkIsService = /service|panel|msp|tap/i.test(sinkName) && !/combiner/i.test(sinkName);
  // The production meter is on the power path, between the last PV equipment and the service (a column of its own).
  const pmOn = productionMeterShown(ctx);
  if (pmOn) drawn('production-meter');
  if (pmOn && sinkIsService) layer.set(sinkName, layer.get(sinkName)! + 1);
  const arrayIsSource = !names.some((n) => /^modules?$/i.test(n));
  const shift = arrayIsSource ? 1 : 0;
  const maxLayer = Math.max(...layer.values()) + shift;
  const svcCols = 1 + (pmOn && !sinkIsService ? 1 : 0);
  const cols = maxLayer + 1 + svcCols + 1;
  const colW = box.w / cols;
  const nw = Math.min(colW - 34, 150);
  const nodes = new Map<string, Node>();
  const perLayer = new Map<number, string[]>();
  for (const n of names) {
    const l = layer.get(n)! + shift;
    perLayer.set(l, [...(perLayer.get(l) ?? []), n]);
  }
  const midY = box.y + box.h * 0.42;
  for (const [l, ns] of perLayer) {
    ns.forEach((n, i) => {
      const fit = fitNode(c, n, nodeLines(ctx, n), nw);
      const x = box.x + l * colW + (colW - nw) / 2;
      const y = midY - fit.h / 2 + (i - (ns.length - 1) / 2) * 110;
      nodes.set(n, { name: n, layer: l, row: i, x, y, w: nw, h: fit.h, lines: fit.lines, head: fit.head });
    });
  }
  const drawNode = (nd: Node, fill = '#fff') => {
    if (!nd.head) {
      const fit = fitNode(c, nd.name, nd.lines, nd.w);
      nd.head = fit.head; nd.lines = fit.lines; nd.y += (nd.h - fit.h) / 2; nd.h = fit.h;
    }
    c.rect(nd.x, nd.y, nd.w, nd.h, { fill, lineWidth: 1 }, 'E-SLD');
    const s7 = c.sz(7);
    const s65 = c.sz(6.5);
    let ty = nd.y + 4 + c.m.capHeight * s7 + (c.lh(s7) - s7) / 2;
    for (const hd of nd.head) { c.text(hd, nd.x + nd.w / 2, ty, { size: 7, bold: true, align: 'center', layer: 'E-SLD' }); ty += c.lh(s7); }
    ty += c.lh(s65) - c.lh(s7);
    const links = linkLines(r, nd.lines);
    nd.lines.forEach((ln, i) => { c.text(ln, nd.x + nd.w / 2, ty, { size: 6.5, align: 'center', layer: 'E-SLD', checkId: links[i] }); ty += c.lh(s65); });
  };
  // array: its own node left of the first run, or the schedule's "Modules" node filled with the array data
  const nMods = input.design.modules.length;
  const micro = e.inverter.type === 'Microinverter' || e.inverter.type === 'Dual Microinverter';
  const groups = micro ? input.design.branchCircuits : input.design.strings;
  const arrLines = [
    `(${nMods}) ${e.module.model}`, `${e.module.pmaxW} W, VOC ${e.module.vocV} V, ISC ${e.module.iscA} A`,
    ...(e.optimizer ? [`(${e.optimizer.count}) ${e.optimizer.model} OPTIMIZERS`] : []),
    ...(micro ? [`(${e.inverter.count}) ${e.inverter.model} MICRO-INVERTERS`] : []),
    ...groups.map((g) => `${micro ? 'BRANCH' : 'STRING'} ${g.id}: ${g.moduleIds.length} MODULES`),
  ];
  let arr: Node;
  if (arrayIsSource) {
    const src = nodes.get(rows[0]!.from)!;
    const aw = Math.min(colW - 16, 170);
    const af = fitNode(c, 'PV ARRAY', arrLines, aw);
    arr = { name: 'PV ARRAY', layer: 0, row: 0, x: box.x + (colW - aw) / 2, y: src.y + src.h / 2 - af.h / 2, w: aw, h: af.h, lines: af.lines, head: af.head };
    c.line(arr.x + arr.w, src.y + src.h / 2, src.x, src.y + src.h / 2, { lineWidth: 1.2, stroke: micro ? '#000' : '#c00000' }, 'E-SLD');
  } else {
    arr = nodes.get(names.find((n) => /^modules?$/i.test(n))!)!;
    const af = fitNode(c, 'PV ARRAY', arrLines, arr.w);
    arr.y += (arr.h - af.h) / 2; arr.h = af.h; arr.head = af.head; arr.lines = af.lines; arr.name = 'PV ARRAY';
  }
  const ic = r.interconnection;
  const mspLines = [
    ...(order.upgrade ? [`(N) MSP UPGRADE: ${order.upgrade.model.toUpperCase()}`] : []),
    `${ic.busbarA} A BUSBAR`, `${ic.mainBreakerA} A MAIN BREAKER`, ic.pvBreakerA ? `${ic.pvBreakerA} A PV BREAKER` : ic.method === 'supply-side-tap' ? 'SUPPLY-SIDE TAP AHEAD OF MAIN' : '',
    ...(order.backup?.backupPanel ? [`${order.backup.backupPanel.supplyBreakerA} A BACKUP SUPPLY BREAKER`] : []),
    `${e.inverter.nominalAcV} V 1Φ 3W`,
  ].filter(Boolean);
  let msp: Node;
  drawn('main-panel');
  if (sinkIsService) {
    msp = nodes.get(sinkName)!;
    const f = fitNode(c, sinkName, mspLines, msp.w);
    msp.y += (msp.h - f.h) / 2; msp.h = f.h; msp.head = f.head; msp.lines = f.lines;
  } else {
    const px = box.x + (maxLayer + 1 + (pmOn ? 1 : 0)) * colW + (colW - nw) / 2;
    const f = fitNode(c, 'MAIN SERVICE PANEL', mspLines, nw);
    msp = { name: 'MAIN SERVICE PANEL', layer: 99, row: 0, x: px, y: midY - f.h / 2, w: nw, h: f.h, lines: f.lines, head: f.head };
  }
  drawNode(arr, '#eef3f9');
  c.rect(arr.x - 6, arr.y - 16, arr.w + 12, arr.h + 22, { dash: [6, 3], stroke: '#c00000', lineWidth: 0.8 }, 'E-SLD');
  c.text('RSD ARRAY BOUNDARY', arr.x - 4, arr.y - 6, { size: 6.5, fill: '#c00000', maxWidth: arr.w + 8, layer: 'E-SLD' });
  for (const nd of nodes.values()) if (nd !== arr && nd !== msp) drawNode(nd);
  drawNode(msp, '#f7f7f7');
  let pm: Node | null = null;
  if (pmOn) {
    const pl = productionMeterLines(ctx);
    const f = fitNode(c, 'PRODUCTION METER', [pl.model || 'UTILITY-APPROVED', pl.feed, 'ON THE PV OUTPUT CIRCUIT'], nw);
    pm = { name: 'PRODUCTION METER', layer: 98, row: 0, x: msp.x - colW, y: msp.y + msp.h / 2 - f.h / 2, w: nw, h: f.h, lines: f.lines, head: f.head };
    drawNode(pm);
    c.line(pm.x + pm.w, msp.y + msp.h / 2, msp.x, msp.y + msp.h / 2, { lineWidth: 1.2 }, 'E-SLD');
  }
  if (!sinkIsService) {
    const last = nodes.get(sinkName)!;
    const to = pm ?? msp;
    c.line(last.x + last.w, last.y + last.h / 2, to.x, to.y + to.h / 2, { lineWidth: 1.2 }, 'E-SLD');
  }
  // wires with tags
  const tagOf = (row: ConductorScheduleRow) => String(rows.indexOf(row) + 1);
  const conduitOnWires = req(input, 'conduit_sizing').on;
  for (const row of rows) {
    const a = nodes.get(row.from)!;
    const b = pm && sinkIsService && row.to === sinkName ? pm : nodes.get(row.to)!;
    const y1 = a.y + a.h / 2;
    const y2 = b.y + b.h / 2;
    const xm = (a.x + a.w + b.x) / 2;
    c.poly([[a.x + a.w, y1], [xm, y1], [xm, y2], [b.x, y2]], false, { lineWidth: 1.2, stroke: isDc(row) ? '#c00000' : '#000' }, 'E-SLD');
    c.circle(xm, Math.min(y1, y2) - 12, 7, { fill: '#fff', lineWidth: 0.8 }, 'E-SLD');
    c.text(tagOf(row), xm, Math.min(y1, y2) - 9.5, { size: 7, bold: true, align: 'center', layer: 'E-SLD' });
    c.text(`${row.conductorSize}`, xm, Math.max(y1, y2) + 12, { size: 6.5, align: 'center', layer: 'E-SLD', checkId: `electrical.run.${row.runId}.ampacity-corrected` });
    // conduit_sizing: each wire also carries its conduit (the schedule always does).
    if (conduitOnWires && row.raceway !== 'free air') c.text(`IN ${racewayText(row)}`, xm, Math.max(y1, y2) + 12 + c.lh(c.sz(6.5)), { size: 6.5, align: 'center', layer: 'E-SLD' });
  }
  const poi = interconnectionPointName(input);
  c.circle(msp.x, msp.y + msp.h / 2, 3, { fill: '#000' }, 'E-SLD');
  const poiLines = c.m.wrap(poi, c.sz(6.5), colW - 8, true);
  poiLines.forEach((ln, i) => c.text(ln, msp.x + msp.w / 2, msp.y - 6 - (poiLines.length - 1 - i) * c.lh(c.sz(6.5)), { size: 6.5, bold: true, align: 'center', layer: 'E-SLD' }));
  if (doubleAcd(ctx)) {
    const acd = [...nodes.values()].find((n) => /disconnect/i.test(n.name));
    if (acd) c.para('(2) AC DISCONNECTS IN SERIES PER UTILITY', acd.x, acd.y + acd.h + 16, acd.w, c.lh(c.sz(6.5)) * 3, { size: 6.5, bold: true, align: 'center', layer: 'E-SLD', where: 'PV-4 single line diagram' });
  }
  // Backup (702): whole-home transfer equipment sits between the meter and the MSP; partial-home
  // transfer equipment feeds the backup loads panel from its breaker in the MSP.
  const b = order.backup;
  const teLines = b ? [b.transferEquipment.model.toUpperCase(), `${b.transferEquipment.ratingA} A TRANSFER EQUIPMENT`, `${b.kind === 'whole-home' ? 'WHOLE-HOME' : 'PARTIAL-HOME'} BACKUP, AUTOMATIC`] : [];
  let below: Node = msp;
  if (b) drawn('backup-gateway');
  drawn('utility-meter');
  if (b && b.kind === 'whole-home') {
    const f = fitNode(c, 'BACKUP GATEWAY', teLines, msp.w);
    const te: Node = { name: 'BACKUP GATEWAY', layer: 100, row: 0, x: msp.x, y: msp.y + msp.h + 18, w: msp.w, h: f.h, lines: f.lines, head: f.head };
    drawNode(te, '#eef7ee');
    c.line(msp.x + msp.w / 2, msp.y + msp.h, te.x + te.w / 2, te.y, { lineWidth: 1.2 }, 'E-SLD');
    below = te;
  }
  const umLines = [input.job.utilityMeterNumber ? `METER # ${input.job.utilityMeterNumber}` : 'BI-DIRECTIONAL', input.job.utilityName.toUpperCase()];
  // Below what feeds it, or beside the gateway when the diagram has no room below (the meter is the utility's side of the gateway).
  const besideX = below.x + below.w + 40;
  const beside = below !== msp && (below.y + below.h + 20 + 40 + 16 > box.y + box.h) && besideX + msp.w <= box.x + box.w;
  const um: Node = beside
    ? { name: 'UTILITY METER', layer: 100, row: 0, x: besideX, y: below.y + below.h / 2 - 20, w: msp.w, h: 40, lines: umLines }
    : { name: 'UTILITY METER', layer: 100, row: 0, x: msp.x, y: below.y + below.h + (below === msp ? 30 : 20), w: msp.w, h: 40, lines: umLines };
  drawNode(um);
  if (beside) c.line(below.x + below.w, um.y + um.h / 2, um.x, um.y + um.h / 2, { lineWidth: 1.2 }, 'E-SLD');
  else c.line(below.x + below.w / 2, below.y + below.h, um.x + um.w / 2, um.y, { lineWidth: 1.2 }, 'E-SLD');
  if (b && b.kind === 'partial' && b.backupPanel) {
    drawn('backup-panel');
    const gx = Math.min(msp.x + msp.w + 24, box.x + box.w - msp.w);
    const f = fitNode(c, 'BACKUP GATEWAY', teLines, msp.w);
    const te: Node = { name: 'BACKUP GATEWAY', layer: 101, row: 0, x: gx, y: box.y + 6, w: msp.w, h: f.h, lines: f.lines, head: f.head };
    drawNode(te, '#eef7ee');
    const pf = fitNode(c, 'BACKUP LOADS PANEL', [`${b.backupPanel.busbarA} A BUSBAR`, `FED BY ${b.backupPanel.supplyBreakerA} A BREAKER IN MSP`], msp.w);
    const bp: Node = { name: 'BACKUP LOADS PANEL', layer: 102, row: 0, x: gx, y: te.y + te.h + 18, w: msp.w, h: pf.h, lines: pf.lines, head: pf.head };
    drawNode(bp, '#eef7ee');
    c.poly([[msp.x + msp.w, msp.y + 10], [(msp.x + msp.w + te.x) / 2, msp.y + 10], [(msp.x + msp.w + te.x) / 2, te.y + te.h / 2], [te.x, te.y + te.h / 2]], false, { lineWidth: 1.2 }, 'E-SLD');
    c.line(te.x + te.w / 2, te.y + te.h, bp.x + bp.w / 2, bp.y, { lineWidth: 1.2 }, 'E-SLD');
  }
  c.text('TO UTILITY GRID', um.x + um.w / 2, um.y + um.h + 12, { size: 6.5, bold: true, align: 'center', layer: 'E-SLD' });
  c.text('GEC TO (E) ELECTRODE, 250.64', msp.x + msp.w + 4, msp.y + msp.h - 4, { size: 6.5, layer: 'E-SLD', maxWidth: box.x + box.w - msp.x - msp.w - 6 });
  // extra stamps at their equipment on the diagram
  const byLoc: Record<string, Node | undefined> = { 'Main Panel': msp, 'Utility Meter': um };
  for (const st of extraStamps(ctx)) {
    const nd = byLoc[st.location] ?? [...nodes.values()].find((n) => n.name.toLowerCase().includes(st.location.toLowerCase().split(' ')[0]!.replace('panel', 'combiner')));
    if (!nd) continue;
    const t = st.title.toUpperCase();
    const w = c.m.width(t, c.sz(6.5), true) + 8;
    const bx = Math.min(nd.x + nd.w / 2 - w / 2, box.x + box.w - w);
    let by = nd.y - 30 - st.index * 13;
    // up in steps until the callout clears every text already on the diagram (8 pt text is taller than 6.5 pt was)
    const taken = c.prims.flatMap((q) => (q.kind === 'text' && q.text.trim() ? [textBox(q)] : []));
    for (let k = 0; k < 12 && taken.some((b) => bx < b.x1 && b.x0 < bx + w && by - 1 < b.y1 && b.y0 < by + 12); k++) by -= 13;
    c.rect(bx, by, w, 11, { fill: '#fff7d6', lineWidth: 0.7 }, 'G-STMP');
    c.text(t, bx + 4, by + 8.5, { size: 6.5, bold: true, layer: 'G-STMP' });
  }
  drawCustomLeaders(c, ctx, 'pv4', { x: msp.x + msp.w / 2, y: msp.y + msp.h / 2 }, box);
}

export function buildPv4(ctx: SheetContext): Sheet {
  const { input } = ctx;
  const number = sheetNumber(input, 'pv4');
  const title = 'SINGLE LINE DIAGRAM';
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  if (!input.report.conductorSchedule.length) throw new DrawingOverflow('PV-4', 'the engineering report has no conductor schedule');
  if (!input.report.interconnection.method) throw new DrawingOverflow('PV-4', 'the engineering report found no interconnection method');
  drawTitleBlock(c, ctx, 'pv4', title, number);
  const W = AREA.w;
  const sldH = 330;
  c.rect(AREA.x, AREA.y, W, sldH, { lineWidth: 1 }, 'G-BORD');
  c.text('SINGLE LINE DIAGRAM', AREA.x + 8, AREA.y + 16, { size: 10, bold: true });
  c.text(`${fmtKw(input.report.summary.systemDcKw)} kW DC / ${fmtKw(input.report.summary.systemAcKw)} kW AC — ${electricalCodeName(input)}`, AREA.x + 8, AREA.y + 28, { size: 7 });
  const order = orderedService(input, 'PV-4');
  drawSld(c, ctx, { x: AREA.x + 8, y: AREA.y + 34, w: W - 16, h: sldH - 40 }, order);
  let y = AREA.y + sldH + 8;

  const rows = scheduleRows(ctx);
  const table = rows.map((r, i) => [
    String(i + 1), r.circuit.toUpperCase(), r.from.toUpperCase(), r.to.toUpperCase(), r.conductors.toUpperCase(), r.conductorSize, r.conductorType,
    r.egcSize, racewayText(r), fillText(ctx, r), r.ocpdA === null ? '—' : `${r.ocpdA} A`, `${r.maxCurrentA} A`, `${r.lengthFt} FT`, `${r.voltageDropPct} %`,
  ]);
  const ws = [20, 104, 96, 96, 56, 50, 48, 44, 64, 62, 40, 44, 40, 38];
  const scale = (W - 10) / ws.reduce((a, b) => a + b, 0);
  const schedHeaders = ['TAG', 'CIRCUIT', 'FROM', 'TO', 'CONDUCTORS', 'SIZE', 'TYPE', rows.some(isTap) ? 'EGC/SSBJ' : 'EGC', 'CONDUIT', 'FILL (CH. 9)', 'OCPD', 'MAX I', 'LENGTH', 'VD'];
  const th = c.tableHeight(schedHeaders, table, ws.map((w) => w * scale)) + c.sz(9) * 1.8 + 12;
  const ta = c.panel(`CONDUCTOR, CONDUIT & OCPD SCHEDULE — CONDUIT TRADE SIZE AND FILL PER ${codeRef(ctx, 'CHAPTER 9, TABLES 1, 4, 5')}`, AREA.x, y, W, th);
  c.table(schedHeaders, table, ta.x, ta.y, ws.map((w) => w * scale), {
    where: 'PV-4 conductor schedule', checkIds: rows.map((r) => [undefined, undefined, undefined, undefined, undefined, `electrical.run.${r.runId}.ampacity-corrected`, undefined, isTap(r) ? `electrical.run.${r.runId}.bonding-jumper` : `electrical.run.${r.runId}.egc`, `electrical.run.${r.runId}.conduit-fill`, `electrical.run.${r.runId}.conduit-fill`, `electrical.run.${r.runId}.ocpd`, `electrical.run.${r.runId}.current`, undefined, `electrical.run.${r.runId}.voltage-drop`].map((id) => (id && check(input.report, id) ? id : undefined))),
  });
  y += th + 8;

  // bottom: interconnection calc | equipment data | notes
  const bh = AREA.y + AREA.h - y;
  const w3 = (W - 16) / 3;
  const ic = input.report.interconnection;
  const chosen = ic.method ? check(input.report, `electrical.interconnection.${ic.method}`) : undefined;
  const icLines = [
    `METHOD: ${ic.method ? INTERCONNECTION_NAMES[ic.method] ?? ic.method : '—'} (${ic.rule ?? ''})`,
    `${codeRef(ctx, ic.ref?.section ?? '')}`,
    `BUSBAR ${ic.busbarA} A, MAIN BREAKER ${ic.mainBreakerA} A${ic.pvBreakerA ? `, PV BREAKER ${ic.pvBreakerA} A` : ''}`,
    ...(ic.fusedDisconnect ? [`FUSED DISCONNECT ${ic.disconnectA} A WITH ${ic.fuseA} A FUSES`] : []),
    ...tapLines(ctx),
    ...(chosen ? [`${chosen.formula}`, `= ${chosen.value} ${chosen.unit}${chosen.limit ? ` ${chosen.limit.relation} ${chosen.limit.value} ${chosen.limit.unit}` : ''}: ${chosen.pass === false ? 'FAIL' : 'OK'}`] : []),
    `RAPID SHUTDOWN: ${input.report.equipment.rapidShutdown.toUpperCase()}`,
  ];
  // Any derate or upgrade comes with its Article 220 load calculation on this sheet (issue 25, finding 2).
  const lc = loadCalcLines(ctx, order);
  const icH = lc ? Math.min(bh, c.notesHeight(icLines, w3 - 10, { numbered: false }) + c.sz(9) * 1.8 + 14) : bh;
  const ia = c.panel(`INTERCONNECTION — ${interconnectionPointName(input)}`, AREA.x, y, w3, icH);
  c.notes(icLines, ia.x, ia.y, ia.w, ia.h, { numbered: false, where: 'PV-4 interconnection', checkIds: linkLines(input.report, icLines) });
  if (lc) {
    const la = c.panel(lc.title, AREA.x, y + icH + 4, w3, bh - icH - 4);
    c.notes(lc.lines, la.x, la.y, la.w, la.h, { numbered: false, where: 'PV-4 load calculation', checkIds: lc.checkIds });
  }
  const e = input.equipment;
  const strs = input.report.sections.flatMap((s) => s.checks).filter((k) => /^electrical\.string\.[^.]+\.voltage$/.test(k.id));
  const data = [
    `MODULE: ${e.module.manufacturer} ${e.module.model}`, `PMAX ${e.module.pmaxW} W, VMP ${e.module.vmpV} V, IMP ${e.module.impA} A, VOC ${e.module.vocV} V, ISC ${e.module.iscA} A`,
    `INVERTER: ${e.inverter.manufacturer} ${e.inverter.model} (${e.inverter.type.toUpperCase()})`, `${e.inverter.ratedOutputW} W AC, ${e.inverter.maxContinuousOutputA} A MAX CONTINUOUS, ${e.inverter.nominalAcV} V`,
    ...(e.optimizer ? [`OPTIMIZER: ${e.optimizer.manufacturer} ${e.optimizer.model}`] : []),
    ...(e.battery ? [`BATTERY: ${e.battery.manufacturer} ${e.battery.model}, ${e.battery.energyKwh} kWh`] : []),
    ...(order.backup ? [`TRANSFER EQUIPMENT: ${order.backup.transferEquipment.model.toUpperCase()}, ${order.backup.transferEquipment.ratingA} A (702.5), STANDBY ${order.backup.standbyCapacityA} A FOR ${order.backup.transferredLoadA} A TRANSFERRED${order.backup.loadManagement ? ' (LOAD MANAGED)' : ''}`] : []),
    ...(order.upgrade ? [`MSP UPGRADE: (E) ${order.upgrade.existingBusbarA} A / ${order.upgrade.existingMainA} A → (N) ${order.upgrade.newBusbarA} A BUSBAR, ${order.upgrade.newMainA} A MAIN`] : []),
    ...strs.map((k) => `${k.title.toUpperCase()}: ${k.value} ${k.unit}${k.limit ? ` ${k.limit.relation} ${k.limit.value} ${k.limit.unit}` : ''}`),
  ];
  const da = c.panel('EQUIPMENT DATA', AREA.x + w3 + 8, y, w3, bh);
  c.notes(data, da.x, da.y, da.w, da.h, { numbered: false, where: 'PV-4 equipment data', checkIds: linkLines(input.report, data) });
  const en = points(reqText(input, 'electrical_notes'));
  const notes = (en.length ? en : DEFAULT_ELECTRICAL_NOTES).map((n) => fillVariables(n, ctx.vars));
  const pv4 = sheetNotes(ctx, 'pv4');
  const nx = AREA.x + 2 * (w3 + 8);
  const enH = c.notesHeight(notes, w3 - 10) + c.sz(9) * 1.8 + 14;
  const na = c.panel('ELECTRICAL NOTES', nx, y, w3, Math.min(enH, bh));
  c.notes(notes, na.x, na.y, na.w, na.h + 2, { where: 'PV-4 electrical notes' });
  drawNotesPanel(c, ctx, 'pv4', pv4, { x: nx, y: y + enH + 4, w: w3, h: bh - enH - 4 });
  return { key: 'pv4', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

function codeRef(ctx: SheetContext, section: string): string {
  return section ? `${electricalCodeName(ctx.input)} ${section}` : '';
}

/** The supply-side tap's conductors as a plan checker looks for them: the edition's minimum, the neutral, the bonding jumper (issue 25). */
function tapLines(ctx: SheetContext): string[] {
  const r = ctx.input.report;
  const out: string[] = [];
  for (const row of r.conductorSchedule.filter(isTap)) {
    const min = check(r, `electrical.run.${row.runId}.minimum-size`);
    const j = check(r, `electrical.run.${row.runId}.bonding-jumper`);
    const n = check(r, `electrical.run.${row.runId}.neutral`);
    out.push(`TAP CONDUCTORS: ${row.conductorSize} ${row.conductorType}${min ? ` (MIN. ${min.formula.replace(/^not smaller than /, '').toUpperCase()})` : ''}`);
    if (n) out.push(`NEUTRAL ${n.value} ≥ ${n.limit?.value ?? ''} (${codeRef(ctx, n.ref.section)}): ${n.pass ? 'OK' : 'FAIL'}`);
    if (j) out.push(`SUPPLY-SIDE BONDING JUMPER ${j.value} (${codeRef(ctx, 'TABLE ' + j.ref.section)})`);
  }
  return out;
}

const va = (n: number) => `${Math.round(n).toLocaleString('en-US')} VA`;

/**
 * The dwelling load calculation (NEC 220.82, 220.83 or 220.87) line by line, as the engine worked it
 * out. Null when the report has none and nothing needs it; a derate or an upgrade without one is
 * refused: the sheet never prints a derated main or a new service without the calculation behind it.
 */
export function loadCalcLines(ctx: SheetContext, order: Pick<OrderedService, 'upgrade'>): { title: string; lines: string[]; checkIds: (string | undefined)[] } | null {
  const r = ctx.input.report;
  const lc = r.loadCalculation ?? null;
  const derate = r.interconnection.method === 'main-breaker-derate';
  if (!lc) {
    if (derate) throw new DrawingOverflow('PV-4', 'the main breaker is derated, but the engineering report has no NEC Article 220 load calculation to print with it: enter the job\'s load calculation (CAD intake, Load Calculation)');
    if (order.upgrade) throw new DrawingOverflow('PV-4', 'the job orders a main panel upgrade, but the engineering report has no NEC Article 220 load calculation to print with it: enter the job\'s load calculation (CAD intake, Load Calculation)');
    return null;
  }
  const svc = check(r, 'electrical.load.service');
  const lines = lc.lines.map((l) => `${l.item.toUpperCase()}: ${l.connectedVa === null ? '' : va(l.connectedVa)}${l.demandVa === null ? '' : `${l.factor && l.connectedVa !== null ? ` × ${l.factor}` : ''} = ${va(l.demandVa)}`} (${l.ref})`);
  lines.push(`CALCULATED LOAD: ${va(lc.totalVa)} / ${lc.voltageV} V = ${lc.totalA} A`);
  lines.push(`${lc.totalA} A ≤ ${lc.serviceRatingA} A ${derate ? 'DERATED MAIN BREAKER' : 'MAIN BREAKER'} (${codeRef(ctx, svc?.ref.section ?? lc.method)}): ${lc.pass ? 'OK' : 'FAIL'}`);
  const checkIds = lines.map((_, i) => (i === lines.length - 1 ? (svc ? svc.id : undefined) : i === lines.length - 2 ? (check(r, 'electrical.load.total') ? 'electrical.load.total' : undefined) : undefined));
  return { title: `DWELLING LOAD CALCULATION — ${codeRef(ctx, lc.method)}`, lines, checkIds };
}
