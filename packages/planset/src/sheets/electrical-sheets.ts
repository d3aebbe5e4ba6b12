import type { Check, ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { electricalCodeName, fmtKw, sheetNumber, type ElectricalSheet } from '../planset.model.ts';
import { disconnectRating, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment } from './electrical-model.ts';
import { orderedService } from './ordered-system.ts';
import { loadCalcLines, racewayText } from './pv4.sheet.ts';
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
  const side = onRuns.filter((n) => equipmentKeyOf(n) === 'battery' && rows.some((r) => r.from === n));
  const chain = onRuns.filter((n) => !side.includes(n) && !isSvc(n));
  const svcName = onRuns.find(isSvc) ?? 'MAIN SERVICE PANEL';
  const pmName = productionMeterShown(ctx) ? 'PRODUCTION METER' : null;
  // Power-flow order: the PV equipment, the production meter, the service, the utility meter.
  const order = orderedService(input, number);
  const gateway = order.backup?.kind === 'whole-home' ? 'BACKUP GATEWAY' : null;
  const items = [...chain, ...(pmName ? [pmName] : []), svcName, ...(gateway ? [gateway] : []), 'UTILITY METER'];
  const box = { x: AREA.x + 8, y: AREA.y + 40, w: AREA.w - 16, h: 420 };
  const colW = box.w / items.length;
  const bw = Math.min(colW - 50, 140);
  const bh = 150;
  const pos = new Map<string, { x: number; y: number }>();
  items.forEach((n, i) => pos.set(n, { x: box.x + i * colW + (colW - bw) / 2, y: box.y + 40 }));
  side.forEach((n) => {
    const feeds = rows.find((r) => r.from === n)!.to;
    const p = pos.get(feeds)!;
    pos.set(n, { x: p.x - colW / 2, y: box.y + 40 + bh + 100 });
  });
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
    if (n === gateway && order.backup) return [order.backup.transferEquipment.model.toUpperCase(), `${order.backup.transferEquipment.ratingA} A TRANSFER EQUIPMENT`, 'WHOLE-HOME BACKUP'];
    if (n === 'UTILITY METER') return [input.job.utilityMeterNumber ? `METER # ${input.job.utilityMeterNumber}` : 'BI-DIRECTIONAL', input.job.utilityName.toUpperCase()];
    const k = equipmentKeyOf(n);
    if (k === 'ac-disconnect') return [disconnectRating(ctx, number)];
    if (k === 'main-panel' || k === 'service-tap') return [`${ic.busbarA} A BUSBAR, ${ic.mainBreakerA} A MAIN`, ...(ic.pvBreakerA ? [`${ic.pvBreakerA} A 2P PV BREAKER`] : [])];
    if (k === 'inverter') return [`(${input.equipment.inverter.count}) ${input.equipment.inverter.model}`];
    if (k === 'battery' && input.equipment.battery) return [`(${input.equipment.battery.count}) ${input.equipment.battery.model}`];
    return [];
  };
  for (const [n, p] of pos) drawBox(n, p.x, p.y, linesFor(n));
  const bundle = (a: { x: number; y: number }, b: { x: number; y: number }, ws: Wire[]) => {
    const gap = Math.min(14, (bh - 50) / Math.max(ws.length, 1));
    ws.forEach((w, i) => {
      const yy = a.y + 36 + i * gap;
      c.line(a.x + bw, yy, b.x, yy, { lineWidth: 1, stroke: w.colour }, 'E-SLD');
      c.circle(a.x + bw, yy, 1.5, { fill: w.colour }, 'E-SLD');
      c.circle(b.x, yy, 1.5, { fill: w.colour }, 'E-SLD');
      c.text(w.name, a.x + bw + 3, yy - 2, { size: 6.5, layer: 'E-SLD' });
    });
  };
  // every conductor of every run, a terminal on each side, its name
  for (const [ri, row] of rows.entries()) {
    const a = pos.get(row.from)!;
    const b = pos.get(pmName && row.to === svcName ? pmName : row.to)!;
    const ws = conductorsOf(row);
    const below = a.y !== b.y;
    if (!below) bundle(a, b, ws);
    else {
      ws.forEach((w, i) => {
        // spaced for their names; the wire that turns highest lands leftmost, so no two cross
        const x = a.x + bw - 12 - i * 26;
        const x2 = b.x + 12 + (ws.length - 1 - i) * 26;
        const turn = a.y - 14 - i * 6;
        c.poly([[x, a.y], [x, turn], [x2, turn], [x2, b.y + bh]], false, { lineWidth: 1, stroke: w.colour }, 'E-SLD');
        c.text(w.name, x + 2, a.y - 3, { size: 6.5, layer: 'E-SLD' });
      });
    }
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
    const covered = rows.some((r) => r.from === from && (r.to === to || (pmName && to === pmName && r.to === svcName)));
    if (!covered) bundle(pos.get(from)!, pos.get(to)!, ac3);
  }
  c.text('TO UTILITY GRID', pos.get('UTILITY METER')!.x + bw / 2, box.y + 40 + bh + 14, { size: 6.5, bold: true, align: 'center', layer: 'E-SLD' });
  const sp = pos.get(svcName)!;
  const [gx, gy] = [sp.x + bw / 2, sp.y + bh];
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

