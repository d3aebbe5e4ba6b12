// Conductor sizes in ascending order. The UI offers 12 AWG to 600 kcmil (spec §9); 14 AWG is kept
// so the code tables are complete, but selection starts at 12 AWG.
export const WIRE_SIZES = [
  '14', '12', '10', '8', '6', '4', '3', '2', '1', '1/0', '2/0', '3/0', '4/0',
  '250', '300', '350', '400', '500', '600',
] as const;
export type WireSize = (typeof WIRE_SIZES)[number];

export const SMALLEST_SELECTABLE_SIZE: WireSize = '12';

export function sizeIndex(size: WireSize): number {
  return WIRE_SIZES.indexOf(size);
}

export function formatWireSize(size: WireSize): string {
  return Number(size) >= 250 ? `${size} kcmil` : `${size} AWG`;
}
