import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { DrawingOverflow } from '../draw/canvas.ts';
import type { Sheet } from '../draw/drawing.model.ts';
import { sheetNumber } from '../planset.model.ts';
import { disconnectRating, equipmentKeyOf, productionMeterLines, productionMeterShown, sldEquipment } from './electrical-model.ts';
import { frame, start } from './electrical-sheet.frame.ts';
import { orderedService } from './ordered-system.ts';
import { racewayText } from './pv4-schedule.ts';
import { AREA, type SheetContext } from './sheet-context.ts';

/** The three-line diagram (where the AHJ asks for one): every conductor of every run drawn (electrical-sheets.ts). */

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

// eslint-disable-next-line max-lines-per-function -- sheet layout code moved as is (issue 28): every conductor of every run drawn on one cursor
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