export function buildEss(ctx: SheetContext): Sheet {
  const { c, number, title } = start(ctx, 'ess');
  const { input } = ctx;
  const order = orderedService(input, number);
  const st = order.storage;
  const bat = input.equipment.battery;
  if (!st || !bat) throw new DrawingOverflow(number, 'the energy storage sheet needs the ordered battery and the report\'s energy storage system');
  const colW = (AREA.w - 12) / 2;
  let y = AREA.y + 26;
  const data = [
    `BATTERY: (${bat.count}) ${bat.manufacturer} ${bat.model}, ${bat.energyKwh} kWh EACH`,
    `COUPLING: ${st.coupling === 'ac' ? 'AC-COUPLED' : 'DC-COUPLED'}${st.coupling === 'ac' && st.acOutputA !== null ? `, ${st.acOutputA} A AC OUTPUT` : ''}${st.coupling === 'dc' && st.dcCircuitA !== null ? `, ${st.dcCircuitA} A DC CIRCUIT` : ''}`,
    ...(st.nominalVoltageV ? [`NOMINAL ESS VOLTAGE: ${st.nominalVoltageV} V ${st.coupling === 'dc' ? 'DC' : 'AC'}`] : []),
    `ESS DISCONNECTING MEANS: ${electricalCodeName(input)} ${st.disconnect.ref.section}; MARKING ${st.disconnect.markingRef.section}`,
    ...(order.backup ? [
      `BACKUP: ${order.backup.kind === 'whole-home' ? 'WHOLE-HOME' : 'PARTIAL-HOME'}, TRANSFER EQUIPMENT ${order.backup.transferEquipment.model.toUpperCase()} ${order.backup.transferEquipment.ratingA} A`,
      `STANDBY ${order.backup.standbyCapacityA} A FOR ${order.backup.transferredLoadA} A TRANSFERRED${order.backup.loadManagement ? ' (LOAD MANAGED)' : ''}`,
      ...(order.backup.backupPanel ? [`BACKUP LOADS PANEL: ${order.backup.backupPanel.busbarA} A BUSBAR, FED BY A ${order.backup.backupPanel.supplyBreakerA} A BREAKER IN THE MSP`] : []),
    ] : ['BACKUP: NONE (GRID-INTERACTIVE ONLY)']),
  ];
  const dh = c.notesHeight(data, colW - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const da = c.panel('ENERGY STORAGE SYSTEM DATA', AREA.x, y, colW, dh);
  c.notes(data, da.x, da.y, da.w, da.h + 2, { numbered: false, where: `${number} ESS data` });
  // the storage circuits of the schedule
  const rows = input.report.conductorSchedule.filter((r) => /battery|ess/i.test(`${r.circuit} ${r.from} ${r.to}`));
  const heads = ['RUN', 'CIRCUIT', 'FROM', 'TO', 'SIZE', 'EGC', 'CONDUIT', 'OCPD', 'MAX I'];
  const ws = [28, 130, 70, 90, 44, 44, 60, 40, 44];
  const sc = (colW - 10) / ws.reduce((a, b) => a + b, 0);
  const tbl = rows.map((r) => [r.runId, r.circuit.toUpperCase(), r.from.toUpperCase(), r.to.toUpperCase(), r.conductorSize, r.egcSize, racewayText(r), r.ocpdA === null ? '—' : `${r.ocpdA} A`, `${r.maxCurrentA} A`]);
  const th = c.tableHeight(heads, tbl, ws.map((w) => w * sc)) + c.sz(9) * 1.8 + 12;
  const ta = c.panel('ESS CIRCUITS (FROM THE SCHEDULE ON ' + sheetNumber(input, 'pv4') + ')', AREA.x + colW + 12, y, colW, th);
  c.table(heads, tbl, ta.x, ta.y, ws.map((w) => w * sc), { where: `${number} ESS circuits` });
  y += Math.max(dh, th) + 8;
  // the report's storage checks
  const checks = input.report.sections.find((s) => s.id === 'electrical.storage')?.checks ?? [];
  y += checkTable(c, ctx, 'ENERGY STORAGE CHECKS', checks, { x: AREA.x, y, w: AREA.w }, number) + 8;
  // the ESS labels, as PV-5 / the labels sheet prints them
  const ess = ctx.labels.filter((l) => /^label\.706/.test(l.id) || /ENERGY STORAGE/.test(l.lines.join(' ')));
  const lines = ess.map((l) => `${l.code}: ${l.lines.join(' / ')} — AT ${l.location}`);
  const lh = c.notesHeight(lines, AREA.w - 10, { numbered: false }) + c.sz(9) * 1.8 + 12;
  const la = c.panel(`ENERGY STORAGE LABELS (SEE SHEET ${sheetNumber(input, ctx.pages.some((p) => p.page === 'labels') ? 'labels' : 'pv5')})`, AREA.x, y, AREA.w, lh);
  c.notes(lines, la.x, la.y, la.w, la.h + 2, { numbered: false, where: `${number} ESS labels` });
  if (y + lh > AREA.y + AREA.h) throw new DrawingOverflow(number, 'the energy storage sheet does not fit');
  return { key: 'ess', number, title, prims: c.prims, frame };
}

// ------------------------------------------------------------------------------------------- calculations

const fmt = (v: unknown): string => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v ?? ''));

