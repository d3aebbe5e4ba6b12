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
