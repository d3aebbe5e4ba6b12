import type { AsceEdition, Exposure } from './asce7-kz.table.ts';

export type SnowExposure = 'fully-exposed' | 'partially-exposed' | 'sheltered';
export type ThermalCondition = 'heated' | 'cold-ventilated' | 'unheated' | 'freezer' | 'greenhouse';
export type RiskCategory = 'I' | 'II' | 'III' | 'IV';

/** ASCE 7-16 Table 7.3-1 (same in 7-10): exposure factor Ce by surface roughness and roof exposure. */
export const SNOW_CE: Readonly<Record<Exposure, Record<SnowExposure, number>>> = {
  B: { 'fully-exposed': 0.9, 'partially-exposed': 1.0, sheltered: 1.2 },
  C: { 'fully-exposed': 0.9, 'partially-exposed': 1.0, sheltered: 1.1 },
  D: { 'fully-exposed': 0.8, 'partially-exposed': 0.9, sheltered: 1.0 },
};

/** ASCE 7-16 Table 7.3-2 (same in 7-10): thermal factor Ct. */
export const SNOW_CT: Readonly<Record<ThermalCondition, number>> = {
  heated: 1.0,
  'cold-ventilated': 1.1,
  unheated: 1.2,
  freezer: 1.3,
  greenhouse: 0.85,
};

/**
 * ASCE 7-22 Table 7.3-2 thermal factor Ct. 7-22 raised cold, ventilated roofs to 1.2 (from 1.1), and
 * gives heated structures with unventilated roofs a Ct between 1.0 and 1.2 from the roof's R-value and
 * pg (Table 7.3-3): that table is not reproduced here, so a heated roof's Ct must be entered
 * (site.thermalFactorCt). Unheated/open 1.2, freezer 1.3, greenhouse 0.85 are taken as unchanged.
 * Sources: TDEG News "ASCE 7-22 … Thermal Factor" (ventilated 1.2; unventilated 1.0–1.2, e.g. 1.17 at
 * R-30 and pg 30 psf) and NFBA magazine September 2025 (7-16 Ct 1.1 → 7-22 Ct 1.2, ventilated R-25+).
 */
export const SNOW_CT_7_22: Readonly<Record<ThermalCondition, number | null>> = {
  heated: null,
  'cold-ventilated': 1.2,
  unheated: 1.2,
  freezer: 1.3,
  greenhouse: 0.85,
};

/** ASCE 7-16 Table 1.5-2: snow importance factor Is. 7-22 removed Is (risk-targeted pg maps). */
export const SNOW_IS: Readonly<Record<RiskCategory, number>> = { I: 0.8, II: 1.0, III: 1.1, IV: 1.2 };

export function snowImportance(edition: AsceEdition, risk: RiskCategory): number {
  return edition === '7-22' ? 1.0 : SNOW_IS[risk];
}

/**
 * ASCE 7-16 Figure 7.4-1 (7.4.2–7.4.3): roof slope factor Cs. Each curve is 1.0 up to a slope,
 * then falls linearly to 0 at 70°. Warm roofs (Ct ≤ 1.0), cold roofs Ct = 1.1, Ct ≥ 1.2.
 */
export const SLOPE_FACTOR_BREAKS: ReadonlyArray<{ maxCt: number; slipperyDeg: number; otherDeg: number }> = [
  { maxCt: 1.0, slipperyDeg: 5, otherDeg: 30 },
  { maxCt: 1.1, slipperyDeg: 10, otherDeg: 37.5 },
  { maxCt: Number.POSITIVE_INFINITY, slipperyDeg: 15, otherDeg: 45 },
];

export function slopeFactorCs(ct: number, slippery: boolean, slopeDeg: number): number {
  const row = SLOPE_FACTOR_BREAKS.find((r) => ct <= r.maxCt + 1e-9) ?? SLOPE_FACTOR_BREAKS[2];
  const start = slippery ? row.slipperyDeg : row.otherDeg;
  if (slopeDeg <= start) return 1;
  if (slopeDeg >= 70) return 0;
  return 1 - (slopeDeg - start) / (70 - start);
}
