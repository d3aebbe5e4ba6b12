import { sizeIndex, type WireSize } from './wire-sizes.table.ts';

/** NEC Chapter 9, Table 1: maximum percent of conduit area for conductors. */
export function table1FillPercent(conductorCount: number): number {
  if (conductorCount <= 1) return 53;
  if (conductorCount === 2) return 31;
  return 40;
}

export const CONDUIT_TYPES = ['EMT', 'PVC-40', 'PVC-80', 'RMC', 'FMC', 'LFMC'] as const;
export type ConduitType = (typeof CONDUIT_TYPES)[number];

export const TRADE_SIZES = ['3/8', '1/2', '3/4', '1', '1-1/4', '1-1/2', '2', '2-1/2', '3', '3-1/2', '4'] as const;
export type TradeSize = (typeof TRADE_SIZES)[number];

/**
 * NEC Chapter 9, Table 4: total internal area (100 %) in in², by article:
 * EMT Art. 358, PVC Sch 40 and Sch 80 Art. 352, RMC Art. 344, FMC Art. 348, LFMC Art. 350.
 */
export const CHAPTER_9_TABLE_4: Readonly<Record<ConduitType, Partial<Record<TradeSize, number>>>> = {
  EMT: { '1/2': 0.304, '3/4': 0.533, '1': 0.864, '1-1/4': 1.496, '1-1/2': 2.036, '2': 3.356, '2-1/2': 5.858, '3': 8.846, '3-1/2': 11.545, '4': 14.753 },
  'PVC-40': { '1/2': 0.285, '3/4': 0.508, '1': 0.832, '1-1/4': 1.453, '1-1/2': 1.986, '2': 3.291, '2-1/2': 4.695, '3': 7.268, '3-1/2': 9.737, '4': 12.554 },
  'PVC-80': { '1/2': 0.217, '3/4': 0.409, '1': 0.688, '1-1/4': 1.237, '1-1/2': 1.711, '2': 2.874, '2-1/2': 4.119, '3': 6.442, '3-1/2': 8.688, '4': 11.258 },
  RMC: { '1/2': 0.314, '3/4': 0.549, '1': 0.887, '1-1/4': 1.526, '1-1/2': 2.071, '2': 3.408, '2-1/2': 4.866, '3': 7.499, '3-1/2': 10.01, '4': 12.882 },
  FMC: { '3/8': 0.116, '1/2': 0.317, '3/4': 0.533, '1': 0.817, '1-1/4': 1.277, '1-1/2': 1.858, '2': 3.269, '2-1/2': 4.909, '3': 7.069, '3-1/2': 9.621, '4': 12.566 },
  LFMC: { '3/8': 0.192, '1/2': 0.314, '3/4': 0.541, '1': 0.873, '1-1/4': 1.528, '1-1/2': 1.981, '2': 3.246, '2-1/2': 4.881, '3': 7.475, '3-1/2': 9.731, '4': 12.692 },
};

export const CONDUCTOR_TYPES = ['THWN-2', 'XHHW-2', 'USE-2', 'PV-WIRE'] as const;
export type ConductorType = (typeof CONDUCTOR_TYPES)[number];

const THWN2: Partial<Record<WireSize, number>> = {
  '14': 0.0097, '12': 0.0133, '10': 0.0211, '8': 0.0366, '6': 0.0507, '4': 0.0824, '3': 0.0973, '2': 0.1158, '1': 0.1562,
  '1/0': 0.1855, '2/0': 0.2223, '3/0': 0.2679, '4/0': 0.3237, '250': 0.397, '300': 0.4608, '350': 0.5242, '400': 0.5863, '500': 0.7073, '600': 0.8676,
};
const XHHW2: Partial<Record<WireSize, number>> = {
  '14': 0.0139, '12': 0.0181, '10': 0.0243, '8': 0.0437, '6': 0.059, '4': 0.0814, '3': 0.0962, '2': 0.1146, '1': 0.1534,
  '1/0': 0.1825, '2/0': 0.219, '3/0': 0.2642, '4/0': 0.3197, '250': 0.3904, '300': 0.4536, '350': 0.5166, '400': 0.5782, '500': 0.6984, '600': 0.8709,
};
// USE-2 and PV Wire are not in Table 5. We use its "RHH*, RHW*, RHW-2*" row (with outer covering),
// the larger RHW-2 dimension, because listed PV Wire/USE-2 is commonly triple-rated RHW-2; sizes
// above 4/0 are not offered for these types.
const RHW2_COVERED: Partial<Record<WireSize, number>> = {
  '14': 0.0293, '12': 0.0353, '10': 0.0437, '8': 0.0835, '6': 0.1041, '4': 0.1333, '3': 0.1521, '2': 0.175, '1': 0.266,
  '1/0': 0.3039, '2/0': 0.3505, '3/0': 0.4072, '4/0': 0.4754,
};

