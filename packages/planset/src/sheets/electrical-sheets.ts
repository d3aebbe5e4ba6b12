import type { Check, ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import { wordSafeWidths } from '../draw/table-widths.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { necSection } from '@sunstamp/engineering/tables/nec-sections.table';
import { check, electricalCodeName, fmtKw, necEdition, sheetNumber, type ElectricalSheet } from '../planset.model.ts';
import { EQUIPMENT_NAMES, EQUIPMENT_TAGS, drawNorthArrow, fitView } from './plan-view.ts';
import { disconnectRating, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment } from './electrical-model.ts';
import { orderedService } from './ordered-system.ts';
import { loadCalcLines, pv4Carry } from './pv4.sheet.ts';
import { racewayText } from './pv4-schedule.ts';
import { drawFlow, flowPanels, type FlowBlock, type FlowPlaced } from './sheet-flow.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawTitleBlock } from './title-block.sheet.ts';

/*
 * The electrical sheets the set grows as the system does (issue 25, finding 7), after PV-4 and lettered
 * in order (PV-4A, PV-4B, …; planset.model.ts electricalSheets): the three-line diagram where the AHJ
 * asks for one, the energy storage sheet when the system has storage, and the electrical calculations
 * (every electrical check of the report with its formula, value, limit and code section).
 */

export const ELECTRICAL_SHEET_TITLES: Record<ElectricalSheet, string> = {
  threeline: 'THREE LINE DIAGRAM',
  ess: 'ENERGY STORAGE SYSTEM',
  calc: 'ELECTRICAL CALCULATIONS',
};

const frame = { x: 18, y: 18, w: 1188, h: 756 };

function start(ctx: SheetContext, page: ElectricalSheet): { c: Canvas; number: string; title: string } {
  const number = sheetNumber(ctx.input, page);
  const title = ELECTRICAL_SHEET_TITLES[page];
  const c = new Canvas(ctx.m, ctx.minPt, `${number} ${title}`);
  drawTitleBlock(c, ctx, page, title, number);
  c.text(`${title} — ${fmtKw(ctx.input.report.summary.systemDcKw)} kW DC / ${fmtKw(ctx.input.report.summary.systemAcKw)} kW AC — ${electricalCodeName(ctx.input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true, maxWidth: AREA.w });
  return { c, number, title };
}

// ------------------------------------------------------------------------------------------- three-line

interface Wire { name: string; colour: string }

/** The conductors of a run, one by one, from the schedule's "2 + N + EGC" / "4 + EGC" / "2 + N + SSBJ". */
export function conductorsOf(row: ConductorScheduleRow): Wire[] {
  const parts = row.conductors.toUpperCase().split('+').map((s) => s.trim());
  const dc = /string|dc|source/i.test(row.circuit);
  const pre = /battery|ess/i.test(row.circuit) ? 'BAT' : 'PV';
  const out: Wire[] = [];
  for (const p of parts) {
    const n = /^\d+$/.test(p) ? Number(p) : 0;
    if (n) {
      if (dc) for (let i = 0; i < n; i++) out.push(i % 2 === 0 ? { name: `${pre}${Math.floor(i / 2) + 1}+`, colour: '#c00000' } : { name: `${pre}${Math.floor(i / 2) + 1}-`, colour: '#000000' });
      // one circuit: L1, L2; several (micro-inverter branches): each circuit's L1, L2
      else for (let i = 0; i < n; i++) out.push({ name: n > 2 ? `${Math.floor(i / 2) + 1}L${(i % 2) + 1}` : `L${i + 1}`, colour: i % 2 === 0 ? '#000000' : '#c00000' });
    } else if (p === 'N') out.push({ name: 'N', colour: '#7f7f7f' });
    else if (p === 'EGC' || p === 'SSBJ') out.push({ name: p, colour: '#2e8b57' });
    else throw new DrawingOverflow('three-line diagram', `run ${row.runId}: cannot draw the conductors "${row.conductors}" one by one`);
  }
  return out;
}

export function buildThreeLine(ctx: SheetContext): Sheet {
  const { c, number, title } = start(ctx, 'threeline');
  const { input } = ctx;
  const rows = input.report.conductorSchedule;
  const model = sldEquipment(ctx, number);
  const rank = (n: string) => model.findIndex((q) => q.key === equipmentKeyOf(n));
  const onRuns = [...new Set(rows.flatMap((r) => [r.from, r.to]))].sort((a, b) => rank(a) - rank(b));
  const isSvc = (n: string) => equipmentKeyOf(n) === 'main-panel' || equipmentKeyOf(n) === 'service-tap';
  const isBackup = (n: string) => equipmentKeyOf(n) === 'backup-gateway' || equipmentKeyOf(n) === 'backup-panel';
  const side = onRuns.filter((n) => equipmentKeyOf(n) === 'battery' && rows.some((r) => r.from === n));
  const chain = onRuns.filter((n) => !side.includes(n) && !isSvc(n) && !isBackup(n));
  const svcName = onRuns.find(isSvc) ?? 'MAIN SERVICE PANEL';
  const pmName = productionMeterShown(ctx) ? 'PRODUCTION METER' : null;
  // Power-flow order: the PV equipment, the production meter, the service, the utility meter.
  const order = orderedService(input, number);
  const bk = order.backup;
  // The backup equipment under the names the schedule gives it (a run may end there), else the diagram's own.
  const gateway = bk ? (onRuns.find((n) => equipmentKeyOf(n) === 'backup-gateway') ?? 'BACKUP GATEWAY') : null;
  const backupPanel = bk?.kind === 'partial' && bk.backupPanel ? (onRuns.find((n) => equipmentKeyOf(n) === 'backup-panel') ?? 'BACKUP LOADS PANEL') : null;
  // Partial backup (issue 25): the gateway and the backup loads panel hang below the MSP on its backup feeder
  // (the sources land in the MSP, as PV-4 draws it).
  const items = [...chain, ...(pmName ? [pmName] : []), svcName, ...(bk?.kind === 'whole-home' ? [gateway!] : []), 'UTILITY METER'];
  const box = { x: AREA.x + 8, y: AREA.y + 40, w: AREA.w - 16, h: 420 };
  const colW = box.w / items.length;
  const bw = Math.min(colW - 50, 140);
  const bh = 150;
  const pos = new Map<string, { x: number; y: number }>();
  items.forEach((n, i) => pos.set(n, { x: box.x + i * colW + (colW - bw) / 2, y: box.y + 40 }));
  const lowY = box.y + 40 + bh + 100;
  side.forEach((n) => {
    const feeds = rows.find((r) => r.from === n)!.to;
    const p = pos.get(feeds)!;
    pos.set(n, { x: p.x - colW / 2, y: lowY });
  });
  if (backupPanel) {
    // below the MSP on its backup feeder: the gateway half a column left (its wires rise to the MSP as the
    // battery's do to what it feeds), the backup loads panel to its right, under the meter's side
    const sp = pos.get(svcName)!;
    pos.set(gateway!, { x: sp.x - colW / 2, y: lowY });
    pos.set(backupPanel, { x: sp.x + colW / 2, y: lowY });
  }
  const drawBox = (name: string, x: number, y: number, lines: string[]) => {
    c.rect(x, y, bw, bh, { lineWidth: 1, fill: '#fff' }, 'E-SLD');
    const head = c.m.wrap(name.toUpperCase(), c.sz(7), bw - 6, true);
    let ty = y + 12;
    for (const h of head) { c.text(h, x + bw / 2, ty, { size: 7, bold: true, align: 'center', layer: 'E-SLD' }); ty += c.lh(c.sz(7)); }
    for (const l of lines.flatMap((t) => c.m.wrap(t, c.sz(6.5), bw - 6))) { c.text(l, x + bw / 2, ty, { size: 6.5, align: 'center', layer: 'E-SLD' }); ty += c.lh(c.sz(6.5)); }
  };
  const ic = input.report.interconnection;
  const linesFor = (n: string): string[] => {
    if (n === pmName) { const pl = productionMeterLines(ctx); return [pl.model || 'UTILITY-APPROVED', pl.feed]; }
    if (n === gateway && bk) return [bk.transferEquipment.model.toUpperCase(), `${bk.transferEquipment.ratingA} A TRANSFER EQUIPMENT`, bk.kind === 'whole-home' ? 'WHOLE-HOME BACKUP' : 'PARTIAL-HOME BACKUP'];
    if (n === backupPanel && bk?.backupPanel) return [`${bk.backupPanel.busbarA} A BUSBAR`, `FED BY ${bk.backupPanel.supplyBreakerA} A BREAKER IN MSP`, 'BACKED-UP LOADS'];
    if (n === 'UTILITY METER') return [input.job.utilityMeterNumber ? `METER # ${input.job.utilityMeterNumber}` : 'BI-DIRECTIONAL', input.job.utilityName.toUpperCase()];
    const k = equipmentKeyOf(n);
    if (k === 'ac-disconnect') return [disconnectRating(ctx, number)];
    if (k === 'main-panel' || k === 'service-tap') return [`${ic.busbarA} A BUSBAR, ${ic.mainBreakerA} A MAIN`, ...(ic.pvBreakerA ? [`${ic.pvBreakerA} A 2P PV BREAKER`] : [])];
    if (k === 'inverter') return [`(${input.equipment.inverter.count}) ${input.equipment.inverter.model}`];
    if (k === 'battery' && input.equipment.battery) return [`(${input.equipment.battery.count}) ${input.equipment.battery.model}`];
    return [];
  };
  for (const [n, p] of pos) drawBox(n, p.x, p.y, linesFor(n));
  const bundle = (p: { x: number; y: number }, q: { x: number; y: number }, ws: Wire[]) => {
    // left to right, whichever way the power flows (the backup feeder runs from the MSP back to the gateway)
    const [a, b] = p.x <= q.x ? [p, q] : [q, p];
    const gap = Math.min(14, (bh - 50) / Math.max(ws.length, 1));
    ws.forEach((w, i) => {
      const yy = a.y + 36 + i * gap;
      c.line(a.x + bw, yy, b.x, yy, { lineWidth: 1, stroke: w.colour }, 'E-SLD');
      c.circle(a.x + bw, yy, 1.5, { fill: w.colour }, 'E-SLD');
      c.circle(b.x, yy, 1.5, { fill: w.colour }, 'E-SLD');
      c.text(w.name, a.x + bw + 3, yy - 2, { size: 6.5, layer: 'E-SLD' });
    });
  };
  // from a box up to the one above it: spaced for their names; the wire that turns highest lands leftmost, so no two cross
  const riser = (lo: { x: number; y: number }, up: { x: number; y: number }, ws: Wire[]) => {
    ws.forEach((w, i) => {
      const x = lo.x + bw - 12 - i * 26;
      const x2 = up.x + 12 + (ws.length - 1 - i) * 26;
      const turn = lo.y - 14 - i * 6;
      c.poly([[x, lo.y], [x, turn], [x2, turn], [x2, up.y + bh]], false, { lineWidth: 1, stroke: w.colour }, 'E-SLD');
      c.text(w.name, x + 2, lo.y - 3, { size: 6.5, layer: 'E-SLD' });
    });
  };
  // every conductor of every run, a terminal on each side, its name
  for (const [ri, row] of rows.entries()) {
    const p = pos.get(row.from)!;
    const q = pos.get(pmName && row.to === svcName ? pmName : row.to)!;
    // a run between rows rises from the lower box to the upper one (the battery to what it feeds, the
    // partial-backup gateway to the MSP that feeds it)
    const [a, b] = q.y > p.y ? [q, p] : [p, q];
    const ws = conductorsOf(row);
    const below = a.y !== b.y;
    if (!below) bundle(a, b, ws);
    else riser(a, b, ws);
    const tx = below ? a.x - 40 : (a.x + bw + b.x) / 2;
    const ty = below ? a.y + bh / 2 : a.y + bh + 14;
    c.circle(tx, ty - 3, 7, { fill: '#fff', lineWidth: 0.8 }, 'E-SLD');
    c.text(String(ri + 1), tx, ty - 0.5, { size: 7, bold: true, align: 'center', layer: 'E-SLD' });
    const desc = `${row.conductorSize} ${row.conductorType}, ${row.egcSize} ${/SSBJ/.test(row.conductors) ? 'SSBJ' : 'EGC'}, ${racewayText(row)}`;
    if (!below) c.para(desc, tx - colW / 2 + 4, ty + 8, colW - 8, 40, { size: 6.5, align: 'center', where: `${number} run ${row.runId}` });
    else c.para(desc, a.x, a.y + bh + 6, bw, 40, { size: 6.5, align: 'center', where: `${number} run ${row.runId}` });
  }
  // links the schedule has no run for: into the service when it is not in the schedule, the meter, the utility
  const ac3: Wire[] = [{ name: 'L1', colour: '#000000' }, { name: 'L2', colour: '#c00000' }, { name: 'N', colour: '#7f7f7f' }];
  for (let i = 0; i + 1 < items.length; i++) {
    const [from, to] = [items[i]!, items[i + 1]!];
    const covered = rows.some((r) => (r.from === from && (r.to === to || (pmName && to === pmName && r.to === svcName))) || (r.from === to && r.to === from));
    if (!covered) bundle(pos.get(from)!, pos.get(to)!, ac3);
  }
  if (backupPanel) {
    // the backup side below the MSP: its feeder (a run of the schedule, else drawn L1/L2/N) and the gateway's feed to the backup loads panel
    if (!rows.some((r) => (r.from === svcName && r.to === gateway) || (r.from === gateway && r.to === svcName))) {
      const lo = pos.get(gateway!)!;
      riser(lo, pos.get(svcName)!, ac3);
      // the schedule has no run for the feeder: say what protects it rather than print a size the report did not calculate
      if (bk?.backupPanel) c.para(`BACKUP FEEDER FROM ${bk.backupPanel.supplyBreakerA} A BREAKER IN MSP (NOT IN THE SCHEDULE: SIZE PER 240.4)`, lo.x + bw + 6, lo.y - 44, colW - 20, 40, { size: 6.5, where: `${number} backup feeder` });
    }
    if (!rows.some((r) => (r.from === gateway && r.to === backupPanel) || (r.from === backupPanel && r.to === gateway))) bundle(pos.get(gateway!)!, pos.get(backupPanel)!, ac3);
  }
  c.text('TO UTILITY GRID', pos.get('UTILITY METER')!.x + bw / 2, box.y + 40 + bh + 14, { size: 6.5, bold: true, align: 'center', layer: 'E-SLD' });
  const sp = pos.get(svcName)!;
  // the GEC clear of the backup feeder's wires when the gateway hangs below the MSP
  const [gx, gy] = [backupPanel ? sp.x + bw - 14 : sp.x + bw / 2, sp.y + bh];
  c.line(gx, gy, gx, gy + 30, { lineWidth: 1, stroke: '#2e8b57' }, 'E-SLD');
  for (let k = 0; k < 3; k++) c.line(gx - 10 + k * 3, gy + 30 + k * 4, gx + 10 - k * 3, gy + 30 + k * 4, { lineWidth: 1, stroke: '#2e8b57' }, 'E-SLD');
  c.text('GEC TO (E) GROUNDING ELECTRODE (250.64)', gx + 14, gy + 24, { size: 6.5, layer: 'E-SLD', maxWidth: AREA.x + AREA.w - gx - 16 });
  // legend
  const legend = ['L1 = BLACK, L2 = RED, N = WHITE/GREY, EGC/SSBJ = GREEN OR BARE; PV+ = RED, PV- = BLACK (DC)', 'EACH CONDUCTOR OF EACH RUN IS DRAWN; SIZES, TYPES AND CONDUITS AS THE SCHEDULE ON SHEET ' + sheetNumber(input, 'pv4'), 'TAGS MATCH THE CONDUCTOR SCHEDULE ON SHEET ' + sheetNumber(input, 'pv4')];
  const lh = c.notesHeight(legend, AREA.w - 20) + c.sz(9) * 1.8 + 12;
  const la = c.panel('LEGEND', AREA.x, AREA.y + AREA.h - lh, AREA.w, lh);
  c.notes(legend, la.x, la.y, la.w, la.h + 2, { where: `${number} legend` });
  return { key: 'threeline', number, title, prims: c.prims, frame };
}

// ------------------------------------------------------------------------------------------- ESS

/** The schedule's runs the stored energy flows on: the battery's own circuit and every run downstream of it to the service, and the backup side's. */
export function storageRuns(rows: readonly ConductorScheduleRow[]): ConductorScheduleRow[] {
  const key = (n: string) => equipmentKeyOf(n);
  const reached = new Set(rows.filter((r) => key(r.from) === 'battery').map((r) => r.to));
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) {
      if (reached.has(r.from) && !reached.has(r.to) && key(r.from) !== 'main-panel' && key(r.from) !== 'service-tap') { reached.add(r.to); grew = true; }
    }
  }
  return rows.filter((r) => key(r.from) === 'battery' || (reached.has(r.from) && key(r.from) !== 'main-panel' && key(r.from) !== 'service-tap')
    || ['backup-gateway', 'backup-panel'].includes(key(r.from) ?? '') || ['backup-gateway', 'backup-panel'].includes(key(r.to) ?? ''));
}