const CHECK_HEADS = ['CHECK', 'FORMULA', 'VALUE', 'LIMIT', 'RESULT', 'CODE'];
const CHECK_WIDTHS = [300, 250, 70, 80, 44, 150];

function checkRows(ctx: SheetContext, checks: Check[]): string[][] {
  const code = electricalCodeName(ctx.input);
  return checks.map((k) => [
    k.title.toUpperCase(), k.formula, `${fmt(k.value)} ${k.unit}`.trim(), k.limit ? `${k.limit.relation === '<=' ? '≤' : k.limit.relation === '>=' ? '≥' : k.limit.relation} ${fmt(k.limit.value)} ${k.limit.unit ?? ''}`.trim() : '—',
    k.pass === false ? 'FAIL' : k.pass === true ? 'OK' : '—', `${code} ${k.ref.section}`,
  ]);
}

/** The height a check table takes at width `w` (the same sum checkTable draws). */
function checkTableHeight(c: Canvas, ctx: SheetContext, checks: Check[], w: number): number {
  const sc = (w - 10) / CHECK_WIDTHS.reduce((a, b) => a + b, 0);
  return c.tableHeight(CHECK_HEADS, checkRows(ctx, checks), CHECK_WIDTHS.map((x) => x * sc), { size: 6.5 }) + c.sz(9) * 1.8 + 12;
}