/** NEC Chapter 9, Table 5: approximate area of insulated conductors, in². */
export const CHAPTER_9_TABLE_5: Readonly<Record<ConductorType, Partial<Record<WireSize, number>>>> = {
  'THWN-2': THWN2,
  'XHHW-2': XHHW2,
  'USE-2': RHW2_COVERED,
  'PV-WIRE': RHW2_COVERED,
};

/**
 * NEC Chapter 9, Table 8 (same values 2017, 2020, 2023): uncoated copper, DC resistance at 75 °C in
 * Ω/kft for the stranded conductor and, for 14–8 AWG, the solid one (the book has no solid row from
 * 6 AWG up), and the area in circular mils (for 250.122(B) proportional EGC increases).
 * Which column applies depends on the conductor installed: see `installedStranding`.
 */
export const CHAPTER_9_TABLE_8: Readonly<Record<WireSize, { ohmsPerKftStranded: number; ohmsPerKftSolid?: number; circularMils: number }>> = {
  '14': { ohmsPerKftStranded: 3.14, ohmsPerKftSolid: 3.07, circularMils: 4110 },
  '12': { ohmsPerKftStranded: 1.98, ohmsPerKftSolid: 1.93, circularMils: 6530 },
  '10': { ohmsPerKftStranded: 1.24, ohmsPerKftSolid: 1.21, circularMils: 10380 },
  '8': { ohmsPerKftStranded: 0.778, ohmsPerKftSolid: 0.764, circularMils: 16510 },
  '6': { ohmsPerKftStranded: 0.491, circularMils: 26240 },
  '4': { ohmsPerKftStranded: 0.308, circularMils: 41740 },
  '3': { ohmsPerKftStranded: 0.245, circularMils: 52620 },
  '2': { ohmsPerKftStranded: 0.194, circularMils: 66360 },
  '1': { ohmsPerKftStranded: 0.154, circularMils: 83690 },
  '1/0': { ohmsPerKftStranded: 0.122, circularMils: 105600 },
  '2/0': { ohmsPerKftStranded: 0.0967, circularMils: 133100 },
  '3/0': { ohmsPerKftStranded: 0.0766, circularMils: 167800 },
  '4/0': { ohmsPerKftStranded: 0.0608, circularMils: 211600 },
  '250': { ohmsPerKftStranded: 0.0515, circularMils: 250000 },
  '300': { ohmsPerKftStranded: 0.0429, circularMils: 300000 },
  '350': { ohmsPerKftStranded: 0.0367, circularMils: 350000 },
  '400': { ohmsPerKftStranded: 0.0321, circularMils: 400000 },
  '500': { ohmsPerKftStranded: 0.0258, circularMils: 500000 },
  '600': { ohmsPerKftStranded: 0.0214, circularMils: 600000 },
};

/**
 * NEC Chapter 9, Table 8, aluminum column (DC resistance at 75 °C, Ω/kft): stranded and, for 12–8 AWG,
 * solid. Checked against the public transcription sfasoft "Conductor Properties" (NEC Chapter 9 Table 8).
 * No 14 AWG aluminium conductor is offered (Table 310.16 has no aluminium row for it).
 */