/** ESS location plan: the building with the battery, the backup equipment and the service where the design places them. */
const ESS_PLAN_KINDS = ['battery', 'backup_gateway', 'main_panel', 'utility_meter', 'inverter', 'combiner', 'ac_disconnect'] as const;

function drawEssPlan(c: Canvas, ctx: SheetContext, at: { x: number; y: number; w: number }, where: string): number {
  const d = ctx.input.design;
  const eq = d.equipment.filter((e) => (ESS_PLAN_KINDS as readonly string[]).includes(e.kind));
  const legend = eq.map((e) => `${EQUIPMENT_TAGS[e.kind] ?? e.kind} = ${EQUIPMENT_NAMES[e.kind] ?? e.kind}${e.note ? `, ${e.note.toUpperCase()}` : ''}`);
  if (!eq.some((e) => e.kind === 'battery')) legend.push('THE DESIGN PLACES NO BATTERY ON THE SITE PLAN: ITS LOCATION IS NOT SHOWN');
  const legendH = c.notesHeight(legend, at.w - 10, { numbered: false });
  const planH = 170;
  const h = planH + legendH + c.sz(9) * 1.8 + 16;
  const a = c.panel('ESS LOCATION PLAN', at.x, at.y, at.w, h);
  const box = { x: a.x + 4, y: a.y + 4, w: a.w - 60, h: planH - 8 };
  const v = fitView([...d.site.building, ...eq.map((e) => ({ x: e.x, y: e.y }))], box);
  c.poly(d.site.building.map(v.toP), true, { lineWidth: 1.2, fill: '#f4f4f4' }, 'A-SITE');
  const placed = eq.map((e) => ({ e, p: v.toP(e) })).sort((m, n) => m.p[1] - n.p[1]);
  const tagX = Math.max(...placed.map((m) => m.p[0]), ...d.site.building.map((b) => v.toP(b)[0])) + 14;
  const step = c.lh(c.sz(6.5)) + 1;
  let ty = Math.max(box.y + 6, (placed[0]?.p[1] ?? box.y) - ((placed.length - 1) * step) / 2);
  for (const { e, p } of placed) {
    const bat = e.kind === 'battery' || e.kind === 'backup_gateway';
    c.circle(p[0], p[1], bat ? 3.5 : 2.5, { fill: bat ? '#2e8b57' : '#000' }, 'E-EQPM');
    c.line(p[0], p[1], tagX - 2, ty - 2, { lineWidth: 0.4, stroke: '#555' }, 'E-EQPM');
    c.text(EQUIPMENT_TAGS[e.kind] ?? e.kind, tagX, ty, { size: 6.5, bold: true, layer: 'E-EQPM', maxWidth: a.x + a.w - tagX, where });
    ty += step;
  }
  drawNorthArrow(c, a.x + a.w - 16, a.y + 22);
  c.text(`SCALE: ${v.scaleLabel}`, a.x + a.w - 4, a.y + planH - 8, { size: 6.5, align: 'right', where });
  c.notes(legend, a.x, a.y + planH, a.w, legendH + 4, { numbered: false, where });
  return h;
}

