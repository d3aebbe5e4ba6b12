import { NDS_CD_WIND, NDS_SPECIFIC_GRAVITY, lagWithdrawalPerInch, type Species } from '../tables/nds-withdrawal.table.ts';

/** Array dead load per unit area: module weight over its area plus racking. */
export function arrayDeadLoadPsf(moduleWeightLb: number, lengthIn: number, widthIn: number, rackingPsf: number): number {
  return moduleWeightLb / ((lengthIn * widthIn) / 144) + rackingPsf;
}

export interface RailLoads {
  tributaryWidthFt: number;
  deadPlf: number;
  snowPlf: number;
  windDownPlf: number;
  windUpPlf: number;
  /** Governing ASD downward line load, plf. */
  downPlf: number;
  downCombination: string;
  /** Net ASD uplift line load (0.6W − 0.6D), plf, never negative. */
  upPlf: number;
}

/** ASCE 7 §2.4.1 ASD combinations 3, 5, 6a (downward) and 7 (uplift) on a rail line load. */
export function railLoads(tributaryWidthFt: number, deadPsf: number, snowPsf: number, windDownPsf: number, windUpPsf: number): RailLoads {
  const d = deadPsf * tributaryWidthFt;
  const s = snowPsf * tributaryWidthFt;
  const wd = windDownPsf * tributaryWidthFt;
  const wu = windUpPsf * tributaryWidthFt;
  const combos: Array<[string, number]> = [
    ['D + S', d + s],
    ['D + 0.6W', d + 0.6 * wd],
    ['D + 0.75(0.6W) + 0.75S', d + 0.75 * 0.6 * wd + 0.75 * s],
  ];
  let [downCombination, downPlf] = combos[0];
  for (const [name, value] of combos) if (value > downPlf + 1e-12) [downCombination, downPlf] = [name, value];
  return { tributaryWidthFt, deadPlf: d, snowPlf: s, windDownPlf: wd, windUpPlf: wu, downPlf, downCombination, upPlf: Math.max(0, 0.6 * wu - 0.6 * d) };
}

/** Simple-span moment wL²/8 (conservative against the continuous rail), lb-ft. */
export function railMomentLbFt(wPlf: number, spanFt: number): number {
  return (wPlf * spanFt * spanFt) / 8;
}

/** Longest span whose simple-span moment stays within the allowable moment, ft. */
export function maxSpanForMomentFt(wPlf: number, allowableMomentLbFt: number): number {
  return wPlf <= 0 ? Number.POSITIVE_INFINITY : Math.sqrt((8 * allowableMomentLbFt) / wPlf);
}

export interface LagCapacity {
  g: number;
  wPerInchLb: number;
  cd: number;
  capacityLb: number;
}

/** NDS 12.2.1: W' = W · C_D · p · n (C_M, C_t, C_eg = 1.0: dry, normal temperature, side grain). */
export function lagCapacity(species: Species, diameterIn: number, threadPenetrationIn: number, count: number): LagCapacity {
  const g = NDS_SPECIFIC_GRAVITY[species];
  const wPerInchLb = lagWithdrawalPerInch(g, diameterIn);
  return { g, wPerInchLb, cd: NDS_CD_WIND, capacityLb: wPerInchLb * NDS_CD_WIND * threadPenetrationIn * count };
}
