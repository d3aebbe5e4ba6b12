import type { LogicalPage } from '../planset.model.ts';
import { disconnectRating, sldEquipment } from '../sheets/electrical-model.ts';
import { orderedService } from '../sheets/ordered-system.ts';
import { racewayText } from '../sheets/pv4-schedule.ts';
import type { SheetContext } from '../sheets/sheet-context.ts';

/*
 * The electrical half of the cross-sheet consistency certificate (issue 25, Checks): every rating and
 * current the single-line diagram, its schedule, the labels, the PV-1 scope and the electrical sheets
 * print, as the text each page must show. checkConsistency reads them off the rendered PDF, so a sheet
 * that printed another value (a label with the inverters' current alone, a scope without the disconnect's
 * rating) fails the set. Values come from the report and the order once; the sheets print the same.
 */

export interface Expectation { page: LogicalPage; what: string; value: string }

export function electricalExpectations(ctx: SheetContext): Expectation[] {
  const { input } = ctx;
  const r = input.report;
  const ic = r.interconnection;
  const pages = new Set(ctx.pages.map((p) => p.page));
  const labelPage: LogicalPage = pages.has('labels') ? 'labels' : 'pv5';
  const out: Expectation[] = [];
  const on = (ps: LogicalPage[], what: string, value: string) => { for (const p of ps) if (pages.has(p)) out.push({ page: p, what, value }); };
  const order = orderedService(input, 'consistency');
  // PV-1 scope: every piece of equipment the single-line diagram draws
  for (const q of sldEquipment(ctx, 'consistency', order)) for (const line of q.scope) on(['pv1'], `scope of work (${q.key})`, line);
  // the service and the interconnection on the scope and the diagram
  on(['pv1', 'pv4'], 'busbar rating', `${ic.busbarA} A BUSBAR`);
  on(['pv1', 'pv4'], 'main breaker rating', `${ic.mainBreakerA} A MAIN BREAKER`);
  if (r.equipment.acDisconnect.required) on(['pv1', 'pv4'], 'AC disconnect rating', disconnectRating(ctx, 'consistency').replace(/,.*$/, ''));
  if (r.equipment.acDisconnect.required && ic.fuseA) on(['pv1', 'pv4'], 'AC disconnect fuses', `${ic.fuseA} A FUSES`);
  if (order.backup) on(['pv1', 'pv4'], 'transfer equipment rating', `${order.backup.transferEquipment.ratingA} A`);
  if (input.equipment.battery) on(['pv1', 'pv4', 'ess'], 'battery energy', `${input.equipment.battery.energyKwh} kWh`);
  // the schedule: each run's current, OCPD, conduit; the calculations sheet the same
  for (const row of r.conductorSchedule) {
    on(['pv4', 'calc'], `maximum current of run ${row.runId}`, `${row.maxCurrentA} A`);
    if (row.ocpdA !== null) on(['pv4', 'calc'], `OCPD of run ${row.runId}`, `${row.ocpdA} A`);
    if (row.raceway !== 'free air') on(['pv4'], `conduit of run ${row.runId}`, racewayText(row));
    if (/battery|ess/i.test(`${row.circuit} ${row.from}`)) on(['ess'], `ESS circuit current of run ${row.runId}`, `${row.maxCurrentA} A`);
  }
  // labels: a current on a label is the current PV-4 gives for the circuit at the point of interconnection
  const poi = [...r.conductorSchedule].reverse().find((row) => !/string|dc|source|branch/i.test(row.circuit));
  for (const l of ctx.labels) {
    for (const ln of l.lines) {
      const m = /RATED AC OUTPUT CURRENT:\s*([\d.]+)\s*A/.exec(ln);
      if (!m) continue;
      if (poi && Number(m[1]) !== poi.maxCurrentA) {
        out.push({ page: labelPage, what: `label ${l.code} current equal to PV-4's circuit at the point of interconnection (run ${poi.runId})`, value: `RATED AC OUTPUT CURRENT: ${poi.maxCurrentA} A` });
      }
      on(['pv4'], `label ${l.code} current on the single-line diagram`, `${m[1]} A`);
    }
  }
  return out;
}