export function buildEss(ctx: SheetContext): Sheet {
  const { c, number, title } = start(ctx, 'ess');
  const { input } = ctx;
  const order = orderedService(input, number);
  const st = order.storage;
  const bat = input.equipment.battery;
  if (!st || !bat) throw new DrawingOverflow(number, 'the energy storage sheet needs the ordered battery and the report\'s energy storage system');
  const ed = necEdition(input.report);
  const code = electricalCodeName(input);
  const pv4 = sheetNumber(input, 'pv4');
  const labelSheet = sheetNumber(input, ctx.pages.some((p) => p.page === 'labels') ? 'labels' : 'pv5');
  const cut = ctx.pages.find((p) => p.title === 'CUT SHEET — BATTERY')?.number;
  const cutRef = cut ? `CUT SHEET ${cut}` : 'THE MANUFACTURER\'S DATASHEET';
  const rows = storageRuns(input.report.conductorSchedule);
  const labels = ctx.labels.filter((l) => /^label\.(706|480)/.test(l.id) || /ENERGY STORAGE/.test(l.lines.join(' ')));
  const emergency = ctx.labels.find((l) => l.id === 'label.480-7-b');
  const directory = input.report.labels.find((l) => l.id === 'label.705-10');
  const essAt = /^ENERGY STORAGE SYSTEM.*: DISCONNECT AT (.+)$/.exec(directory?.lines.find((ln) => /^ENERGY STORAGE SYSTEM/.test(ln)) ?? '')?.[1];
  const batNote = input.design.equipment.find((e) => e.kind === 'battery')?.note;
  const gap = 10;
  const colW = (AREA.w - 2 * gap) / 3;
  const cols = [AREA.x, AREA.x + colW + gap, AREA.x + 2 * (colW + gap)];
  const top = AREA.y + 26;
  const panelNotes = (heading: string, items: string[], x: number, y: number, numbered: boolean, w = colW): number => {
    const h = c.notesHeight(items, w - 10, { numbered }) + c.sz(9) * 1.8 + 12;
    const a = c.panel(heading, x, y, w, h);
    c.notes(items, a.x, a.y, a.w, a.h + 2, { numbered, where: `${number} ${heading.toLowerCase()}` });
    return h + 8;
  };

  // column 1: the battery and its ratings; the backup equipment
  const total = Math.round(bat.count * bat.energyKwh * 100) / 100;
  const data = [
    `BATTERY: (${bat.count}) ${bat.manufacturer} ${bat.model}`.toUpperCase(),
    `ENERGY: ${bat.energyKwh} kWh EACH, ${total} kWh TOTAL`,
    st.coupling === 'ac'
      ? `AC-COUPLED (THE UNIT'S OWN INVERTER)${st.acOutputA !== null ? `, ${st.acOutputA} A CONTINUOUS AC OUTPUT` : ''}`
      : `DC-COUPLED ON THE INVERTER'S DC SIDE${st.dcCircuitA !== null ? `, ${st.dcCircuitA} A NAMEPLATE DC CIRCUIT CURRENT` : ''}`,
    ...(st.nominalVoltageV ? [`NOMINAL ESS VOLTAGE: ${st.nominalVoltageV} V ${st.coupling === 'dc' ? 'DC' : 'AC'}`] : []),
    `LOCATION: ${essAt ? essAt : batNote ? batNote.toUpperCase() : 'AS THE ESS LOCATION PLAN SHOWS'}`,
    `RATINGS AND DIMENSIONS: ${cutRef}`,
  ];
  let y1 = top + panelNotes('ENERGY STORAGE SYSTEM DATA', data, cols[0]!, top, false);
  const b = order.backup;
  const backup = b ? [
    `${b.kind === 'whole-home' ? 'WHOLE-HOME' : 'PARTIAL-HOME'} BACKUP, AUTOMATIC TRANSFER`,
    `BACKUP GATEWAY (TRANSFER EQUIPMENT, ${necSection('transferEquipment', ed)}): ${b.transferEquipment.model.toUpperCase()}, ${b.transferEquipment.ratingA} A`,
    b.kind === 'whole-home' ? 'BETWEEN THE UTILITY METER AND THE MAIN SERVICE PANEL' : `FED FROM A ${b.backupPanel?.supplyBreakerA ?? '—'} A BREAKER IN THE MAIN SERVICE PANEL`,
    ...(b.backupPanel ? [`BACKUP LOADS PANEL: ${b.backupPanel.busbarA} A BUSBAR`] : []),
    `SOURCES CONNECT TO THE ${b.sourcesConnectTo === 'main-panel' ? 'MAIN SERVICE PANEL' : b.sourcesConnectTo === 'backup-panel' ? 'BACKUP LOADS PANEL' : 'TRANSFER EQUIPMENT'}`,
    // the section as the report's check cites it (702.4(B)(2)(a) or (b) by load management before 2023)
    `STANDBY CAPACITY ${b.standbyCapacityA} A FOR ${b.transferredLoadA} A TRANSFERRED${b.loadManagement ? ' (LOAD MANAGED)' : ''} (${(check(input.report, 'electrical.storage.standby-capacity')?.ref.section.split(/;\s*/)[0]) ?? necSection('standbyCapacity', ed)})`,
  ] : ['NONE: GRID-INTERACTIVE ONLY, NO TRANSFER EQUIPMENT'];
  y1 += panelNotes('BACKUP AND TRANSFER EQUIPMENT', backup, cols[0]!, y1, false);

  // column 2: disconnects and overcurrent protection; the location plan
  const ocpd = rows.filter((r) => r.ocpdA !== null).map((r) => `${r.runId} ${r.from.toUpperCase()} → ${r.to.toUpperCase()}: ${r.ocpdA} A OCPD (${r.conductorSize} ${r.conductorType})`);
  const disc = [
    `ESS DISCONNECTING MEANS (${code} ${st.disconnect.ref.section}): ${essAt ? `AT ${essAt}` : 'AT THE ESS, SEE THE LOCATION PLAN'}; MARKED PER ${st.disconnect.markingRef.section} (SHEET ${labelSheet})`,
    ...(emergency ? [`EMERGENCY DISCONNECT (${code} ${emergency.section}): THE BATTERY SYSTEM'S DISCONNECT OR ITS REMOTE CONTROL, READILY ACCESSIBLE OUTSIDE THE BUILDING, LABELED "EMERGENCY DISCONNECT"`] : []),
    ...ocpd,
    ...(b ? [`THE BACKUP GATEWAY ISOLATES THE BACKED-UP LOADS FROM THE UTILITY (${necSection('transferEquipment', ed)})`] : []),
    `SERVICE DISCONNECT: ${input.report.interconnection.mainBreakerA} A MAIN BREAKER IN THE MAIN SERVICE PANEL`,
  ];
  let y2 = top + panelNotes('DISCONNECTS AND OVERCURRENT PROTECTION', disc, cols[1]!, top, false);
  y2 += drawEssPlan(c, ctx, { x: cols[1]!, y: y2, w: colW }, `${number} ESS location plan`) + 8;

  // column 3: installation notes (706 / 480 and the manufacturer), the labels
  const install = [
    `INSTALL THE ESS PER ITS LISTING AND THE MANUFACTURER'S INSTALLATION INSTRUCTIONS (${code} 110.3(B)); THE ESS SHALL BE LISTED (UL 9540).`,
    `MOUNTING, CLEARANCES TO WALLS, OTHER UNITS, DOORS, WINDOWS AND VENTS, AND PERMITTED LOCATIONS: AS THE MANUFACTURER'S INSTALLATION MANUAL FOR THE ${bat.model.toUpperCase()} REQUIRES (${cutRef}); THE JOB'S DATA DO NOT GIVE THEM, SO NO VALUE IS PRINTED HERE.`,
    st.coupling === 'ac' && (st.nominalVoltageV ?? 240) <= 240
      ? 'WORKING SPACE IN FRONT OF THE ESS, ITS DISCONNECT, THE GATEWAY AND THE PANELS PER 110.26(A): 3 FT DEEP (TABLE 110.26(A)(1), 0–150 V TO GROUND), 30 IN OR THE EQUIPMENT WIDE, 6.5 FT HIGH.'
      : 'WORKING SPACE IN FRONT OF THE ESS, ITS DISCONNECT, THE GATEWAY AND THE PANELS PER 110.26(A): DEPTH PER TABLE 110.26(A)(1) FOR THE VOLTAGE TO GROUND, 30 IN OR THE EQUIPMENT WIDE, 6.5 FT HIGH.',
    `ESS CIRCUIT CURRENT ${necSection('essCircuitCurrent', ed)}, CONDUCTORS ${necSection('essConductor', ed)}, OVERCURRENT PROTECTION ${necSection('essOcpd', ed)}: AS THE SCHEDULE ON SHEET ${pv4} AND THE TABLE BELOW.`,
    `THE 705.10 DIRECTORY AT THE SERVICE EQUIPMENT NAMES THE ESS AND WHERE ITS DISCONNECT IS (SHEET ${labelSheet}).`,
  ];
  let y3 = top + panelNotes('INSTALLATION NOTES', install, cols[2]!, top, true);
  const lbl = labels.map((l) => `${l.code}: ${l.lines.join(' / ')} — AT ${l.location}`);
  y3 += panelNotes(`ENERGY STORAGE LABELS (SHEET ${labelSheet})`, lbl, cols[2]!, y3, false);

  // full width: the circuits between the components, the report's storage checks. Where the checks do not fit
  // under the circuits (10 pt text), the sheet names the calculation sheet that prints them (every electrical
  // section is printed there) instead of squeezing the table.
  let y = Math.max(y1, y2, y3);
  const heads = ['RUN', 'CIRCUIT', 'FROM', 'TO', 'CONDUCTORS', 'SIZE', 'TYPE', 'EGC', 'CONDUIT', 'OCPD', 'MAX I'];
  const ws = [30, 190, 110, 110, 80, 50, 90, 50, 110, 45, 50];
  const sc = (AREA.w - 10) / ws.reduce((a, v) => a + v, 0);
  const tbl = rows.map((r) => [r.runId, r.circuit.toUpperCase(), r.from.toUpperCase(), r.to.toUpperCase(), r.conductors.toUpperCase(), r.conductorSize, r.conductorType, r.egcSize, racewayText(r), r.ocpdA === null ? '—' : `${r.ocpdA} A`, `${r.maxCurrentA} A`]);
  const th = c.tableHeight(heads, tbl, ws.map((w) => w * sc)) + c.sz(9) * 1.8 + 12;
  if (y + th > AREA.y + AREA.h) throw new DrawingOverflow(number, 'the energy storage sheet does not fit (circuits)');
  const ta = c.panel(`CONDUCTORS AND OCPD BETWEEN THE COMPONENTS (FROM THE SCHEDULE ON SHEET ${pv4})`, AREA.x, y, AREA.w, th);
  c.table(heads, tbl, ta.x, ta.y, ws.map((w) => w * sc), { where: `${number} ESS circuits` });
  y += th + 8;
  const storage = input.report.sections.find((s) => s.id === 'electrical.storage');
  const checks = storage?.checks ?? [];
  if (checks.length && y + checkTableHeight(c, ctx, checks, AREA.w) <= AREA.y + AREA.h) checkTable(c, ctx, 'ENERGY STORAGE CHECKS', checks, { x: AREA.x, y, w: AREA.w }, number);
  else if (checks.length) {
    const on = calcPagesOfSection(ctx, storage!).map((p) => sheetNumber(input, p));
    const at = `${on.length > 1 ? 'SHEETS' : 'SHEET'} ${on.join(' AND ')}`;
    const note = [`THE ${checks.length} ENERGY STORAGE CHECK${checks.length > 1 ? 'S' : ''} (${checks.map((k) => k.title.toUpperCase()).join('; ')}) ARE PRINTED WITH THE ELECTRICAL CALCULATIONS ON ${at}, TABLE "${storage!.title.toUpperCase()}".`];
    if (y + c.notesHeight(note, AREA.w - 10, { numbered: false }) + c.sz(9) * 1.8 + 12 > AREA.y + AREA.h) throw new DrawingOverflow(number, 'the energy storage sheet does not fit (storage checks)');
    panelNotes('ENERGY STORAGE CHECKS', note, AREA.x, y, false, AREA.w);
  }
  return { key: 'ess', number, title, prims: c.prims, frame };
}

