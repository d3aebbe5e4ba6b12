import type { AsceEdition, Exposure } from '../tables/asce7-kz.table.ts';
import { SNOW_CE, SNOW_CT, SNOW_CT_7_22, slopeFactorCs, snowImportance, type RiskCategory, type SnowExposure, type ThermalCondition } from '../tables/asce7-snow.table.ts';
import { EngineRefusalError } from '../engine-refusal.ts';

export interface FlatRoofSnow {
  ce: number;
  ct: number;
  is: number;
  pfPsf: number;
  /** Minimum snow load for low-slope roofs; null for 7-22 when pm,max (Table 7.3-4) was not given. */
  pmPsf: number | null;
  /** Where Ct came from: the edition's table, or the value entered (7-22 heated roofs, Table 7.3-3). */
  ctSource: 'table' | 'entered';
}

/** 7-22 inputs the printed tables hold but the engine does not reproduce. */
export interface Snow722Inputs {
  /** Ct from 7-22 Tables 7.3-2/7.3-3 (required for heated roofs). */
  thermalFactorCt?: number | undefined;
  /** pm,max from 7-22 Table 7.3-4 for the risk category (required where a slope is below 15°). */
  minimumSnowLoadMaxPsf?: number | undefined;
}

/**
 * Eq. 7.3-1: pf = 0.7 Ce Ct Is pg (7-10, 7-16); 7-22: pf = 0.7 Ce Ct pg — Is removed, pg is the
 * risk-category (strength-level) ground snow load. Minimum pm for low slopes: 7-10/7-16 §7.3.4 Is·pg up
 * to 20 psf, 20 Is above; 7-22 §7.3.3 pg up to pm,max (Table 7.3-4), pm,max above.
 */
export function flatRoofSnow(edition: AsceEdition, pgPsf: number, exposure: Exposure, snowExposure: SnowExposure, thermal: ThermalCondition, risk: RiskCategory, in722: Snow722Inputs = {}): FlatRoofSnow {
  const ce = SNOW_CE[exposure][snowExposure];
  const is = snowImportance(edition, risk);
  if (edition !== '7-22') {
    const ct = SNOW_CT[thermal];
    const pmPsf = pgPsf <= 20 ? is * pgPsf : 20 * is;
    return { ce, ct, is, pfPsf: 0.7 * ce * ct * is * pgPsf, pmPsf, ctSource: 'table' };
  }
  const tableCt = SNOW_CT_7_22[thermal];
  const ct = thermal === 'heated' ? in722.thermalFactorCt : tableCt;
  if (ct === undefined || ct === null) {
    throw new EngineRefusalError('inputs-missing', 'ASCE 7-22 gives a heated building with an unventilated roof a thermal factor Ct between 1.0 and 1.2 from the roof\'s R-value and the ground snow load (Tables 7.3-2 and 7.3-3): enter it as site.thermalFactorCt.', ['site.thermalFactorCt']);
  }
  const pmPsf = in722.minimumSnowLoadMaxPsf === undefined ? null : Math.min(pgPsf, in722.minimumSnowLoadMaxPsf);
  return { ce, ct, is: 1, pfPsf: 0.7 * ce * ct * pgPsf, pmPsf, ctSource: thermal === 'heated' ? 'entered' : 'table' };
}

export interface SlopedSnow {
  cs: number;
  psPsf: number;
  minimumApplied: boolean;
}

/**
 * Eq. 7.4-1: ps = Cs pf, with pm governing on slopes below 15° (7-16 §7.3.4; 7-22 §7.3.3). Figure 7.4-1's
 * curves are for Ct ≤ 1.0, 1.1 and ≥ 1.2; a 7-22 Ct between them reads the colder curve (the larger Cs).
 */
export function slopedRoofSnow(flat: FlatRoofSnow, slopeDeg: number, slippery: boolean, unreduced: boolean): SlopedSnow {
  const cs = unreduced ? 1 : slopeFactorCs(flat.ct, slippery, slopeDeg);
  const ps = cs * flat.pfPsf;
  if (slopeDeg < 15) {
    if (flat.pmPsf === null) {
      throw new EngineRefusalError('inputs-missing', `A slope of ${slopeDeg}° is below 15°, where ASCE 7-22 §7.3.3 sets a minimum snow load pm = min(pg, pm,max) with pm,max from Table 7.3-4 for the risk category: enter it as site.minimumSnowLoadMaxPsf.`, ['site.minimumSnowLoadMaxPsf']);
    }
    if (flat.pmPsf > ps) return { cs, psPsf: flat.pmPsf, minimumApplied: true };
  }
  return { cs, psPsf: ps, minimumApplied: false };
}
