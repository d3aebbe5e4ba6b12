import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';

export interface StringOcpd {
  /** Strings in parallel at the point where they are paralleled (inverter input or combiner). */
  nParallel: number;
  /** 690.8(A)(1) maximum current of one string (1.25 × Isc, or the converter's maximum output), A. */
  iMaxA: number;
  /** Current the other strings can feed into a faulted one: (n − 1) × I_max, A. */
  backfeedA: number;
  /** Largest OCPD the module (or converter) is listed for: its maximum series fuse, A. */
  seriesFuseA: number;
  /** 690.9(A): protection is required when the back-fed current exceeds the series fuse rating. */
  required: boolean;
  /** 690.9(B): next standard rating (240.6(A)) at or above 1.25 × I_max; null when not required. */
  ocpdA: number | null;
  /** The required OCPD is within the module's series fuse rating (110.3(B)); true when not required. */
  ocpdWithinSeriesFuse: boolean;
}

/**
 * 690.9(A) for PV string (source) circuits: a string needs its own OCPD when the currents from all
 * other sources paralleled with it, (n − 1) × I_max, exceed the maximum series fuse rating of the
 * module (or converter). One string alone is fed by nothing else. The OCPD is then sized by 690.9(B)
 * at 125 % of I_max, rounded up to a standard rating, and must not exceed the series fuse rating.
 */
export function evaluateStringOcpd(nParallel: number, iMaxA: number, seriesFuseA: number): StringOcpd {
  const backfeedA = Math.max(0, nParallel - 1) * iMaxA;
  const required = backfeedA > seriesFuseA + 1e-9;
  const ocpdA = required ? standardRatingAtOrAbove(1.25 * iMaxA) : null;
  return { nParallel, iMaxA, backfeedA, seriesFuseA, required, ocpdA, ocpdWithinSeriesFuse: ocpdA === null || ocpdA <= seriesFuseA + 1e-9 };
}