// ------------------------------------------------------------------------------------------- calculations

const fmt = (v: unknown): string => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v ?? ''));

const CHECK_HEADS = ['CHECK', 'FORMULA', 'VALUE', 'LIMIT', 'RESULT', 'CODE'];
const CHECK_WIDTHS = [300, 250, 70, 80, 44, 150];

function checkRows(ctx: SheetContext, checks: Check[]): string[][] {
  const code = electricalCodeName(ctx.input);
  return checks.map((k) => {
    // A requirement the engine states rather than calculates (value "required", no limit, no verdict, e.g. the ESS
    // disconnecting means, whose formula says what is required): the values it was stated for and no limit, never "required / — / —".
    const stated = typeof k.value === 'string' && !k.limit && k.pass == null;
    const value = stated ? k.inputs.map((i) => `${i.name}: ${fmt(i.value)}${i.unit ? ` ${i.unit}` : ''}`.toUpperCase()).join('; ') : `${fmt(k.value)} ${k.unit}`.trim();
    return [
      k.title.toUpperCase(), k.formula, value, k.limit ? `${k.limit.relation === '<=' ? '≤' : k.limit.relation === '>=' ? '≥' : k.limit.relation} ${fmt(k.limit.value)} ${k.limit.unit ?? ''}`.trim() : stated ? 'NONE' : '—',
      k.pass === false ? 'FAIL' : k.pass === true ? 'OK' : '—', `${code} ${k.ref.section}`,
    ];
  });
}

