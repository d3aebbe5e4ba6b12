import { ZDesignInput, type ArrayInput, type DesignInput, type DesignInputRaw } from '../design-input.schema.ts';
import type { Check, Report, Section } from '../report.schema.ts';
import { asce, check } from '../report.builder.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { velocityPressure } from './wind.calc.ts';
import { arrayLoads } from './array-loads.checks.ts';
import { railBasis, railChecks } from './rail.checks.ts';
import { framingChecks } from './existing-framing.checks.ts';
import { toolExports } from './tool-exports.ts';

export { railBasis, railCapacityBasis, type RailBasis } from './rail.checks.ts';

export interface StructuralResult {
  sections: Section[];
  exports: Report['structuralExports'];
}

/**
 * An array's structural section, in its steps: the loads on the panels (array-loads.checks.ts), the rails
 * and attachments (rail.checks.ts), the existing framing (existing-framing.checks.ts), and what a member
 * analysis tool is given (tool-exports.ts).
 */
function arraySection(input: DesignInput, a: ArrayInput, qh: ReturnType<typeof velocityPressure>): { section: Section; forte?: Record<string, unknown>; skyciv?: Record<string, unknown> } {
  const loads = arrayLoads(input, a, qh);
  const basis = railBasis(input, a, qh);
  const checks: Check[] = [...loads.checks, ...railChecks(a, loads, basis)];
  const framing = framingChecks(input, a, loads);
  checks.push(...framing.checks);
  return {
    section: { id: `structural.array.${a.id}`, title: `Array ${a.id} structure`, checks },
    ...toolExports(input, a, loads, basis.loads, framing),
  };
}


/**
 * Per array: the largest span between attachments and the largest cantilever the rail may have at
 * this site (in.), for the layout rule that places attachments before the checks run on the drawing.
 */
export function railAllowances(raw: DesignInputRaw | unknown): Record<string, { maxSpanIn: number; maxCantileverIn: number }> {
  const input = ZDesignInput.parse(raw);
  const s = input.site;
  const qh = velocityPressure(s.codes.asce, s.exposure, s.meanRoofHeightFt, s.windSpeedMph, s.topographicFactorKzt, s.groundElevationFt);
  return Object.fromEntries(input.arrays.map((a) => {
    const b = railBasis(input, a, qh);
    return [a.id, { maxSpanIn: b.allowSpanIn, maxCantileverIn: b.allowCantileverIn }];
  }));
}

export function calculateStructural(input: DesignInput): StructuralResult {
  const s = input.site;
  const ed = s.codes.asce;
  // 7-22-only inputs would be silently ignored under another edition: refuse them instead.
  if (ed !== '7-22' && (s.thermalFactorCt !== undefined || s.minimumSnowLoadMaxPsf !== undefined)) {
    throw new EngineRefusalError('configuration-not-supported', `site.thermalFactorCt and site.minimumSnowLoadMaxPsf are ASCE 7-22 inputs (Tables 7.3-3 and 7.3-4); under ASCE ${ed} Ct comes from Table 7.3-2 and pm from §7.3.4. Remove them, or set site.codes.asce to 7-22.`);
  }
  const qh = velocityPressure(ed, s.exposure, s.meanRoofHeightFt, s.windSpeedMph, s.topographicFactorKzt, s.groundElevationFt);
  const windChecks: Check[] = [
    check({
      id: 'structural.wind.qh', title: 'Velocity pressure at mean roof height',
      // 7-22 moved Kd from the velocity pressure into the pressure equations (Eq. 26.10-1 has no Kd).
      inputs: [['V', s.windSpeedMph, 'mph'], ['exposure', s.exposure], ['h', s.meanRoofHeightFt, 'ft'], ['Kz', qh.kz], ['Kzt', qh.kzt], ...(ed === '7-22' ? [] : [['Kd', qh.kd] as [string, number]]), ['Ke', qh.ke]],
      formula: ed === '7-10' ? 'qh = 0.00256 · Kz · Kzt · Kd · V²' : ed === '7-22' ? 'qh = 0.00256 · Kz · Kzt · Ke · V²' : 'qh = 0.00256 · Kz · Kzt · Kd · Ke · V²', value: qh.qhPsf, unit: 'psf',
      ref: asce(ed, ed === '7-10' ? '§30.3.2, Eq. 30.3-1, Table 30.3-1 (Case 1)' : ed === '7-22' ? '§26.10, Eq. 26.10-1, Tables 26.10-1, 26.11-1, 26.9-1' : '§26.10, Eq. 26.10-1, Tables 26.10-1, 26.6-1, 26.9-1'),
    }),
  ];
  const sections: Section[] = [{ id: 'structural.site', title: `Site loads (ASCE ${ed})`, checks: windChecks }];
  const exports: Report['structuralExports'] = [];
  for (const a of input.arrays) {
    const r = arraySection(input, a, qh);
    sections.push(r.section);
    if (r.forte) exports.push({ arrayId: a.id, tool: 'Forte', input: r.forte });
    if (r.skyciv) exports.push({ arrayId: a.id, tool: 'SkyCiv', input: r.skyciv });
  }
  return { sections, exports };
}
