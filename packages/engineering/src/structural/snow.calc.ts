import type { AsceEdition, Exposure } from '../tables/asce7-kz.table.ts';
import { SNOW_CE, SNOW_CT, slopeFactorCs, snowImportance, type RiskCategory, type SnowExposure, type ThermalCondition } from '../tables/asce7-snow.table.ts';

export interface FlatRoofSnow {
  ce: number;
  ct: number;
  is: number;
  pfPsf: number;
  pmPsf: number;
}

/** ASCE 7-16 Eq. 7.3-1: pf = 0.7 Ce Ct Is pg (7-22: Is dropped); 7.3.4 minimum pm for low slopes. */
export function flatRoofSnow(edition: AsceEdition, pgPsf: number, exposure: Exposure, snowExposure: SnowExposure, thermal: ThermalCondition, risk: RiskCategory): FlatRoofSnow {
  const ce = SNOW_CE[exposure][snowExposure];
  const ct = SNOW_CT[thermal];
  const is = snowImportance(edition, risk);
  const pfPsf = 0.7 * ce * ct * is * pgPsf;
  const pmPsf = pgPsf <= 20 ? is * pgPsf : 20 * is;
  return { ce, ct, is, pfPsf, pmPsf };
}

export interface SlopedSnow {
  cs: number;
  psPsf: number;
  minimumApplied: boolean;
}

/** ASCE 7-16 Eq. 7.4-1: ps = Cs pf, with pm governing on slopes below 15° (7.3.4). */
export function slopedRoofSnow(flat: FlatRoofSnow, slopeDeg: number, slippery: boolean, unreduced: boolean): SlopedSnow {
  const cs = unreduced ? 1 : slopeFactorCs(flat.ct, slippery, slopeDeg);
  const ps = cs * flat.pfPsf;
  if (slopeDeg < 15 && flat.pmPsf > ps) return { cs, psPsf: flat.pmPsf, minimumApplied: true };
  return { cs, psPsf: ps, minimumApplied: false };
}