/** A check table's column widths at width `w`: in proportion, or (`wordSafe`, the calculations continued in columns) no column narrower than its longest word. */
const checkWidths = (c: Canvas, rows: string[][], w: number, wordSafe: boolean): number[] =>
  (wordSafe ? wordSafeWidths(c, CHECK_HEADS, rows, CHECK_WIDTHS, w - 10, 6.5) : CHECK_WIDTHS.map((x) => (x * (w - 10)) / CHECK_WIDTHS.reduce((a, b) => a + b, 0)));

/** The height a check table takes at width `w` (the same sum checkTable draws). */
function checkTableHeight(c: Canvas, ctx: SheetContext, checks: Check[], w: number, wordSafe = false): number {
  const rows = checkRows(ctx, checks);
  return c.tableHeight(CHECK_HEADS, rows, checkWidths(c, rows, w, wordSafe), { size: 6.5 }) + c.sz(9) * 1.8 + 12;
}

/** A table of report checks: what, formula, value, limit, result, code section. Returns the height used. */
function checkTable(c: Canvas, ctx: SheetContext, title: string, checks: Check[], at: { x: number; y: number; w: number }, where: string, wordSafe = false): number {
  const heads = CHECK_HEADS;
  const rows = checkRows(ctx, checks);
  const h = checkTableHeight(c, ctx, checks, at.w, wordSafe);
  const a = c.panel(title, at.x, at.y, at.w, h);
  c.table(heads, rows, a.x, a.y, checkWidths(c, rows, at.w, wordSafe), { size: 6.5, where, checkIds: checks.map((k) => [k.id, undefined, k.id, undefined, k.id, undefined]) });
  return h;
}

