import type { WireSize } from './wire-sizes.table.ts';

export type TempColumn = 60 | 75 | 90;
export type AmpacityRow = Readonly<Record<TempColumn, number>>;

export type ConductorMaterial = 'copper' | 'aluminum';

/**
 * NEC Table 310.16 (2020, 2023) = Table 310.15(B)(16) (2017): allowable ampacities of insulated
 * copper conductors, not more than three current-carrying conductors in raceway, cable or earth,
 * based on 30 °C ambient.
 */
export const NEC_310_16_COPPER: Readonly<Record<WireSize, AmpacityRow>> = {
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

/**
 * NEC Table 310.17 (2020, 2023) = Table 310.15(B)(17) (2017): single insulated copper conductors
 * in free air, 30 °C ambient. Used for exposed PV source circuits under the array.
 */
export const NEC_310_17_COPPER: Readonly<Record<WireSize, AmpacityRow>> = {
  '14': { 60: 25, 75: 30, 90: 35 },
  '12': { 60: 30, 75: 35, 90: 40 },
  '10': { 60: 40, 75: 50, 90: 55 },
  '8': { 60: 60, 75: 70, 90: 80 },
  '6': { 60: 80, 75: 95, 90: 105 },
  '4': { 60: 105, 75: 125, 90: 140 },
  '3': { 60: 120, 75: 145, 90: 165 },
  '2': { 60: 140, 75: 170, 90: 190 },
  '1': { 60: 165, 75: 195, 90: 220 },
  '1/0': { 60: 195, 75: 230, 90: 260 },
  '2/0': { 60: 225, 75: 265, 90: 300 },
  '3/0': { 60: 260, 75: 310, 90: 350 },
  '4/0': { 60: 300, 75: 360, 90: 405 },
  '250': { 60: 340, 75: 405, 90: 455 },
  // 505 A at 90 °C (the engine had 500 until issue 26; two independent transcriptions of Table 310.17 read 505).
  '300': { 60: 375, 75: 445, 90: 505 },
  '350': { 60: 420, 75: 505, 90: 570 },
  '400': { 60: 455, 75: 545, 90: 615 },
  '500': { 60: 515, 75: 620, 90: 700 },
  '600': { 60: 575, 75: 690, 90: 780 },
};

/**
 * NEC Table 310.16 (2020, 2023) = Table 310.15(B)(16) (2017), the aluminum or copper-clad aluminum
 * columns (same values in the three editions). The table has no 14 AWG aluminium row (12 AWG is the
 * smallest aluminium conductor, Table 310.106(A) in 2017, Table 310.3(A) from 2020).
 */
export const NEC_310_16_ALUMINUM: Readonly<Partial<Record<WireSize, AmpacityRow>>> = {
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

/** Table 310.16 row for a material; undefined where the table has none (14 AWG aluminium). */
export function table310_16(size: WireSize, material: ConductorMaterial): AmpacityRow | undefined {
  return material === 'aluminum' ? NEC_310_16_ALUMINUM[size] : NEC_310_16_COPPER[size];
}
