import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { type Canvas, DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { necSection } from '@sunstamp/engineering/tables/nec-sections.table';
import { check, electricalCodeName, necEdition, sheetNumber } from '../planset.model.ts';
import { EQUIPMENT_NAMES, EQUIPMENT_TAGS, drawNorthArrow, fitView } from './plan-view.ts';
import { equipmentKeyOf } from './electrical-model.ts';
import { calcPagesOfSection } from './calc.sheet.ts';
import { checkTable, checkTableHeight } from './check-table.ts';
import { frame, start } from './electrical-sheet.frame.ts';
import { orderedService } from './ordered-system.ts';
import { racewayText } from './pv4-schedule.ts';
import { AREA, type SheetContext } from './sheet-context.ts';

/*
 * The electrical sheets the set grows as the system does (issue 25, finding 7), after PV-4 and lettered
 * in order (PV-4A, PV-4B, …; planset.model.ts electricalSheets): the three-line diagram where the AHJ
 * asks for one, the energy storage sheet when the system has storage, and the electrical calculations
 * (every electrical check of the report with its formula, value, limit and code section).
 */
// The three-line diagram lives in three-line.sheet.ts, the calculations in calc.sheet.ts, the check table
// both this sheet and the calculations draw in check-table.ts, the shared titles and heading in
// electrical-sheet.frame.ts; this module keeps the energy storage sheet and offers them all.

export { ELECTRICAL_SHEET_TITLES } from './electrical-sheet.frame.ts';
export { buildThreeLine, conductorsOf } from './three-line.sheet.ts';
export { buildCalc, calcFitsOneSheet, calcPagesOfSection, CALC2_TITLE } from './calc.sheet.ts';

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
const ESS_PLAN_KINDS = ['battery', 'backup_gateway', 'backup_panel', 'main_panel', 'utility_meter', 'inverter', 'combiner', 'ac_disconnect'] as const;

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

// eslint-disable-next-line max-lines-per-function -- sheet layout (issue 28 moved it, did not change it): the ESS sheet's panels are placed on one cursor, three columns then the full-width circuits and checks
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