export const CHAPTER_9_TABLE_8_ALUMINUM: Readonly<Partial<Record<WireSize, { ohmsPerKftStranded: number; ohmsPerKftSolid?: number }>>> = {
  '12': { ohmsPerKftStranded: 3.25, ohmsPerKftSolid: 3.18 },
  '10': { ohmsPerKftStranded: 2.04, ohmsPerKftSolid: 2.0 },
  '8': { ohmsPerKftStranded: 1.28, ohmsPerKftSolid: 1.26 },
  '6': { ohmsPerKftStranded: 0.808 },
  '4': { ohmsPerKftStranded: 0.508 },
  '3': { ohmsPerKftStranded: 0.403 },
  '2': { ohmsPerKftStranded: 0.319 },
  '1': { ohmsPerKftStranded: 0.253 },
  '1/0': { ohmsPerKftStranded: 0.201 },
  '2/0': { ohmsPerKftStranded: 0.159 },
  '3/0': { ohmsPerKftStranded: 0.126 },
  '4/0': { ohmsPerKftStranded: 0.1 },
  '250': { ohmsPerKftStranded: 0.0847 },
  '300': { ohmsPerKftStranded: 0.0707 },
  '350': { ohmsPerKftStranded: 0.0605 },
  '400': { ohmsPerKftStranded: 0.0529 },
  '500': { ohmsPerKftStranded: 0.0424 },
  '600': { ohmsPerKftStranded: 0.0353 },
};

export type Stranding = 'solid' | 'stranded';

/** Table 8 DC resistance at 75 °C, Ω/kft, for the conductor's material and stranding (no solid row from 6 AWG up). */
export function table8OhmsPerKft(size: WireSize, stranding: Stranding, material: 'copper' | 'aluminum' = 'copper'): number {
  const row = material === 'aluminum' ? CHAPTER_9_TABLE_8_ALUMINUM[size] : CHAPTER_9_TABLE_8[size];
  if (!row) throw new Error(`Chapter 9 Table 8 has no ${material} ${size} row in the engine`);
  return stranding === 'solid' && row.ohmsPerKftSolid !== undefined ? row.ohmsPerKftSolid : row.ohmsPerKftStranded;
}

export interface StrandingDecision {
  stranding: Stranding;
  /** Why: the rule that fixes it, the run's declaration, or the default. */
  reason: 'pv-wire-listing' | 'raceway-8-awg-and-larger' | 'no-solid-size' | 'declared' | 'default-solid-14-10' | 'default-stranded-8';
  /** A declared 'solid' the code or listing does not permit for this conductor. */
  conflict: boolean;
}

/**
 * The stranding of the conductor actually installed, which picks the Table 8 column:
 * - PV Wire is stranded by its listing (UL 4703), whatever its size;
 * - in a raceway, 8 AWG and larger shall be stranded (310.3(C) in 2020/2023, 310.106(C) in 2017);
 * - 6 AWG and larger has no solid row in Table 8;
 * - otherwise the run's declared stranding; undeclared, 14–10 AWG building wire is taken as solid
 *   (the book's solid column, as before) and 8 AWG outside a raceway as stranded (the larger
 *   resistance: a conductor that size is stranded in practice).
 */
export function installedStranding(type: ConductorType, size: WireSize, inRaceway: boolean, declared: Stranding | undefined): StrandingDecision {
  const required: StrandingDecision['reason'] | null =
    type === 'PV-WIRE' ? 'pv-wire-listing'
    : inRaceway && sizeIndex(size) >= sizeIndex('8') ? 'raceway-8-awg-and-larger'
    : CHAPTER_9_TABLE_8[size].ohmsPerKftSolid === undefined ? 'no-solid-size'
    : null;
  if (required) return { stranding: 'stranded', reason: required, conflict: declared === 'solid' };
  if (declared) return { stranding: declared, reason: 'declared', conflict: false };
  return size === '8' ? { stranding: 'stranded', reason: 'default-stranded-8', conflict: false } : { stranding: 'solid', reason: 'default-solid-14-10', conflict: false };
}
