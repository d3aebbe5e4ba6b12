import { NEC_310_17_COPPER, table310_16, type ConductorMaterial, type TempColumn } from '../tables/nec-310-16.table.ts';
import { ambientCorrectionFactor, conductorCountAdjustment } from '../tables/nec-310-15.table.ts';
import { NEC_240_4_D_ALUMINUM, NEC_240_4_D_COPPER, standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { egcSizeForOcpdOf } from '../tables/nec-250-122.table.ts';
import { CHAPTER_9_TABLE_8 } from '../tables/nec-chapter-9.table.ts';
import { WIRE_SIZES, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';

export interface AmpacityConditions {
  freeAir: boolean;
  /** Ambient including any rooftop adder, °C. */
  ambientC: number;
  currentCarrying: number;
  /** All conductor types offered are 90 °C insulation. */
  insulationC: TempColumn;
  terminalC: TempColumn;
  /** Omitted: copper. Aluminium reads the aluminium columns of Table 310.16 and 240.4(D)(5)/(6). */
  material?: ConductorMaterial;
}

export interface Ampacity {
  tableA: number;
  correction: number;
  adjustment: number;
  correctedA: number;
  terminalA: number;
  /** The conductor's ampacity for overcurrent protection: the lower of corrected and terminal-limited. */
  ampacityA: number;
}

export function conductorAmpacity(size: WireSize, c: AmpacityConditions): Ampacity {
  const material = c.material ?? 'copper';
  // Free-air aluminium (Table 310.17's aluminium columns) is refused before sizing (not verified here).
  if (c.freeAir && material === 'aluminum') throw new Error('Table 310.17 aluminium is not implemented');
  // A size the table has no row for (14 AWG aluminium) has no ampacity: it never passes.
  const tableA = (c.freeAir ? NEC_310_17_COPPER[size] : table310_16(size, material))?.[c.insulationC] ?? 0;
  const correction = ambientCorrectionFactor(c.ambientC, c.insulationC);
  // Free-air single conductors are not bundled, so Table 310.15(C)(1) does not apply.
  const adjustment = c.freeAir ? 1 : conductorCountAdjustment(c.currentCarrying);
  const correctedA = tableA * correction * adjustment;
  // 110.14(C): terminations are rated by Table 310.16's column for the terminal temperature.
  const terminalA = table310_16(size, material)?.[c.terminalC] ?? 0;
  return { tableA, correction, adjustment, correctedA, terminalA, ampacityA: Math.min(correctedA, terminalA) };
}

export interface SizingDemand {
  /** 690.8(A)/705.28(A) maximum circuit current, A. */
  maxCurrentA: number;
  ocpdA: number | null;
  conditions: AmpacityConditions;
  /**
   * Energy storage circuits (706.30(B); 706.20(B) in 2017): the conductor ampacity shall be at least the
   * rating of the ESS overcurrent device itself; the next-size-up allowance of 240.4(B) does not apply.
   */
  ampacityAtLeastOcpd?: boolean;
}

export interface SizingVerdict {
  continuousOk: boolean;
  correctedOk: boolean;
  protectedOk: boolean;
  ok: boolean;
  amp: Ampacity;
}

/** The three sizing rules every PV and inverter circuit conductor must meet. */
export function judgeConductor(size: WireSize, d: SizingDemand): SizingVerdict {
  const amp = conductorAmpacity(size, d.conditions);
  // 690.8(B)(1)/705.28(B)(1): 125 % of the maximum current, before correction, at the terminal rating.
  const continuousOk = amp.terminalA >= 1.25 * d.maxCurrentA - 1e-9;
  // 690.8(B)(2)/705.28(B)(2): 100 % after correction and adjustment.
  const correctedOk = amp.correctedA >= d.maxCurrentA - 1e-9;
  let protectedOk = true;
  if (d.ocpdA !== null) {
    // 240.4(B) lets the next standard rating above a non-standard ampacity protect the conductor.
    const allowed = standardRatingAtOrAbove(amp.ampacityA);
    const smallLimit = (d.conditions.material === 'aluminum' ? NEC_240_4_D_ALUMINUM : NEC_240_4_D_COPPER)[size];
    protectedOk = d.ocpdA <= allowed && (smallLimit === undefined || d.ocpdA <= smallLimit) && (!d.ampacityAtLeastOcpd || amp.ampacityA >= d.ocpdA - 1e-9);
  }
  return { continuousOk, correctedOk, protectedOk, ok: continuousOk && correctedOk && protectedOk, amp };
}

/** Smallest size at or above minSize meeting judgeConductor; null when even 600 kcmil does not. */
export function selectConductorSize(d: SizingDemand, minSize: WireSize): WireSize | null {
  for (let i = sizeIndex(minSize); i < WIRE_SIZES.length; i++) {
    const size = WIRE_SIZES[i];
    if (judgeConductor(size, d).ok) return size;
  }
  return null;
}

/**
 * 250.122(A) size, increased per 250.122(B) in proportion to circular mils when the ungrounded
 * conductors were made larger than the ampacity requires; never larger than those conductors.
 */
export function selectEgcSize(ocpdOrAssumedA: number, ampacitySize: WireSize, installedSize: WireSize, material: ConductorMaterial = 'copper'): { size: WireSize; base: WireSize; increased: boolean } {
  const base = egcSizeForOcpdOf(ocpdOrAssumedA, material);
  let size = base;
  if (sizeIndex(installedSize) > sizeIndex(ampacitySize)) {
    const ratio = CHAPTER_9_TABLE_8[installedSize].circularMils / CHAPTER_9_TABLE_8[ampacitySize].circularMils;
    const needed = CHAPTER_9_TABLE_8[base].circularMils * ratio;
    for (const s of WIRE_SIZES) {
      // Table 8 circular mils are rounded, so a ratio landing within 0.5 % of a size counts as that size.
      if (sizeIndex(s) >= sizeIndex(base) && CHAPTER_9_TABLE_8[s].circularMils >= needed * 0.995) {
        size = s;
        break;
      }
    }
  }
  if (sizeIndex(size) > sizeIndex(installedSize)) size = installedSize;
  return { size, base, increased: size !== base };
}
