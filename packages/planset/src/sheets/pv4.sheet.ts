import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { check, electricalCodeName, fillVariables, fmtKw, interconnectionPointName, INTERCONNECTION_NAMES, linkLines, points, req, reqText, sheetNumber } from '../planset.model.ts';
import { DEFAULT_ELECTRICAL_NOTES } from './notes.data.ts';
import { extraStamps } from './pv1.sheet.ts';
import { combinerModel, disconnectModel, disconnectRating, doubleAcd, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment, type EquipmentKey } from './electrical-model.ts';
import { textBox } from '../check/drawing.lint.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders, drawNotesPanel, sheetNotes, type SheetNotes } from './sheet-notes.ts';
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
  // Partial backup with the sources landing in the backup loads panel (issue 25): the schedule ends there, and the
  // power path goes on through the backup gateway to the MSP, each in a column of its own (it left the frame when
  // the backup panel was taken for the service and the gateway was hung beside the MSP).
  const bk = order.backup;
  const sourcesInBackup = !!bk && bk.kind === 'partial' && !!bk.backupPanel && equipmentKeyOf(sinkName) === 'backup-panel';
  const sinkIsService = !sourcesInBackup && /service|panel|msp|tap/i.test(sinkName) && !/combiner/i.test(sinkName);
  // The production meter is on the power path, between the last PV equipment and the service (a column of its own).
  const pmOn = productionMeterShown(ctx);
  if (pmOn) drawn('production-meter');
  if (pmOn && sinkIsService) layer.set(sinkName, layer.get(sinkName)! + 1);
  const arrayIsSource = !names.some((n) => /^modules?$/i.test(n));
  const shift = arrayIsSource ? 1 : 0;
  const maxLayer = Math.max(...layer.values()) + shift;
  const svcCols = 1 + (pmOn && !sinkIsService ? 1 : 0) + (sourcesInBackup ? 1 : 0);
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
    // its dashed boundary (16 pt above it) stays under the diagram's heading, the wire still meets it
    const ay = Math.max(src.y + src.h / 2 - af.h / 2, box.y + 18);
    arr = { name: 'PV ARRAY', layer: 0, row: 0, x: box.x + (colW - aw) / 2, y: ay, w: aw, h: af.h, lines: af.lines, head: af.head };
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
    const px = box.x + (maxLayer + 1 + (pmOn ? 1 : 0) + (sourcesInBackup ? 1 : 0)) * colW + (colW - nw) / 2;
    const f = fitNode(c, 'MAIN SERVICE PANEL', mspLines, nw);
    msp = { name: 'MAIN SERVICE PANEL', layer: 99, row: 0, x: px, y: midY - f.h / 2, w: nw, h: f.h, lines: f.lines, head: f.head };
  }
  const bpLines = bk?.backupPanel ? [`${bk.backupPanel.busbarA} A BUSBAR`, `FED BY ${bk.backupPanel.supplyBreakerA} A BREAKER IN MSP`] : [];
  if (sourcesInBackup) {
    // The backup loads panel the sources land in, with its busbar check (705.12 on its busbar).
    const sink = nodes.get(sinkName)!;
    const bb = r.storage?.busbars?.find((x) => x.panel === 'backup-panel');
    const f = fitNode(c, 'BACKUP LOADS PANEL', [...bpLines, ...(bb ? [`PV + ESS: ${bb.rule.toUpperCase()}`] : [])], sink.w);
    sink.y += (sink.h - f.h) / 2; sink.h = f.h; sink.head = f.head; sink.lines = f.lines; sink.name = 'BACKUP LOADS PANEL';
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
  const teLines = bk ? [bk.transferEquipment.model.toUpperCase(), `${bk.transferEquipment.ratingA} A TRANSFER EQUIPMENT`, `${bk.kind === 'whole-home' ? 'WHOLE-HOME' : 'PARTIAL-HOME'} BACKUP, AUTOMATIC`] : [];
  if (!sinkIsService) {
    const last = nodes.get(sinkName)!;
    const to = pm ?? msp;
    if (sourcesInBackup) {
      // backup loads panel → backup gateway → (production meter) → MSP, on the backup feeder from its breaker in the MSP
      const f = fitNode(c, 'BACKUP GATEWAY', teLines, nw);
      const te: Node = { name: 'BACKUP GATEWAY', layer: 97, row: 0, x: to.x - colW, y: midY - f.h / 2, w: nw, h: f.h, lines: f.lines, head: f.head };
      drawNode(te, '#eef7ee');
      c.line(last.x + last.w, last.y + last.h / 2, te.x, last.y + last.h / 2, { lineWidth: 1.2 }, 'E-SLD');
      c.line(te.x + te.w, te.y + te.h / 2, to.x, to.y + to.h / 2, { lineWidth: 1.2 }, 'E-SLD');
    } else c.line(last.x + last.w, last.y + last.h / 2, to.x, to.y + to.h / 2, { lineWidth: 1.2 }, 'E-SLD');
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
  if (b && b.kind === 'partial' && b.backupPanel && sourcesInBackup) drawn('backup-panel');
  if (b && b.kind === 'partial' && b.backupPanel && !sourcesInBackup) {
    drawn('backup-panel');
    const gx = Math.min(msp.x + msp.w + 24, box.x + box.w - msp.w);
    const f = fitNode(c, 'BACKUP GATEWAY', teLines, msp.w);
    const te: Node = { name: 'BACKUP GATEWAY', layer: 101, row: 0, x: gx, y: box.y + 6, w: msp.w, h: f.h, lines: f.lines, head: f.head };
    drawNode(te, '#eef7ee');
    const pf = fitNode(c, 'BACKUP LOADS PANEL', bpLines, msp.w);
    const bp: Node = { name: 'BACKUP LOADS PANEL', layer: 102, row: 0, x: gx, y: te.y + te.h + 18, w: msp.w, h: pf.h, lines: pf.lines, head: pf.head };
    drawNode(bp, '#eef7ee');
    c.poly([[msp.x + msp.w, msp.y + 10], [(msp.x + msp.w + te.x) / 2, msp.y + 10], [(msp.x + msp.w + te.x) / 2, te.y + te.h / 2], [te.x, te.y + te.h / 2]], false, { lineWidth: 1.2 }, 'E-SLD');
    c.line(te.x + te.w / 2, te.y + te.h, bp.x + bp.w / 2, bp.y, { lineWidth: 1.2 }, 'E-SLD');
  }
  c.text('TO UTILITY GRID', um.x + um.w / 2, um.y + um.h + 12, { size: 6.5, bold: true, align: 'center', layer: 'E-SLD' });
  // Right of the MSP; with the MSP in the last column and large text (10 pt), wrapped under the utility meter's "TO UTILITY GRID".
  const gec = 'GEC TO (E) ELECTRODE, 250.64';
  const gecRoom = box.x + box.w - msp.x - msp.w - 6;
  if (c.m.width(gec, c.sz(6.5), false) <= gecRoom) c.text(gec, msp.x + msp.w + 4, msp.y + msp.h - 4, { size: 6.5, layer: 'E-SLD', maxWidth: gecRoom });
  else {
    const gy = um.y + um.h + 12 + c.lh(c.sz(6.5)) * 0.6;
    c.para(gec, um.x - 10, gy, um.w + 20, Math.max(box.y + box.h - gy, c.lh(c.sz(6.5)) * 2.2), { size: 6.5, align: 'center', layer: 'E-SLD', where: 'PV-4 single line diagram' });
  }
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
  const sldH = PV4_SLD_H;
  c.rect(AREA.x, AREA.y, W, sldH, { lineWidth: 1 }, 'G-BORD');
  c.text('SINGLE LINE DIAGRAM', AREA.x + 8, AREA.y + 16, { size: 10, bold: true });
  c.text(`${fmtKw(input.report.summary.systemDcKw)} kW DC / ${fmtKw(input.report.summary.systemAcKw)} kW AC — ${electricalCodeName(input)}`, AREA.x + 8, AREA.y + 28, { size: 7 });
  const order = orderedService(input, 'PV-4');
  drawSld(c, ctx, { x: AREA.x + 8, y: AREA.y + 34, w: W - 16, h: sldH - 40 }, order);
  let y = AREA.y + sldH + 8;

  const { rows, table, ws, scale, schedHeaders, th } = scheduleTable(ctx, c);
  const ta = c.panel(`CONDUCTOR, CONDUIT & OCPD SCHEDULE — CONDUIT TRADE SIZE AND FILL PER ${codeRef(ctx, 'CHAPTER 9, TABLES 1, 4, 5')}`, AREA.x, y, W, th);
  c.table(schedHeaders, table, ta.x, ta.y, ws.map((w) => w * scale), {
    where: 'PV-4 conductor schedule', checkIds: rows.map((r) => [undefined, undefined, undefined, undefined, undefined, `electrical.run.${r.runId}.ampacity-corrected`, undefined, isTap(r) ? `electrical.run.${r.runId}.bonding-jumper` : `electrical.run.${r.runId}.egc`, `electrical.run.${r.runId}.conduit-fill`, `electrical.run.${r.runId}.conduit-fill`, `electrical.run.${r.runId}.ocpd`, `electrical.run.${r.runId}.current`, undefined, `electrical.run.${r.runId}.voltage-drop`].map((id) => (id && check(input.report, id) ? id : undefined))),
  });
  y += th + 8;

  // bottom: interconnection calc | equipment data | notes, flowing down three columns (what PV-4 cannot hold continues on the calculations sheet)
  const lay = pv4Layout(ctx, c, order, y);
  drawFlow(c, lay.placed);
  if (lay.continuedOn) c.text(`CONTINUED ON SHEET ${lay.continuedOn}`, AREA.x + AREA.w - 6, AREA.y + AREA.h - 5, { size: 9, bold: true, align: 'right' });
  return { key: 'pv4', number, title, prims: c.prims, frame: { x: 18, y: 18, w: 1188, h: 756 } };
}

const PV4_SLD_H = 330;

/** PV-4's conductor schedule as a table, and its panel's height. */
function scheduleTable(ctx: SheetContext, c: Canvas) {
  const rows = scheduleRows(ctx);
  const table = rows.map((r, i) => [
    String(i + 1), r.circuit.toUpperCase(), r.from.toUpperCase(), r.to.toUpperCase(), r.conductors.toUpperCase(), r.conductorSize, r.conductorType,
    r.egcSize, racewayText(r), fillText(ctx, r), r.ocpdA === null ? '—' : `${r.ocpdA} A`, `${r.maxCurrentA} A`, `${r.lengthFt} FT`, `${r.voltageDropPct} %`,
  ]);
  const ws = [20, 104, 96, 96, 56, 50, 48, 44, 64, 62, 40, 44, 40, 38];
  const scale = (AREA.w - 10) / ws.reduce((a, b) => a + b, 0);
  const schedHeaders = ['TAG', 'CIRCUIT', 'FROM', 'TO', 'CONDUCTORS', 'SIZE', 'TYPE', rows.some(isTap) ? 'EGC/SSBJ' : 'EGC', 'CONDUIT', 'FILL (CH. 9)', 'OCPD', 'MAX I', 'LENGTH', 'VD'];
  const th = c.tableHeight(schedHeaders, table, ws.map((w) => w * scale)) + c.sz(9) * 1.8 + 12;
  return { rows, table, ws, scale, schedHeaders, th };
}

/** What PV-4 cannot hold at the set's least text size and continues on the calculations sheet's continuation (decided before the sheets are built). */
export function pv4Carry(ctx: SheetContext): FlowBlock[] {
  const c = new Canvas(ctx.m, ctx.minPt, 'PV-4 layout');
  const y = AREA.y + PV4_SLD_H + 8 + scheduleTable(ctx, c).th + 8;
  return pv4Layout(ctx, c, orderedService(ctx.input, 'PV-4'), y).carry;
}

/**
 * PV-4's bottom panels (interconnection with its calculation, the load calculation, equipment data, electrical
 * and PV-4 notes) laid down three columns from `y`. At a large least text size (10 pt AHJs) a long panel continues
 * in the next column; when they still do not fit, the load calculation keeps its result on PV-4 (its steps are on
 * the calculations sheet), and what is left (`carry`) continues on the calculations sheet's continuation.
 */
export function pv4Layout(ctx: SheetContext, c: Canvas, order: OrderedService, y: number): { placed: FlowPlaced[]; carry: FlowBlock[]; continuedOn?: string } {
  const { input } = ctx;
  const W = AREA.w;
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
  const en = points(reqText(input, 'electrical_notes'));
  const notes = (en.length ? en : DEFAULT_ELECTRICAL_NOTES).map((n) => fillVariables(n, ctx.vars));
  const pv4 = sheetNotes(ctx, 'pv4');
  const icBlock: FlowBlock = { title: `INTERCONNECTION — ${interconnectionPointName(input)}`, items: icLines, where: 'PV-4 interconnection', checkIds: linkLines(input.report, icLines), col: 0 };
  const tail: FlowBlock[] = [
    { title: 'EQUIPMENT DATA', items: data, where: 'PV-4 equipment data', checkIds: linkLines(input.report, data), col: 1 },
    { title: 'ELECTRICAL NOTES', items: notes, numbered: true, where: 'PV-4 electrical notes', col: 2 },
    { title: 'PV-4 NOTES', items: [], where: 'PV-4 notes', col: 2, fixedH: (cv, w) => pv4NotesHeight(cv, pv4, w), draw: (cv, b) => drawNotesPanel(cv, ctx, 'pv4', pv4, b) },
  ];
  const cols = [0, 1, 2].map((k) => ({ x: AREA.x + k * (w3 + 8), w: w3 }));
  const bottom = AREA.y + AREA.h;
  // The panels flow down three columns and a long one continues in the next (10 pt AHJs); when the load
  // calculation still does not fit, PV-4 keeps its result and the calculations sheet carries it step by step.
  const calcPage = ctx.pages.find((p) => p.page === 'calc');
  const lcFull: FlowBlock[] = lc ? [{ title: lc.title, items: lc.lines, where: 'PV-4 load calculation', checkIds: lc.checkIds, col: 0 }] : [];
  const lcShort: FlowBlock[] = lc && calcPage ? [{ title: lc.title, items: [...lc.lines.slice(-2), `EACH STEP OF THE CALCULATION: SHEET ${calcPage.number}`], where: 'PV-4 load calculation', checkIds: [...lc.checkIds.slice(-2), undefined], col: 0 }] : [];
  const all = (lcs: FlowBlock[]) => [icBlock, ...lcs, ...tail];
  const whole = flowPanels(c, all(lcFull), cols, y, bottom);
  if (!whole.rest.length) return { placed: whole.placed, carry: [] };
  const short = lcShort.length ? flowPanels(c, all(lcShort), cols, y, bottom) : null;
  if (short && !short.rest.length) return { placed: short.placed, carry: [] };
  // Still too long (10 pt AHJs): the rest continues on the calculations sheet's continuation, named at PV-4's foot.
  if (!calcPage) throw new DrawingOverflow('PV-4', `the interconnection, load calculation, equipment data and notes need more than PV-4's ${(bottom - y).toFixed(0)} pt columns`);
  const cont = flowPanels(c, all(lcShort.length ? lcShort : lcFull), cols, y, bottom - 16);
  const pv4No = sheetNumber(input, 'pv4');
  return { placed: cont.placed, carry: cont.rest.map((r) => ({ ...r, title: `${r.title.split(' — ')[0]!.replace(/ \(CONTINUED\)$/, '')} (FROM ${pv4No})`, col: 0 })), continuedOn: sheetNumber(input, 'calc2') };
}

/** A panel of notes in a sheet's columns: `col` is where it starts at the earliest; unnumbered ones continue in the next column. */
export interface FlowBlock { title: string; items: string[]; where: string; col: number; numbered?: boolean; checkIds?: (string | undefined)[]; fixedH?: (c: Canvas, w: number) => number; draw?: (c: Canvas, box: { x: number; y: number; w: number; h: number }) => void }
export interface FlowPlaced { block: FlowBlock; title: string; items: string[]; checkIds?: (string | undefined)[]; x: number; y: number; w: number; h: number }

/**
 * Lays the blocks down the columns in order: a block starts in its own column or a later one, an unnumbered block
 * that does not fit the rest of a column continues in the next under "(CONTINUED)"; the last panel of each column
 * reaches the bottom. Answers what was placed and the blocks (or the part of one) that did not fit.
 */
export function flowPanels(c: Canvas, blocks: FlowBlock[], cols: { x: number; w: number }[], top: number, bottom: number): { placed: FlowPlaced[]; rest: FlowBlock[] } {
  const head = c.sz(9) * 1.8 + 14;
  const placed: FlowPlaced[] = [];
  let col = 0;
  let y = top;
  const done = (k: number, rest?: FlowBlock) => {
    for (const cx of new Set(placed.map((p) => p.x))) {
      const last = placed.filter((p) => p.x === cx).at(-1)!;
      last.h = bottom - last.y;
    }
    return { placed, rest: [...(rest ? [rest] : []), ...blocks.slice(k + (rest ? 1 : 0))] };
  };
  const nextCol = (): boolean => { col += 1; y = top; return col < cols.length; };
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k]!;
    while (col < b.col) if (!nextCol()) return done(k);
    if (b.fixedH) {
      let h = b.fixedH(c, cols[col]!.w);
      if (y + h > bottom && y > top) { if (!nextCol()) return done(k); h = b.fixedH(c, cols[col]!.w); }
      if (y + h > bottom) return done(k);
      placed.push({ block: b, title: b.title, items: [], x: cols[col]!.x, y, w: cols[col]!.w, h });
      y += h + 4;
      continue;
    }
    let rest = b.items.map((t, i) => ({ t, id: b.checkIds?.[i] }));
    let first = true;
    while (rest.length) {
      const w = cols[col]!.w;
      const all = c.notesHeight(rest.map((r) => r.t), w - 10, { numbered: b.numbered ?? false });
      let n = rest.length;
      if (y + head + all > bottom) {
        n = 0;
        if (!b.numbered) {
          let used = head;
          for (const r of rest) {
            const hh = c.notesHeight([r.t], w - 10, { numbered: false });
            if (y + used + hh > bottom) break;
            used += hh;
            n += 1;
          }
        }
      }
      if (n === 0) {
        if (!nextCol()) {
          const left: FlowBlock = { ...b, title: first ? b.title : contTitle(b.title), items: rest.map((r) => r.t), checkIds: rest.map((r) => r.id) };
          return done(k, left);
        }
        continue;
      }
      const part = rest.slice(0, n);
      const h = head + c.notesHeight(part.map((r) => r.t), w - 10, { numbered: b.numbered ?? false });
      placed.push({ block: b, title: first ? b.title : contTitle(b.title), items: part.map((r) => r.t), checkIds: part.map((r) => r.id), x: cols[col]!.x, y, w, h });
      y += h + 4;
      rest = rest.slice(n);
      first = false;
    }
  }
  return done(blocks.length);
}

