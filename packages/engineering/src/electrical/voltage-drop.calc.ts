import { CHAPTER_9_TABLE_8 } from '../tables/nec-chapter-9.table.ts';
import { WIRE_SIZES, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';

/**
 * Two-wire (DC or 240 V single-phase) voltage drop with Chapter 9 Table 8 DC resistance at 75 °C:
 * VD = 2 · L · I · R / 1000. Reactance is ignored, which is within a few percent for these sizes.
 */
export function voltageDropV(lengthFt: number, currentA: number, size: WireSize): number {
  return (2 * lengthFt * currentA * CHAPTER_9_TABLE_8[size].ohmsPerKft) / 1000;
}

export function voltageDropPct(lengthFt: number, currentA: number, size: WireSize, voltageV: number): number {
  return (voltageDropV(lengthFt, currentA, size) / voltageV) * 100;
}

/** Smallest size at or above minSize whose drop is within the limit; null when none is. */
export function sizeForVoltageDrop(lengthFt: number, currentA: number, voltageV: number, limitPct: number, minSize: WireSize): WireSize | null {
  for (let i = sizeIndex(minSize); i < WIRE_SIZES.length; i++) {
    if (voltageDropPct(lengthFt, currentA, WIRE_SIZES[i], voltageV) <= limitPct + 1e-9) return WIRE_SIZES[i];
  }
  return null;
}