/** A table of report checks: what, formula, value, limit, result, code section. Returns the height used. */
function checkTable(c: Canvas, ctx: SheetContext, title: string, checks: Check[], at: { x: number; y: number; w: number }, where: string): number {
  const heads = CHECK_HEADS;
  const ws = CHECK_WIDTHS;
  const sc = (at.w - 10) / ws.reduce((a, b) => a + b, 0);
  const rows = checkRows(ctx, checks);
  const h = checkTableHeight(c, ctx, checks, at.w);
  const a = c.panel(title, at.x, at.y, at.w, h);
  c.table(heads, rows, a.x, a.y, ws.map((w) => w * sc), { size: 6.5, where, checkIds: checks.map((k) => [k.id, undefined, k.id, undefined, k.id, undefined]) });
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

export function buildCalc(ctx: SheetContext): Sheet {
  const { c, number, title } = start(ctx, 'calc');
  const { input } = ctx;
  const order = orderedService(input, number);
  const sections = input.report.sections.filter((s) => s.id.startsWith('electrical.') && s.id !== 'electrical.load-calculation' && s.id !== 'electrical.conductors' && s.checks.length);
  const lc = loadCalcLines(ctx, order);
  let y = AREA.y + 26;
  y += runTable(c, ctx, { x: AREA.x, y, w: AREA.w }, number) + 6;
  const top = y;
  const bottom = AREA.y + AREA.h;
  // The check tables flow down a column and on into the next; the load calculation heads the last
  // column. A wide left column first; where the tables do not fit there (text is 8 pt at least),
  // two, then three equal columns.
  let shortBy = 0;
  const gap = 8;
  const layouts: number[][] = lc ? [[0.66, 0.34], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]] : [[1], [0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]];
  for (const shares of layouts) {
    const usable = AREA.w - gap * (shares.length - 1);
    let x = AREA.x;
    const columns = shares.map((share) => { const col = { x, y: top, w: usable * share }; x += col.w + gap; return col; });
    const last = columns[columns.length - 1]!;
    const lcAt = { x: last.x, w: last.w };
    const lcH = lc ? c.notesHeight(lc.lines, lcAt.w - 10, { numbered: false }) + c.sz(9) * 1.8 + 12 : 0;
    if (lc && top + lcH > bottom) { shortBy = Math.max(shortBy, top + lcH - bottom); continue; }
    if (lc) last.y += lcH + 6;
    const placed: { s: (typeof sections)[number]; x: number; y: number; w: number }[] = [];
    let col = 0;
    let fits = true;
    for (const s of sections) {
      let h = checkTableHeight(c, ctx, s.checks, columns[col]!.w);
      while (columns[col]!.y + h > bottom && col + 1 < columns.length) { col += 1; h = checkTableHeight(c, ctx, s.checks, columns[col]!.w); }
      const at = columns[col]!;
      if (at.y + h > bottom) { shortBy = Math.max(shortBy, at.y + h - bottom); fits = false; break; }
      placed.push({ s, x: at.x, y: at.y, w: at.w });
      at.y += h + 6;
    }
    if (!fits) continue;
    for (const p of placed) checkTable(c, ctx, p.s.title.toUpperCase(), p.s.checks, { x: p.x, y: p.y, w: p.w }, number);
    if (lc) {
      const a = c.panel(lc.title, lcAt.x, top, lcAt.w, lcH);
      c.notes(lc.lines, a.x, a.y, a.w, a.h + 2, { numbered: false, where: `${number} load calculation`, checkIds: lc.checkIds });
    }
    return { key: 'calc', number, title, prims: c.prims, frame };
  }
  throw new DrawingOverflow(number, `the electrical calculations need ${shortBy.toFixed(0)} pt more height`);
}
