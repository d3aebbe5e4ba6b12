import type { Report } from '../report.schema.ts';

/**
 * The wind speed and exposure a report was calculated with, read from its velocity-pressure check
 * (structural.wind.qh): what a sheet or letter states above the calculation must be these (issue 24,
 * finding 7). Null when the report has no such check (an electrical-only report).
 */
export function reportSiteCriteria(report: Pick<Report, 'sections'>): { windSpeedMph: number; exposure: string } | null {
  const qh = report.sections.flatMap((s) => s.checks).find((c) => c.id === 'structural.wind.qh');
  if (!qh) return null;
  const v = qh.inputs.find((i) => i.name === 'V')?.value;
  const e = qh.inputs.find((i) => i.name === 'exposure')?.value;
  return typeof v === 'number' && typeof e === 'string' ? { windSpeedMph: v, exposure: e } : null;
}

/** What differs between the criteria a document prints and those its report used ("" when nothing). */
export function siteCriteriaDifference(printed: { windSpeedMph: number; exposure: string }, report: Pick<Report, 'sections'>): string {
  const used = reportSiteCriteria(report);
  if (!used) return '';
  const out: string[] = [];
  if (printed.exposure !== used.exposure) out.push(`Exposure ${printed.exposure} is printed but the calculation uses Exposure ${used.exposure}`);
  if (Math.abs(printed.windSpeedMph - used.windSpeedMph) > 1e-6) out.push(`${printed.windSpeedMph} mph is printed but the calculation uses ${used.windSpeedMph} mph`);
  return out.join('; ');
}