/** A continued panel's title: its name before any dash, "(CONTINUED)" (a column is narrow at 10 pt). */
const contTitle = (t: string) => `${t.split(' — ')[0]!.replace(/ \(CONTINUED.*\)$/, '')} (CONTINUED)`;

/** Draws what flowPanels placed. */
export function drawFlow(c: Canvas, placed: readonly FlowPlaced[]): void {
  for (const p of placed) {
    if (p.block.draw) { p.block.draw(c, { x: p.x, y: p.y, w: p.w, h: p.h }); continue; }
    const a = c.panel(p.title, p.x, p.y, p.w, p.h);
    c.notes(p.items, a.x, a.y, a.w, a.h + 2, { numbered: p.block.numbered ?? false, where: p.block.where, checkIds: p.checkIds });
  }
}

/** The height the PV-4 notes panel takes at width w (its groups, or the "no additional notes" line). */
function pv4NotesHeight(c: Canvas, n: SheetNotes, w: number): number {
  const groups = [n.warning, n.utility, n.extra].filter((g) => g.length);
  const body = groups.reduce((s, g) => s + c.lh(c.sz(7)) + 1 + c.notesHeight(g, w - 10) + 3, 0);
  return c.sz(9) * 1.8 + 8 + Math.max(body, 16);
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