/** One row per run: the conductor calculation the schedule's sizes come from (690.8, 310, 240, 250.122, Chapter 9). */
function runTable(c: Canvas, ctx: SheetContext, at: { x: number; y: number; w: number }, where: string): number {
  const r = ctx.input.report;
  const cell = (id: string): string => {
    const k = r.sections.flatMap((s) => s.checks).find((q) => q.id === id);
    if (!k) return '—';
    const lim = k.limit ? ` ${k.limit.relation === '<=' ? '≤' : k.limit.relation === '>=' ? '≥' : k.limit.relation} ${fmt(k.limit.value)} ${k.limit.unit ?? ''}` : '';
    return `${`${fmt(k.value)} ${k.unit}`.trim()}${lim}`.trim() + (k.pass === false ? ' FAIL' : '');
  };
  const heads = ['RUN', 'CIRCUIT', 'MAX CURRENT', 'AMPACITY AT 125 % / TERMINALS', 'CORRECTED AMPACITY', 'OCPD', 'EGC / SSBJ', 'VOLTAGE DROP', 'CONDUIT FILL'];
  const ws = [30, 170, 70, 120, 110, 90, 90, 90, 100];
  const sc = (at.w - 10) / ws.reduce((a, b) => a + b, 0);
  const rows = r.conductorSchedule.map((row) => {
    const p = `electrical.run.${row.runId}`;
    return [row.runId, row.circuit.toUpperCase(), `${row.maxCurrentA} A`, cell(`${p}.ampacity-continuous`), cell(`${p}.ampacity-corrected`), cell(`${p}.ocpd`), /SSBJ/.test(row.conductors) ? cell(`${p}.bonding-jumper`) : cell(`${p}.egc`), cell(`${p}.voltage-drop`), row.raceway === 'free air' ? 'FREE AIR' : `${cell(`${p}.conduit-fill`)} IN ${racewayText(row)}`];
  });
  const code = electricalCodeName(ctx.input);
  // The sections as the engine cites them for the edition (never a fixed list: 705.28 is 705.60 in 2017).
  const cols = ['current', 'ampacity-continuous', 'ampacity-corrected', 'ocpd', 'egc', 'bonding-jumper', 'voltage-drop', 'conduit-fill'];
  const sections = [...new Set(r.sections.flatMap((sec) => sec.checks).filter((k) => /^electrical\.run\.[^.]+\.(.+)$/.exec(k.id) && cols.includes(/^electrical\.run\.[^.]+\.(.+)$/.exec(k.id)![1]!)).flatMap((k) => k.ref.section.split(/;\s*/)))];
  const note = `${code}: ${sections.join('; ')}`;
  const h = c.tableHeight(heads, rows, ws.map((w) => w * sc), { size: 6.5 }) + c.paraHeight(note, at.w - 10, { size: 6.5 }) + c.sz(9) * 1.8 + 16;
  const a = c.panel('CONDUCTOR CALCULATIONS BY RUN', at.x, at.y, at.w, h);
  const th = c.table(heads, rows, a.x, a.y, ws.map((w) => w * sc), { size: 6.5, where });
  c.para(note, a.x, a.y + th + 3, a.w, a.h - th, { size: 6.5, where });
  return h;
}

