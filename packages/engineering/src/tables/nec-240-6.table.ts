import type { WireSize } from './wire-sizes.table.ts';

/**
 * NEC 240.6(A) standard ampere ratings for fuses and inverse-time breakers (15 A and up; the
 * 1, 3, 6 and 10 A fuse ratings are never needed by a PV circuit sized at 125 %).
 */
export const NEC_240_6_A: readonly number[] = [
  15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 110, 125, 150, 175, 200, 225, 250, 300,
  350, 400, 450, 500, 600, 700, 800, 1000, 1200, 1600, 2000, 2500, 3000, 4000, 5000, 6000,
];

/** Smallest standard rating at or above a current. */
export function standardRatingAtOrAbove(amps: number): number {
  for (const r of NEC_240_6_A) if (r >= amps - 1e-9) return r;
  return Number.POSITIVE_INFINITY;
}

/** Largest standard rating at or below a current (used to derate a main breaker). */
export function standardRatingAtOrBelow(amps: number): number | null {
  let best: number | null = null;
  for (const r of NEC_240_6_A) if (r <= amps + 1e-9) best = r;
  return best;
}

/** NEC 240.4(D): small copper conductors' maximum overcurrent protection. */
export const NEC_240_4_D_COPPER: Partial<Record<WireSize, number>> = { '14': 15, '12': 20, '10': 30 };

/** NEC 240.4(D)(5)/(6): 12 AWG aluminium 15 A, 10 AWG aluminium 25 A (same in 2017, 2020, 2023). */
export const NEC_240_4_D_ALUMINUM: Partial<Record<WireSize, number>> = { '12': 15, '10': 25 };

/** Standard panelboard/busbar ratings used when proposing a main panel upgrade. */
export const PANEL_BUSBAR_RATINGS: readonly number[] = [100, 125, 150, 200, 225, 300, 400];

/** AC disconnect sizes the requirements catalogue carries model numbers for (spec §3). */
export const AC_DISCONNECT_RATINGS: readonly number[] = [30, 60, 100, 200];
