import type { Check, Section } from '../report.schema.ts';
import { check } from '../report.builder.ts';

/*
 * Seismic check of an alteration adding a rooftop array, by the IEBC's 10 % rule: an existing
 * lateral-load-carrying element may remain unaltered where the alteration raises its demand-capacity
 * ratio by no more than 10 %. Seismic demand is proportional to the seismic weight, and the array's
 * dead load per square foot over the roof's own dead load per square foot bounds the increase from
 * above (the array covers part of the roof, and the building's seismic weight also holds the walls
 * and floors), so D_PV / D_roof ≤ 10 % shows the exception applies.
 */

const IEBC_LATERAL: Record<string, string> = { '2015': '403.4, Exception', '2018': '503.4, Exception', '2021': '503.4, Exception', '2024': '503.4, Exception' };

export interface SeismicArray { arrayId: string; arrayDeadPsf: number; roofDeadPsf: number }

export function seismicSection(iebcEdition: string, seismicDesignCategory: string, arrays: readonly SeismicArray[]): Section {
  const checks: Check[] = arrays.map((a) => {
    const pct = (a.arrayDeadPsf / a.roofDeadPsf) * 100;
    return check({
      id: `structural.seismic.${a.arrayId}.weight-increase`, title: `Array ${a.arrayId}: added seismic weight`,
      inputs: [['D_PV', a.arrayDeadPsf, 'psf'], ['D_roof (existing)', a.roofDeadPsf, 'psf'], ['seismic design category', seismicDesignCategory]],
      formula: 'ΔW / W ≤ D_PV / D_roof × 100 ≤ 10 %', value: pct, unit: '%', limit: { relation: '<=', value: 10 }, pass: pct <= 10 + 1e-9,
      ref: { code: 'IEBC', edition: iebcEdition, section: IEBC_LATERAL[iebcEdition] ?? '503.4, Exception' },
      remedy: 'Analyse the lateral force-resisting system for the added weight (ASCE 7 Chapter 12)',
    });
  });
  return { id: 'structural.seismic', title: 'Seismic: added weight on the lateral system', checks };
}
