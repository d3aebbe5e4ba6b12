import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { check, electricalCodeName, fillVariables, fmtKw, interconnectionPointName, INTERCONNECTION_NAMES, linkLines, points, reqText, sheetNumber } from '../planset.model.ts';
import { DEFAULT_ELECTRICAL_NOTES } from './notes.data.ts';
import { AREA, type SheetContext } from './sheet-context.ts';
import { drawNotesPanel, sheetNotes, type SheetNotes } from './sheet-notes.ts';
import { drawTitleBlock } from './title-block.sheet.ts';
import { orderedService, type OrderedService } from './ordered-system.ts';
import { drawSld } from './pv4-sld.ts';
import { drawFlow, flowPanels, type FlowBlock, type FlowPlaced } from './sheet-flow.ts';
import { fillText, isTap, racewayText, scheduleRows } from './pv4-schedule.ts';
import { relationSymbol } from '../check/check-display.ts';

/*
 * PV-4: single-line diagram and conductor/conduit/OCPD schedule (research/planset.md §1.7). The
 * diagram is drawn from the report's conductor schedule itself (each run is a wire between two
 * pieces of equipment, tagged with its schedule row), so the diagram, the table and the report
 * cannot disagree; the array, optimizers or micro-inverters, rapid-shutdown boundary, production
 * meter, double AC disconnect and the service with its interconnection are added around it.
 */



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
    ...(chosen ? [`${chosen.formula}`, `= ${chosen.value} ${chosen.unit}${chosen.limit ? ` ${relationSymbol(chosen.limit.relation)} ${chosen.limit.value} ${chosen.limit.unit}` : ''}: ${chosen.pass === false ? 'FAIL' : 'OK'}`] : []),
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
    ...strs.map((k) => `${k.title.toUpperCase()}: ${k.value} ${k.unit}${k.limit ? ` ${relationSymbol(k.limit.relation)} ${k.limit.value} ${k.limit.unit}` : ''}`),
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
