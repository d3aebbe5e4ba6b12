import type { WireSize } from './wire-sizes.table.ts';

/**
 * NEC Table 250.122: minimum copper equipment grounding conductor by the rating of the
 * overcurrent device ahead of the circuit (same in 2017, 2020, 2023), up to 1200 A.
 */
export const NEC_250_122_COPPER: ReadonlyArray<{ maxOcpdA: number; size: WireSize }> = [
  { maxOcpdA: 15, size: '14' },
  { maxOcpdA: 20, size: '12' },
  { maxOcpdA: 60, size: '10' },
  { maxOcpdA: 100, size: '8' },
  { maxOcpdA: 200, size: '6' },
  { maxOcpdA: 300, size: '4' },
  { maxOcpdA: 400, size: '3' },
  { maxOcpdA: 500, size: '2' },
  { maxOcpdA: 600, size: '1' },
  { maxOcpdA: 800, size: '1/0' },
  { maxOcpdA: 1000, size: '2/0' },
  { maxOcpdA: 1200, size: '3/0' },
];

export function egcSizeForOcpd(ocpdA: number): WireSize {
  for (const row of NEC_250_122_COPPER) if (ocpdA <= row.maxOcpdA) return row.size;
  return '3/0';
}

/** Table 250.122, aluminum or copper-clad aluminum column, up to 1200 A. */
export const NEC_250_122_ALUMINUM: ReadonlyArray<{ maxOcpdA: number; size: WireSize }> = [
  { maxOcpdA: 15, size: '12' },
  { maxOcpdA: 20, size: '10' },
  { maxOcpdA: 60, size: '8' },
  { maxOcpdA: 100, size: '6' },
  { maxOcpdA: 200, size: '4' },
  { maxOcpdA: 300, size: '2' },
  { maxOcpdA: 400, size: '1' },
  { maxOcpdA: 500, size: '1/0' },
  { maxOcpdA: 600, size: '2/0' },
  { maxOcpdA: 800, size: '3/0' },
  { maxOcpdA: 1000, size: '4/0' },
  { maxOcpdA: 1200, size: '250' },
];

export function egcSizeForOcpdOf(ocpdA: number, material: 'copper' | 'aluminum'): WireSize {
  if (material === 'copper') return egcSizeForOcpd(ocpdA);
  for (const row of NEC_250_122_ALUMINUM) if (ocpdA <= row.maxOcpdA) return row.size;
  return '250';
}
