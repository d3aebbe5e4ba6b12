/**
 * Checks between an equipment item's fields that a per-field schema cannot make: a datasheet
 * typed in by hand with two values swapped (Vmp above Voc, an MPPT window upside down) would
 * otherwise reach the NEC string-sizing and conductor checks. Only values present are compared,
 * since staff may save an item before every field is known. Tolerances: Vmp × Imp within 2% of
 * Pmax and current × voltage within 3% of the AC rating, as published datasheets round.
 */
export type EquipmentIssue = Record<string, string>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function equipmentConsistencyIssues(kind: string, data: Record<string, unknown>): EquipmentIssue[] {
  const out: EquipmentIssue[] = [];
  const d = (k: string) => num(data[k]);
  const below = (lo: string, hi: string, message: string) => {
    const a = d(lo);
    const b = d(hi);
    if (a !== undefined && b !== undefined && !(a < b)) out.push({ [`data.${lo}`]: message });
  };
  const notAbove = (lo: string, hi: string, message: string) => {
    const a = d(lo);
    const b = d(hi);
    if (a !== undefined && b !== undefined && a > b) out.push({ [`data.${lo}`]: message });
  };
  const product = (a: string, b: string, target: string, tolerance: number, message: string) => {
    const x = d(a);
    const y = d(b);
    const t = d(target);
    if (x !== undefined && y !== undefined && t !== undefined && t > 0 && Math.abs(x * y - t) / t > tolerance) out.push({ [`data.${target}`]: message });
  };
  if (kind === 'module') {
    below('vmpV', 'vocV', 'Vmp must be below Voc.');
    below('impA', 'iscA', 'Imp must be below Isc.');
    below('vocV', 'maxSystemVoltageV', 'Voc must be below the maximum system voltage.');
    product('vmpV', 'impA', 'pmaxW', 0.02, 'Pmax should be Vmp × Imp (within 2%); check the three values.');
  } else if (kind === 'inverter') {
    below('mpptMinV', 'mpptMaxV', 'The MPPT minimum must be below the maximum.');
    notAbove('mpptMaxV', 'maxDcVoltageV', 'The MPPT maximum cannot exceed the maximum DC voltage.');
    product('maxContinuousOutputCurrentA', 'nominalVoltageV', 'acPowerW', 0.03, 'The AC power should be the output current × the nominal voltage (within 3%).');
  } else if (kind === 'optimizer') {
    below('mpptMinV', 'mpptMaxV', 'The MPPT minimum must be below the maximum.');
    notAbove('mpptMaxV', 'maxInputVoltageV', 'The MPPT maximum cannot exceed the maximum input voltage.');
  }
  return out;
}
