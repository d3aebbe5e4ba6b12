import {
  CHAPTER_9_TABLE_4,
  CHAPTER_9_TABLE_5,
  TRADE_SIZES,
  table1FillPercent,
  type ConductorType,
  type ConduitType,
  type TradeSize,
} from '../tables/nec-chapter-9.table.ts';
import type { WireSize } from '../tables/wire-sizes.table.ts';

export interface ConduitConductor {
  type: ConductorType;
  size: WireSize;
  count: number;
}

export interface ConduitSizing {
  tradeSize: TradeSize | null;
  conductorCount: number;
  conductorAreaIn2: number;
  fillPercentAllowed: number;
  conduitAreaIn2: number | null;
  fillPercent: number | null;
}

export function conductorArea(type: ConductorType, size: WireSize): number {
  const area = CHAPTER_9_TABLE_5[type][size];
  if (area === undefined) throw new Error(`Chapter 9 Table 5 has no ${type} ${size}`);
  return area;
}

/** Smallest trade size (not below minTrade) whose Table 1 fill holds the conductors. */
export function sizeConduit(type: ConduitType, conductors: ConduitConductor[], minTrade: TradeSize): ConduitSizing {
  const conductorCount = conductors.reduce((n, c) => n + c.count, 0);
  const conductorAreaIn2 = conductors.reduce((a, c) => a + c.count * conductorArea(c.type, c.size), 0);
  const fillPercentAllowed = table1FillPercent(conductorCount);
  const start = TRADE_SIZES.indexOf(minTrade);
  for (let i = start; i < TRADE_SIZES.length; i++) {
    const trade = TRADE_SIZES[i];
    const area = CHAPTER_9_TABLE_4[type][trade];
    if (area === undefined) continue;
    if (conductorAreaIn2 <= (area * fillPercentAllowed) / 100 + 1e-9) {
      return { tradeSize: trade, conductorCount, conductorAreaIn2, fillPercentAllowed, conduitAreaIn2: area, fillPercent: (conductorAreaIn2 / area) * 100 };
    }
  }
  return { tradeSize: null, conductorCount, conductorAreaIn2, fillPercentAllowed, conduitAreaIn2: null, fillPercent: null };
}
