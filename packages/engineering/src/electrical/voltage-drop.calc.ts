import { table8OhmsPerKft } from '../tables/nec-chapter-9.table.ts';
import { WIRE_SIZES, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';

/** The Table 8 column for a candidate size: the stranding depends on the size (310.3(C)), so it is a function. */
export type StrandingFor = (size: WireSize) => 'solid' | 'stranded';

/**
 * Two-wire (DC or 240 V single-phase) voltage drop with Chapter 9 Table 8 DC resistance at 75 °C:
 * VD = 2 · L · I · R / 1000, R from the column of the conductor installed (solid or stranded).
 * Reactance is ignored, which is within a few percent for these sizes.
 */
export function voltageDropV(lengthFt: number, currentA: number, size: WireSize, strandingFor: StrandingFor, material: 'copper' | 'aluminum' = 'copper'): number {
  return (2 * lengthFt * currentA * table8OhmsPerKft(size, strandingFor(size), material)) / 1000;
}

export function voltageDropPct(lengthFt: number, currentA: number, size: WireSize, voltageV: number, strandingFor: StrandingFor, material: 'copper' | 'aluminum' = 'copper'): number {
  return (voltageDropV(lengthFt, currentA, size, strandingFor, material) / voltageV) * 100;
}

/** Smallest size at or above minSize whose drop is within the limit; null when none is. */
export function sizeForVoltageDrop(lengthFt: number, currentA: number, voltageV: number, limitPct: number, minSize: WireSize, strandingFor: StrandingFor, material: 'copper' | 'aluminum' = 'copper'): WireSize | null {
  for (let i = sizeIndex(minSize); i < WIRE_SIZES.length; i++) {
    if (voltageDropPct(lengthFt, currentA, WIRE_SIZES[i], voltageV, strandingFor, material) <= limitPct + 1e-9) return WIRE_SIZES[i];
  }
  return null;
}
