import type { ConductorScheduleRow } from '@sunstamp/engineering/report.schema';
import { DrawingOverflow } from '../draw/canvas.ts';
import { check, reqText } from '../planset.model.ts';
import { type SheetContext } from './sheet-context.ts';

/* PV-4's conductor schedule rows as printed: which runs are DC, the raceway and its Chapter 9 fill. */

export const isDc = (r: ConductorScheduleRow) => /string|dc|source/i.test(r.circuit);
export const isTap = (r: ConductorScheduleRow) => /SSBJ/.test(r.conductors);

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
