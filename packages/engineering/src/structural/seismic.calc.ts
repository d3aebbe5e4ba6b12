import type { Check, Section } from '../report.schema.ts';
import { check } from '../report.builder.ts';

/*
 * Seismic check of an alteration adding rooftop arrays, by the IEBC's 10 % rule: an existing
 * lateral-load-carrying element may remain unaltered where the alteration raises its demand-capacity
 * ratio by no more than 10 %. Seismic demand is proportional to the seismic weight; the arrays add
 * D_PV · A_arrays and the roof alone weighs D_roof · A_roof, so their ratio bounds the increase from
 * above (the building's seismic weight also holds its walls and floors).
 */

const IEBC_LATERAL: Record<string, string> = { '2015': '403.4, Exception', '2018': '503.4, Exception', '2021': '503.4, Exception', '2024': '503.4, Exception' };

export interface SeismicWeights {
  /** Heaviest array dead load, psf of array area. */
  arrayDeadPsf: number;
  arrayAreaFt2: number;
  roofDeadPsf: number;
  roofAreaFt2: number;
}

export function seismicSection(iebcEdition: string, seismicDesignCategory: string, w: SeismicWeights): Section {
  const added = w.arrayDeadPsf * w.arrayAreaFt2;
  const existing = w.roofDeadPsf * w.roofAreaFt2;
  const pct = existing > 0 ? (added / existing) * 100 : Number.POSITIVE_INFINITY;
  const checks: Check[] = [check({
    id: 'structural.seismic.weight-increase', title: 'Added seismic weight of the arrays',
    inputs: [['D_PV (heaviest array)', w.arrayDeadPsf, 'psf'], ['A_arrays', w.arrayAreaFt2, 'ft²'], ['ΔW', added, 'lb'], ['D_roof (existing)', w.roofDeadPsf, 'psf'], ['A_roof', w.roofAreaFt2, 'ft²'], ['W_roof', existing, 'lb'], ['seismic design category', seismicDesignCategory]],
    formula: 'ΔW / W ≤ D_PV · A_arrays / (D_roof · A_roof) × 100 ≤ 10 %', value: pct, unit: '%', limit: { relation: '<=', value: 10 }, pass: pct <= 10 + 1e-9,
    ref: { code: 'IEBC', edition: iebcEdition, section: IEBC_LATERAL[iebcEdition] ?? '503.4, Exception' },
    remedy: 'Analyse the lateral force-resisting system for the added weight (ASCE 7 Chapter 12)',
  })];
  return { id: 'structural.seismic', title: 'Seismic: added weight on the lateral system', checks };
}
