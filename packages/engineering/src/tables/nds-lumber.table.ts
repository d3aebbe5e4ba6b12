import type { Species } from './nds-withdrawal.table.ts';

/*
 * Sawn dimension lumber for the rafter member check (issue 24, finding 3): reference design values of
 * visually graded 2x lumber (NDS Supplement 2018, Table 4A for Douglas Fir-Larch, Hem-Fir and
 * Spruce-Pine-Fir; Table 4B for Southern Pine, whose Fb is tabulated by width with the size factor
 * already in it), the size factor CF of Table 4A, dressed sizes of Table 1A and densities of
 * ASCE 7 Table C3-2 for the member's own weight.
 */

export type LumberSize = '2x4' | '2x6' | '2x8' | '2x10' | '2x12';
export type LumberGrade = 'select-structural' | 'no1' | 'no2';

export const GRADE_NAME: Readonly<Record<LumberGrade, string>> = { 'select-structural': 'Select Structural', no1: 'No. 1', no2: 'No. 2' };
export const SPECIES_NAME: Readonly<Record<Species, string>> = { 'DF-L': 'Douglas Fir-Larch', SP: 'Southern Pine', HF: 'Hem-Fir', SPF: 'Spruce-Pine-Fir' };

/** NDS Supplement Table 1A: dressed (actual) depth of 2x lumber, in.; thickness 1.5 in. */
export const DRESSED_DEPTH_IN: Readonly<Record<LumberSize, number>> = { '2x4': 3.5, '2x6': 5.5, '2x8': 7.25, '2x10': 9.25, '2x12': 11.25 };
export const DRESSED_THICKNESS_IN = 1.5;

/** NDS Supplement Table 4A, size factor CF for Fb, 2 in. thick dimension lumber (Southern Pine: 1.0, Table 4B). */
export const SIZE_FACTOR_FB: Readonly<Record<LumberSize, number>> = { '2x4': 1.5, '2x6': 1.3, '2x8': 1.2, '2x10': 1.1, '2x12': 1.0 };

export interface LumberValues { fbPsi: number; fvPsi: number; ePsi: number; table: string }

const T4A = 'NDS Supplement Table 4A';
const T4B = 'NDS Supplement Table 4B';

/** Table 4A reference values: Fb (before CF), Fv, E. */
const TABLE_4A: Readonly<Record<Exclude<Species, 'SP'>, Readonly<Record<LumberGrade, { fb: number; fv: number; e: number }>>>> = {
  'DF-L': { 'select-structural': { fb: 1500, fv: 180, e: 1_900_000 }, no1: { fb: 1000, fv: 180, e: 1_700_000 }, no2: { fb: 900, fv: 180, e: 1_600_000 } },
  HF: { 'select-structural': { fb: 1400, fv: 150, e: 1_600_000 }, no1: { fb: 975, fv: 150, e: 1_500_000 }, no2: { fb: 850, fv: 150, e: 1_300_000 } },
  SPF: { 'select-structural': { fb: 1250, fv: 135, e: 1_500_000 }, no1: { fb: 875, fv: 135, e: 1_400_000 }, no2: { fb: 875, fv: 135, e: 1_400_000 } },
};

/** Table 4B (Southern Pine, 2013 values): Fb by width with CF included, Fv, E; No. 1 and No. 2. */
const TABLE_4B: Readonly<Record<'no1' | 'no2', { fb: Readonly<Record<LumberSize, number>>; fv: number; e: number }>> = {
  no1: { fb: { '2x4': 1500, '2x6': 1350, '2x8': 1250, '2x10': 1050, '2x12': 1000 }, fv: 175, e: 1_600_000 },
  no2: { fb: { '2x4': 1100, '2x6': 1000, '2x8': 925, '2x10': 800, '2x12': 750 }, fv: 175, e: 1_400_000 },
};

/** Reference values of the species and grade, or undefined where this table has none (Southern Pine Select Structural). */
export function lumberValues(species: Species, grade: LumberGrade, size: LumberSize): LumberValues | undefined {
  if (species === 'SP') {
    if (grade === 'select-structural') return undefined;
    const v = TABLE_4B[grade];
    return { fbPsi: v.fb[size], fvPsi: v.fv, ePsi: v.e, table: T4B };
  }
  const v = TABLE_4A[species][grade];
  return { fbPsi: v.fb, fvPsi: v.fv, ePsi: v.e, table: T4A };
}

/** ASCE 7 Table C3-2 densities of seasoned wood, pcf: the member's own weight. */
export const WOOD_DENSITY_PCF: Readonly<Record<Species, number>> = { 'DF-L': 34, SP: 37, HF: 28, SPF: 29 };

/** NDS Table 2.3.2 load duration factors (ASD). */
export const NDS_CD = { dead: 0.9, roofLive: 1.25, snow: 1.15, wind: 1.6 } as const;

/** NDS 4.3.9: repetitive member factor for 2–4 in. thick members not more than 24 in. on centre, three or more. */
export const NDS_CR_REPETITIVE = 1.15;
