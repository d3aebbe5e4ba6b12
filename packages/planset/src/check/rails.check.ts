import type { Report } from '@sunstamp/engineering/report.schema';
import { drawnRails, type DrawnRail } from '@sunstamp/domain/design/attachment-layout.rules';
import type { PlanSetInput } from '../input.schema.ts';
import { attachmentOf } from '../planset.model.ts';

/*
 * The roof plan's rails against the engineering report (issue 24 finding 1). The attachments PV-2
 * and the DXF draw are read back into rails (the domain's drawnRails, which the API also used to
 * give the engine its rails); for each array with modules the report must have checked exactly
 * what is drawn: the fewest attachments on a rail, the longest span and the longest cantilever.
 * Every attachment sits on a rafter line and on a rail. Anything else fails PV-2 naming the rail.
 */

const TOL_IN = 0.5;

export interface RailsOfSet {
  rails: DrawnRail[];
  /** Per array: the governing drawn values. */
  byArray: Map<string, { rails: DrawnRail[]; fewest: DrawnRail; longestSpan: { rail: DrawnRail; in: number }; longestCantilever: { rail: DrawnRail; in: number } }>;
  /** What the drawing and the report disagree on (PV-2 refuses to draw while any is left). */
  problems: string[];
}

export function railsOfSet(input: PlanSetInput): { set: RailsOfSet; problems: string[] } {
  const d = input.design;
  const size = { lengthIn: input.equipment.module.lengthIn, widthIn: input.equipment.module.widthIn };
  // Ballasted arrays have no rails on rafters (their ballast calculation is the report's).
  const planes = d.roofPlanes.filter((p) => attachmentOf(input, p.arrayId).kind !== 'ballast');
  const { rails, stray } = drawnRails(planes, d.modules, size, d.attachments);
  const problems: string[] = [];
  if (stray.length) problems.push(`${stray.length} attachment(s) sit under no rail (first at x ${stray[0]!.x.toFixed(2)} ft, y ${stray[0]!.y.toFixed(2)} ft)`);
  const byArray: RailsOfSet['byArray'] = new Map();
  for (const r of rails) {
    if (r.offRafter.length) problems.push(`rail ${r.id}: ${r.offRafter.length} attachment(s) not on a rafter`);
    const a = byArray.get(r.arrayId);
    const span = Math.max(0, ...r.spansIn);
    const cant = Math.max(...r.cantileversIn);
    if (!a) byArray.set(r.arrayId, { rails: [r], fewest: r, longestSpan: { rail: r, in: span }, longestCantilever: { rail: r, in: cant } });
    else {
      a.rails.push(r);
      if (r.attachmentsU.length < a.fewest.attachmentsU.length) a.fewest = r;
      if (span > a.longestSpan.in + 1e-9) a.longestSpan = { rail: r, in: span };
      if (cant > a.longestCantilever.in + 1e-9) a.longestCantilever = { rail: r, in: cant };
    }
  }
  return { set: { rails, byArray, problems: [] }, problems };
}

const checkOf = (report: Report, id: string) => report.sections.flatMap((s) => s.checks).find((c) => c.id === id);
const inputOf = (report: Report, id: string, name: string) => checkOf(report, id)?.inputs.find((i) => i.name === name)?.value;

/** What the report says that the drawing does not show; empty when every array's rails are the ones checked. */
export function railProblems(input: PlanSetInput, set: RailsOfSet): string[] {
  const out: string[] = [];
  for (const [arrayId, a] of set.byArray) {
    const idp = `structural.array.${arrayId}`;
    if (a.fewest.attachmentsU.length < 2) out.push(`rail ${a.fewest.id} has ${a.fewest.attachmentsU.length} attachment(s); every rail needs at least 2`);
    const att = checkOf(input.report, `${idp}.rail-attachments`);
    const cant = checkOf(input.report, `${idp}.rail-cantilever`);
    const spanFt = inputOf(input.report, `${idp}.rail-span`, 'span');
    if (!att || !cant || typeof spanFt !== 'number') {
      out.push(`the engineering report did not check array ${arrayId}'s rails as drawn (no rail-attachments, rail-cantilever or drawn rail-span check)`);
      continue;
    }
    if (att.value !== a.fewest.attachmentsU.length) out.push(`array ${arrayId}: the report checked ${att.value} attachments on its least-held rail, the roof plan draws ${a.fewest.attachmentsU.length} on rail ${a.fewest.id}`);
    if (Math.abs(spanFt * 12 - a.longestSpan.in) > TOL_IN) out.push(`array ${arrayId}: the report checked a ${(spanFt * 12).toFixed(1)} in. span, the roof plan draws ${a.longestSpan.in.toFixed(1)} in. on rail ${a.longestSpan.rail.id}`);
    if (typeof cant.value !== 'number' || Math.abs(cant.value - a.longestCantilever.in) > TOL_IN) out.push(`array ${arrayId}: the report checked a ${String(cant.value)} in. cantilever, the roof plan draws ${a.longestCantilever.in.toFixed(1)} in. on rail ${a.longestCantilever.rail.id}`);
  }
  return out;
}
