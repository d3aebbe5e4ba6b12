import type { WireSize } from './wire-sizes.table.ts';
import { NEC_310_17_COPPER, type AmpacityRow, type ConductorMaterial, type TempColumn } from './nec-310-16.table.ts';

/**
 * CSA C22.1 (Canadian Electrical Code, Part I) tables the engine uses, kept apart from the NEC tables:
 * the Canadian code is a distinct edition key ('CSA C22.1', editions 2021 = 25th ed., 2024 = 26th ed.),
 * never "CEC", which Sunstamp's plan sets use for the California Electrical Code (see the README's
 * Decisions).
 *
 * Sources (values transcribed, never text):
 * - Table 2 (copper) and Table 4 (aluminium), "not more than three insulated conductors in raceway or
 *   cable, 30 °C ambient", 60/75/90 °C columns: the public CEC calculator feeeldotca/cec-app
 *   (src/store/tables.js, tables `table2`/`table4`); Table 2's rows 14–6 AWG cross-checked against a
 *   public transcription of the 25th edition (Markdown notes tagged canadian-electrical-code, "CEC t.2",
 *   which also names the companion Tables 5A and 5C). Table titles and the pairing of Tables 1/3 (free
 *   air) and 2/4 (raceway) with 5A/5C: eng-tips thread "wire amps for given size" (2015 table titles)
 *   and electricalindustry.ca, Bill Burr "Guide to the Canadian Electrical Code, Part I — Instalment 43".
 * - Table 5A (ambient above 30 °C) and Table 5C (more than three conductors in raceway or cable):
 *   feeeldotca/cec-app (`table5a`, `table5c`).
 *
 * Editions: the values are those of the 25th edition (2021). No stored source gives the 26th edition
 * (2024) values, so the engine refuses the 2024 tables (cec-conductor.calc.ts) rather than assume
 * they did not change.
 *
 * - Table 1 (copper, single conductors in free air): since the 2012 (22nd) edition Tables 1–4 are
 *   harmonised with NEC Tables 310.15(B)(16)/(17) (electricalindustry.ca, Pierre McDonald, "Conductor
 *   ampacities and their temperature rating", on the NFPA/CSA Task Force on the Harmonization of
 *   Ampacities). Table 1 is therefore taken from the engine's NEC Table 310.17 copper columns (sourced
 *   in the README); that Tables 2 and 4 as transcribed above still equal NEC 310.16 value for value in
 *   the 25th edition is asserted in csa-conductor.test.ts, the evidence that the harmonisation held.
 * - Table 5B (2–4 single conductors in free air spaced less than 25 % of the largest diameter):
 *   feeeldotca/cec-app (`table5b`); title as in the eng-tips thread above.
 *
 * Not transcribed (refused): Table 3 (aluminium in free air: the NEC 310.17 aluminium columns it would
 * equal are not verified here either); columns above 90 °C (not used for building wire here).
 */

/** Sizes of Table 2 (14 AWG up) the engine uses; Table 4 starts at 12 AWG. */
export const CSA_TABLE_2_COPPER: Readonly<Partial<Record<WireSize, AmpacityRow>>> = {
  '14': { 60: 15, 75: 20, 90: 25 },
  '12': { 60: 20, 75: 25, 90: 30 },
  '10': { 60: 30, 75: 35, 90: 40 },
  '8': { 60: 40, 75: 50, 90: 55 },
  '6': { 60: 55, 75: 65, 90: 75 },
  '4': { 60: 70, 75: 85, 90: 95 },
  '3': { 60: 85, 75: 100, 90: 115 },
  '2': { 60: 95, 75: 115, 90: 130 },
  '1': { 60: 110, 75: 130, 90: 145 },
  '1/0': { 60: 125, 75: 150, 90: 170 },
  '2/0': { 60: 145, 75: 175, 90: 195 },
  '3/0': { 60: 165, 75: 200, 90: 225 },
  '4/0': { 60: 195, 75: 230, 90: 260 },
  '250': { 60: 215, 75: 255, 90: 290 },
  '300': { 60: 240, 75: 285, 90: 320 },
  '350': { 60: 260, 75: 310, 90: 350 },
  '400': { 60: 280, 75: 335, 90: 380 },
  '500': { 60: 320, 75: 380, 90: 430 },
  '600': { 60: 350, 75: 420, 90: 475 },
};