export const CALC2_TITLE = 'CALCULATIONS (CONTINUED)';

type Col = { x: number; y: number; w: number };

/**
 * The calculations on one sheet: the check tables flow down a column and on into the next; the load
 * calculation heads the last column. A wide left column first; where the tables do not fit there (text is
 * 8 pt at least), two, then three equal columns. Null when they do not fit on one sheet.
 */
function calcOneSheet(c: Canvas, ctx: SheetContext, top: number): { placed: { s: ReportSection; x: number; y: number; w: number }[]; lc: { x: number; w: number; h: number } | null } | null {
  const sections = calcSections(ctx);
  const lc = loadCalcLines(ctx, orderedService(ctx.input, 'calc'));
  const bottom = AREA.y + AREA.h;
  const gap = 8;
  const layouts: number[][] = lc ? [[0.66, 0.34], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]] : [[1], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]];
  for (const shares of layouts) {
    const usable = AREA.w - gap * (shares.length - 1);
    let x = AREA.x;
    const columns: Col[] = shares.map((share) => { const col = { x, y: top, w: usable * share }; x += col.w + gap; return col; });
    const last = columns[columns.length - 1]!;
    const lcAt = { x: last.x, w: last.w };
    const lcH = lc ? c.notesHeight(lc.lines, lcAt.w - 10, { numbered: false }) + c.sz(9) * 1.8 + 12 : 0;
    if (lc && top + lcH > bottom) continue;
    if (lc) last.y += lcH + 6;
    const placed: { s: ReportSection; x: number; y: number; w: number }[] = [];
    let col = 0;
    let fits = true;
    for (const s of sections) {
      let h = checkTableHeight(c, ctx, s.checks, columns[col]!.w);
      while (columns[col]!.y + h > bottom && col + 1 < columns.length) { col += 1; h = checkTableHeight(c, ctx, s.checks, columns[col]!.w); }
      const at = columns[col]!;
      if (at.y + h > bottom) { fits = false; break; }
      placed.push({ s, x: at.x, y: at.y, w: at.w });
      at.y += h + 6;
    }
    if (fits) return { placed, lc: lc ? { ...lcAt, h: lcH } : null };
  }
  return null;
}

type ReportSection = SheetContext['input']['report']['sections'][number];
const calcSections = (ctx: SheetContext): ReportSection[] =>
  ctx.input.report.sections.filter((s) => s.id.startsWith('electrical.') && s.id !== 'electrical.load-calculation' && s.id !== 'electrical.conductors' && s.checks.length);

/** The run table's height (drawn on a scratch canvas). */
function runTableHeight(ctx: SheetContext): number {
  return runTable(new Canvas(ctx.m, ctx.minPt, 'calc layout'), ctx, { x: AREA.x, y: AREA.y + 26, w: AREA.w }, 'calc layout');
}

/**
 * Two sheets (10 pt AHJs, or what PV-4 cannot hold): the run table and, in three columns, the check tables and
 * load calculation that fit; the continuation carries PV-4's rest first, then the others. Throws when two do not hold them.
 */
