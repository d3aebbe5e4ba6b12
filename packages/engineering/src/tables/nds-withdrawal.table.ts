export type Species = 'DF-L' | 'SP' | 'HF' | 'SPF';

/** NDS Table 12.3.3A (2015/2018): specific gravity G of common framing species combinations. */
export const NDS_SPECIFIC_GRAVITY: Readonly<Record<Species, number>> = {
  'DF-L': 0.5,
  SP: 0.55,
  HF: 0.43,
  SPF: 0.42,
};

/**
 * NDS 12.2.1, Eq. 12.2-1: lag screw reference withdrawal value per inch of thread penetration
 * into side grain, W = 1800 G^(3/2) D^(3/4) lb/in. Table 12.2A tabulates it rounded to the pound.
 */
export function lagWithdrawalPerInch(g: number, diameterIn: number): number {
  return 1800 * Math.pow(g, 1.5) * Math.pow(diameterIn, 0.75);
}

/** NDS Table 2.3.2: load duration factor for wind (ASD). */
export const NDS_CD_WIND = 1.6;