export const CSA_TABLE_4_ALUMINUM: Readonly<Partial<Record<WireSize, AmpacityRow>>> = {
  '12': { 60: 15, 75: 20, 90: 25 },
  '10': { 60: 25, 75: 30, 90: 35 },
  '8': { 60: 35, 75: 40, 90: 45 },
  '6': { 60: 40, 75: 50, 90: 55 },
  '4': { 60: 55, 75: 65, 90: 75 },
  '3': { 60: 65, 75: 75, 90: 85 },
  '2': { 60: 75, 75: 90, 90: 100 },
  '1': { 60: 85, 75: 100, 90: 115 },
  '1/0': { 60: 100, 75: 120, 90: 135 },
  '2/0': { 60: 115, 75: 135, 90: 150 },
  '3/0': { 60: 130, 75: 155, 90: 175 },
  '4/0': { 60: 150, 75: 180, 90: 205 },
  '250': { 60: 170, 75: 205, 90: 230 },
  '300': { 60: 195, 75: 230, 90: 260 },
  '350': { 60: 210, 75: 250, 90: 280 },
  '400': { 60: 225, 75: 270, 90: 305 },
  '500': { 60: 260, 75: 310, 90: 350 },
  '600': { 60: 285, 75: 340, 90: 385 },
};

/** Table 1: copper single conductors in free air, 30 °C (= NEC Table 310.17 copper by harmonisation, see above). */
export const CSA_TABLE_1_COPPER: Readonly<Partial<Record<WireSize, AmpacityRow>>> = NEC_310_17_COPPER;

/** Table 5B: factors for Tables 1 and 3 where 2 to 4 single conductors are spaced less than 25 % of the largest diameter. */
export const CSA_TABLE_5B: Readonly<Record<2 | 3 | 4, number>> = { 2: 0.9, 3: 0.85, 4: 0.8 };

export function csaRacewayTable(material: ConductorMaterial): { name: 'Table 2' | 'Table 4'; rows: Readonly<Partial<Record<WireSize, AmpacityRow>>> } {
  return material === 'copper' ? { name: 'Table 2', rows: CSA_TABLE_2_COPPER } : { name: 'Table 4', rows: CSA_TABLE_4_ALUMINUM };
}

/**
 * Table 5A: correction factors for ambient temperatures above 30 °C, by the conductor's temperature
 * column. One row per ambient (35, 40 … 80 °C); null where the column has no factor (the conductor
 * may not be used at that ambient).
 */
export const CSA_TABLE_5A: readonly { ambientC: number; factor: Readonly<Record<TempColumn, number | null>> }[] = [
  { ambientC: 35, factor: { 60: 0.91, 75: 0.94, 90: 0.96 } },
  { ambientC: 40, factor: { 60: 0.82, 75: 0.88, 90: 0.91 } },
  { ambientC: 45, factor: { 60: 0.71, 75: 0.82, 90: 0.87 } },
  { ambientC: 50, factor: { 60: 0.58, 75: 0.75, 90: 0.82 } },
  { ambientC: 55, factor: { 60: 0.41, 75: 0.67, 90: 0.76 } },
  { ambientC: 60, factor: { 60: null, 75: 0.58, 90: 0.71 } },
  { ambientC: 65, factor: { 60: null, 75: 0.47, 90: 0.65 } },
  { ambientC: 70, factor: { 60: null, 75: 0.33, 90: 0.58 } },
  { ambientC: 75, factor: { 60: null, 75: null, 90: 0.5 } },
  { ambientC: 80, factor: { 60: null, 75: null, 90: 0.41 } },
];

/**
 * Rule 14-104(2) (25th ed., 2021): except as provided for by Subrule 1) c), the rating of overcurrent
 * protection shall not exceed 15 A for No. 14 AWG copper, 20 A for No. 12 AWG copper, 30 A for No. 10
 * AWG copper, 15 A for No. 12 AWG aluminum and 25 A for No. 10 AWG aluminum conductors. Source: the
 * public 25th-edition transcription of Section 14 (Markdown notes tagged canadian-electrical-code,
 * "CEC s.14", heading "14-104 Rating of overcurrent devices"), a secondary source restating the rule
 * text. The 26th edition (2024) text is not in a stored source: refused (csa-conductor.calc.ts).
 */
export const CSA_14_104_2_MAX_OCPD_A: Readonly<Record<ConductorMaterial, Readonly<Partial<Record<WireSize, number>>>>> = {
  copper: { '14': 15, '12': 20, '10': 30 },
  aluminum: { '12': 15, '10': 25 },
};

/** Table 5C: ampacity correction factors for more than three conductors in a raceway or cable (Tables 2 and 4). */
export const CSA_TABLE_5C: readonly { from: number; to: number; factor: number }[] = [
  { from: 1, to: 3, factor: 1.0 },
  { from: 4, to: 6, factor: 0.8 },
  { from: 7, to: 24, factor: 0.7 },
  { from: 25, to: 42, factor: 0.6 },
  { from: 43, to: Number.POSITIVE_INFINITY, factor: 0.5 },
];
