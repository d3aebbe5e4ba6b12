import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import { interconnectionPointName, linkLines, req } from '../planset.model.ts';
import { extraStamps } from './pv1.sheet.ts';
import { combinerModel, disconnectModel, disconnectRating, doubleAcd, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment, type EquipmentKey } from './electrical-model.ts';
import { textBox } from '../check/drawing.lint.ts';
import { type SheetContext } from './sheet-context.ts';
import { drawCustomLeaders } from './sheet-notes.ts';
import { type OrderedService } from './ordered-system.ts';

import { isDc, racewayText, scheduleRows } from './pv4-schedule.ts';

/* PV-4's single-line diagram: the boxes of the equipment, the wires between them, the rapid-shutdown boundary and the service. */

/** A box of the diagram: its equipment name, column (layer) and row, where it is drawn and its text. */
interface Node { name: string; layer: number; row: number; x: number; y: number; w: number; h: number; lines: string[]; head?: string[] }

/** Title and detail lines wrapped to the box width; the height they need. */
export function fitNode(c: Canvas, name: string, lines: string[], w: number): { head: string[]; lines: string[]; h: number } {
  const head = c.m.wrap(name.toUpperCase(), c.sz(7), w - 6, true);
  const body = lines.flatMap((l) => c.m.wrap(l, c.sz(6.5), w - 6));
  return { head, lines: body, h: 8 + head.length * c.lh(c.sz(7)) + body.length * c.lh(c.sz(6.5)) + 4 };
}

export function nodeLines(ctx: SheetContext, name: string): string[] {
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

// eslint-disable-next-line max-lines-per-function -- the single-line diagram's equipment and runs drawn left to right on one cursor and scale
export function drawSld(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }, order: OrderedService): void {
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
  // Right of the MSP where it is clear of what the diagram already holds (a partial backup's gateway and backup loads
  // panel stand there); else, as with the MSP in the last column and large text (10 pt), wrapped under the utility meter's "TO UTILITY GRID".
  const gec = 'GEC TO (E) ELECTRODE, 250.64';
  const gecRoom = box.x + box.w - msp.x - msp.w - 6;
  const gecW = c.m.width(gec, c.sz(6.5), false);
  const gecAt = { x0: msp.x + msp.w + 4, y0: msp.y + msp.h - 4 - 0.72 * c.sz(6.5), x1: msp.x + msp.w + 4 + gecW, y1: msp.y + msp.h - 4 + 0.2 * c.sz(6.5) };
  const hits = (q: { x0: number; y0: number; x1: number; y1: number }) => gecAt.x0 < q.x1 && q.x0 < gecAt.x1 && gecAt.y0 < q.y1 && q.y0 < gecAt.y1;
  const gecClear = !c.prims.some((q) => (q.kind === 'text' && q.text.trim() !== '' && hits(textBox(q))) || (q.kind === 'rect' && q.w < box.w / 2 && hits({ x0: q.x, y0: q.y, x1: q.x + q.w, y1: q.y + q.h })));
  if (gecW <= gecRoom && gecClear) c.text(gec, msp.x + msp.w + 4, msp.y + msp.h - 4, { size: 6.5, layer: 'E-SLD', maxWidth: gecRoom });
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

