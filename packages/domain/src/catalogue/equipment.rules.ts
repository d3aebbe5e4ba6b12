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

/**
 * The string voltage limit of an optimizer string behind this inverter, when the inverter sets it:
 * a string inverter without an MPPT window in the catalogue (`mpptMinV: null`, e.g. SolarEdge
 * HD-Wave) holds the DC-to-DC converter string at a fixed voltage, at most its maximum DC input
 * voltage, so that is the string's voltage limit (NEC 690.7(B)) whatever the number of
 * optimizers. Any other inverter: undefined (the string is n × the optimizer's V_out,max).
 */
export function fixedOptimizerStringVoltageV(inverterData: Readonly<Record<string, unknown>> | null | undefined): number | undefined {
  if (!inverterData || inverterData.mpptMinV !== null) return undefined;
  const v = inverterData.maxDcVoltageV;
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;
}
