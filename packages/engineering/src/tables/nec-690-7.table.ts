/**
 * NEC Table 690.7(A): voltage correction factors for crystalline and multicrystalline silicon
 * modules, by lowest expected ambient temperature (°C). Same values in 2017, 2020 and 2023.
 */
export const NEC_690_7_A: ReadonlyArray<{ minC: number; maxC: number; factor: number }> = [
  { minC: 20, maxC: 24, factor: 1.02 },
  { minC: 15, maxC: 19, factor: 1.04 },
  { minC: 10, maxC: 14, factor: 1.06 },
  { minC: 5, maxC: 9, factor: 1.08 },
  { minC: 0, maxC: 4, factor: 1.1 },
  { minC: -5, maxC: -1, factor: 1.12 },
  { minC: -10, maxC: -6, factor: 1.14 },
  { minC: -15, maxC: -11, factor: 1.16 },
  { minC: -20, maxC: -16, factor: 1.18 },
  { minC: -25, maxC: -21, factor: 1.2 },
  { minC: -30, maxC: -26, factor: 1.21 },
  { minC: -35, maxC: -31, factor: 1.23 },
  { minC: -40, maxC: -36, factor: 1.25 },
];

/** The coldest temperature Table 690.7(A) covers, °C (its last row is −36 to −40 °C). */
export const TABLE_690_7_A_COLDEST_C = -40;

/** Factor for a design minimum temperature, or null outside the table (25 °C and above needs none; below -40 °C is off the table). */
export function table690_7Factor(minTempC: number): number | null {
  // Rows are whole degrees; a fractional temperature falls in the colder row (the conservative side).
  const t = Math.floor(minTempC);
  if (t >= 25) return 1.0;
  for (const row of NEC_690_7_A) if (t >= row.minC && t <= row.maxC) return row.factor;
  return null;
}

/** 690.7: maximum PV system DC circuit voltage by occupancy. */
export const NEC_690_7_LIMIT_V = { dwelling: 600, other: 1000 } as const;
