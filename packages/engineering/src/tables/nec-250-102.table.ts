import { sizeIndex, type WireSize } from './wire-sizes.table.ts';

/**
 * NEC Table 250.102(C)(1) (2017, 2020, 2023): grounded conductor, main and system bonding jumper and
 * supply-side bonding jumper for AC systems, by the size of the largest ungrounded conductor. Each
 * row gives the largest ungrounded conductor in copper and in aluminium and the jumper in copper and
 * in aluminium. Above 1100 kcmil copper / 1750 kcmil aluminium the jumper is 12.5 % of the area
 * (the engine's conductors stop at 600 kcmil). A supply-side PV connection is bonded with this
 * jumper, not with an equipment grounding conductor sized by Table 250.122 (issue 25).
 */
export const NEC_250_102_C_1: ReadonlyArray<{ maxCopper: WireSize; maxAluminum: WireSize | null; copper: WireSize; aluminum: WireSize }> = [
  { maxCopper: '2', maxAluminum: '1/0', copper: '8', aluminum: '6' },
  { maxCopper: '1/0', maxAluminum: '3/0', copper: '6', aluminum: '4' },
  { maxCopper: '3/0', maxAluminum: '250', copper: '4', aluminum: '2' },
  { maxCopper: '350', maxAluminum: '500', copper: '2', aluminum: '1/0' },
  { maxCopper: '600', maxAluminum: null, copper: '1/0', aluminum: '3/0' },
];

/** The supply-side bonding jumper (and least grounded conductor) for the largest ungrounded conductor, in the conductors' metal. */
export function supplySideBondingJumper(ungrounded: WireSize, material: 'copper' | 'aluminum'): WireSize {
  for (const row of NEC_250_102_C_1) {
    const max = material === 'copper' ? row.maxCopper : row.maxAluminum;
    if (max === null || sizeIndex(ungrounded) <= sizeIndex(max)) return material === 'copper' ? row.copper : row.aluminum;
  }
  return material === 'copper' ? '1/0' : '3/0';
}
