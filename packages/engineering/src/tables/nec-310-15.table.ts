import type { TempColumn } from './nec-310-16.table.ts';

/**
 * Ambient temperature correction factors based on 30 °C: NEC Table 310.15(B)(2)(a) (2017),
 * Table 310.15(B)(1) (2020), Table 310.15(B)(1)(1) (2023). Rows are the book's ranges by their
 * upper bound in °C; null where the book has a dash (conductor may not be used).
 */
export const NEC_AMBIENT_CORRECTION: ReadonlyArray<{ maxC: number } & Record<TempColumn, number | null>> = [
  { maxC: 10, 60: 1.29, 75: 1.2, 90: 1.15 },
  { maxC: 15, 60: 1.22, 75: 1.15, 90: 1.12 },
  { maxC: 20, 60: 1.15, 75: 1.11, 90: 1.08 },
  { maxC: 25, 60: 1.08, 75: 1.05, 90: 1.04 },
  { maxC: 30, 60: 1.0, 75: 1.0, 90: 1.0 },
  { maxC: 35, 60: 0.91, 75: 0.94, 90: 0.96 },
  { maxC: 40, 60: 0.82, 75: 0.88, 90: 0.91 },
  { maxC: 45, 60: 0.71, 75: 0.82, 90: 0.87 },
  { maxC: 50, 60: 0.58, 75: 0.75, 90: 0.82 },
  { maxC: 55, 60: 0.41, 75: 0.67, 90: 0.76 },
  { maxC: 60, 60: null, 75: 0.58, 90: 0.71 },
  { maxC: 65, 60: null, 75: 0.47, 90: 0.65 },
  { maxC: 70, 60: null, 75: 0.33, 90: 0.58 },
  { maxC: 75, 60: null, 75: null, 90: 0.5 },
  { maxC: 80, 60: null, 75: null, 90: 0.41 },
  { maxC: 85, 60: null, 75: null, 90: 0.29 },
];

/** Factor for an ambient temperature; 0 where the conductor may not be used at that temperature. */
export function ambientCorrectionFactor(ambientC: number, column: TempColumn): number {
  // The book's rows are whole degrees (e.g. 31–35); a fractional input belongs to the row it rounds up into.
  const t = Math.ceil(ambientC - 1e-9);
  for (const row of NEC_AMBIENT_CORRECTION) {
    if (t <= row.maxC) return row[column] ?? 0;
  }
  return 0;
}

/**
 * Adjustment factors for more than three current-carrying conductors in a raceway or cable:
 * NEC Table 310.15(B)(3)(a) (2017), Table 310.15(C)(1) (2020, 2023).
 */
export const NEC_CCC_ADJUSTMENT: ReadonlyArray<{ maxConductors: number; factor: number }> = [
  { maxConductors: 3, factor: 1.0 },
  { maxConductors: 6, factor: 0.8 },
  { maxConductors: 9, factor: 0.7 },
  { maxConductors: 20, factor: 0.5 },
  { maxConductors: 30, factor: 0.45 },
  { maxConductors: 40, factor: 0.4 },
  { maxConductors: Number.POSITIVE_INFINITY, factor: 0.35 },
];

export function conductorCountAdjustment(currentCarrying: number): number {
  for (const row of NEC_CCC_ADJUSTMENT) if (currentCarrying <= row.maxConductors) return row.factor;
  return 0.35;
}

/**
 * Rooftop temperature adder: 2017 310.15(B)(3)(c), 2020/2023 310.15(B)(2). Since 2017 the book
 * keeps one step only: 33 °C where the bottom of the raceway or cable is less than 7/8 in. (23 mm)
 * above the roof; XHHW-2 is exempt. (The 2008–2014 four-row table is not used by any edition here.)
 */
export const ROOFTOP_ADDER_C = 33;
export const ROOFTOP_ADDER_MAX_HEIGHT_IN = 7 / 8;

export function rooftopAdderC(heightAboveRoofIn: number, conductorType: string): number {
  if (conductorType === 'XHHW-2') return 0;
  return heightAboveRoofIn < ROOFTOP_ADDER_MAX_HEIGHT_IN ? ROOFTOP_ADDER_C : 0;
}