function calcTwoSheets(ctx: SheetContext, c: Canvas): { first: FlowPlaced[]; second: FlowPlaced[] } {
  const lc = loadCalcLines(ctx, orderedService(ctx.input, 'calc'));
  const gap = 8;
  // three columns; two where the text is 10 pt or more (a check table a third of the sheet wide cuts its words)
  const n = ctx.minPt >= 10 ? 2 : 3;
  const w3 = (AREA.w - (n - 1) * gap) / n;
  const cols = Array.from({ length: n }, (_, k) => ({ x: AREA.x + k * (w3 + gap), w: w3 }));
  const bottom = AREA.y + AREA.h - 16;
  // A section's table fills the rest of a column and continues in the next, cut between its rows.
  const tableBlock = (title: string, checks: Check[], base: string): FlowBlock => ({
    title, items: [], where: 'electrical calculations', col: 0,
    fixedH: (cv, w) => checkTableHeight(cv, ctx, checks, w, true),
    draw: (cv, b) => { checkTable(cv, ctx, title, checks, b, 'electrical calculations', true); },
    split: (cv, w, room) => {
      let n = 0;
      while (n < checks.length && checkTableHeight(cv, ctx, checks.slice(0, n + 1), w, true) <= room) n += 1;
      return n === 0 || n === checks.length ? null : [tableBlock(title, checks.slice(0, n), base), tableBlock(`${base} (CONTINUED)`, checks.slice(n), base)];
    },
  });
  const blocks: FlowBlock[] = [
    ...calcSections(ctx).map((s) => tableBlock(s.title.toUpperCase(), s.checks, s.title.toUpperCase().split(/[,—(]/)[0]!.trim())),
    ...(lc ? [{ title: lc.title, items: lc.lines, checkIds: lc.checkIds, where: 'electrical calculations load calculation', col: 0 }] : []),
  ];
  const first = flowPanels(c, blocks, cols, AREA.y + 26 + runTableHeight(ctx) + 6, bottom);
  const second = flowPanels(c, [...pv4Carry(ctx), ...first.rest.map((b) => ({ ...b, col: 0 }))], cols, AREA.y + 26, AREA.y + AREA.h);
  if (second.rest.length) throw new DrawingOverflow(sheetNumber(ctx.input, 'calc2'), `the electrical calculations do not fit on two sheets (${second.rest.map((b) => b.title).join(', ')} left over)`);
  return { first: first.placed, second: second.placed };
}

/** Whether the calculations (and all of PV-4) fit on the one calculations sheet; else the set gets its continuation. */
export function calcFitsOneSheet(ctx: SheetContext): boolean {
  if (pv4Carry(ctx).length) return false;
  return calcOneSheet(new Canvas(ctx.m, ctx.minPt, 'calc layout'), ctx, AREA.y + 26 + runTableHeight(ctx) + 6) !== null;
}

/** The calculation sheet(s) that print a report section's check table: the one sheet, or the part(s) of the two that carry it. */
export function calcPagesOfSection(ctx: SheetContext, s: ReportSection): ('calc' | 'calc2')[] {
  if (!ctx.pages.some((p) => p.page === 'calc2')) return ['calc'];
  const two = calcTwoSheets(ctx, new Canvas(ctx.m, ctx.minPt, 'calc layout'));
  const head = s.title.toUpperCase();
  const base = `${head.split(/[,—(]/)[0]!.trim()} (CONTINUED)`;
  const has = (placed: FlowPlaced[]) => placed.some((p) => p.block.title === head || p.block.title === base);
  return (['calc', 'calc2'] as const).filter((_, i) => has(i === 0 ? two.first : two.second));
}

/** The electrical calculations sheet (`part` 1) or its continuation (2, when the set lists calc2). */
export function buildCalc(ctx: SheetContext, part: 1 | 2 = 1): Sheet {
  const continued = ctx.pages.some((p) => p.page === 'calc2');
  if (part === 2) {
    const number = sheetNumber(ctx.input, 'calc2');
    const c = new Canvas(ctx.m, ctx.minPt, `${number} ${CALC2_TITLE}`);
    drawTitleBlock(c, ctx, 'calc2', CALC2_TITLE, number);
    c.text(`${CALC2_TITLE} — CONTINUED FROM SHEET ${sheetNumber(ctx.input, 'calc')} — ${electricalCodeName(ctx.input)}`, AREA.x, AREA.y + 14, { size: 10, bold: true, maxWidth: AREA.w });
    drawFlow(c, calcTwoSheets(ctx, c).second);
    return { key: 'calc2', number, title: CALC2_TITLE, prims: c.prims, frame };
  }
  const { c, number, title } = start(ctx, 'calc');
  const { input } = ctx;
  const order = orderedService(input, number);
  const lc = loadCalcLines(ctx, order);
  let y = AREA.y + 26;
  y += runTable(c, ctx, { x: AREA.x, y, w: AREA.w }, number) + 6;
  if (continued) {
    drawFlow(c, calcTwoSheets(ctx, c).first);
    c.text(`CONTINUED ON SHEET ${sheetNumber(input, 'calc2')}`, AREA.x + AREA.w - 6, AREA.y + AREA.h - 5, { size: 9, bold: true, align: 'right' });
    return { key: 'calc', number, title, prims: c.prims, frame };
  }
  const one = calcOneSheet(c, ctx, y);
  if (!one) throw new DrawingOverflow(number, 'the electrical calculations do not fit on one sheet');
  for (const p of one.placed) checkTable(c, ctx, p.s.title.toUpperCase(), p.s.checks, { x: p.x, y: p.y, w: p.w }, number);
  if (lc && one.lc) {
    const a = c.panel(lc.title, one.lc.x, y, one.lc.w, one.lc.h);
    c.notes(lc.lines, a.x, a.y, a.w, a.h + 2, { numbered: false, where: `${number} load calculation`, checkIds: lc.checkIds });
  }
  return { key: 'calc', number, title, prims: c.prims, frame };
}
