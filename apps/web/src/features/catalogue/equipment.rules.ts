import type { EquipmentItem } from '@sunstamp/domain/contracts/catalogue';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';

export const EQUIPMENT_KIND_LABELS: Record<EquipmentKind, string> = {
  module: 'Modules', inverter: 'Inverters', optimizer: 'Optimizers', battery: 'Batteries', mci: 'MCIs',
  microgrid_controller: 'Microgrid controllers', ac_disconnect: 'AC disconnects', production_meter: 'Production meters',
  racking: 'Racking',
};

const num = (v: unknown, unit: string) => (typeof v === 'number' && Number.isFinite(v) ? `${v.toLocaleString('en-US')} ${unit}` : null);

/** The one or two figures that tell items of a kind apart, as text ("425 W · Voc 37.9 V"). */
export function keyRating(item: Pick<EquipmentItem, 'kind' | 'data'>): string {
  const d = item.data;
  const parts: (string | null)[] = (() => {
    switch (item.kind) {
      case 'module':
        return [num(d.pmaxW, 'W'), d.vocV !== undefined ? `Voc ${num(d.vocV, 'V')}` : null];
      case 'inverter':
        return [num(d.acPowerW, 'W AC'), num(d.maxContinuousOutputCurrentA, 'A')];
      case 'optimizer':
        return [num(d.ratedInputPowerW, 'W'), num(d.maxOutputCurrentA, 'A out')];
      case 'battery':
        return [num(d.energyKwh, 'kWh'), num(d.continuousPowerKw, 'kW')];
      case 'mci':
        return [num(d.maxSystemVoltageV, 'V'), num(d.maxContinuousCurrentA, 'A')];
      case 'microgrid_controller':
        return [num(d.ratedCurrentA, 'A'), num(d.nominalVoltageV, 'V')];
      case 'ac_disconnect':
        return [num(d.ampRating, 'A'), typeof d.fused === 'boolean' ? (d.fused ? 'fused' : 'non-fused') : null];
      case 'racking':
        return [num(d.maxAttachmentSpanIn, 'in max span') ?? 'spans per design guide'];
      case 'production_meter':
        return [typeof d.form === 'string' ? `form ${d.form}` : null, num(d.ampClass, 'A class'), num(d.nominalVoltageV, 'V')];
    }
  })();
  return parts.filter(Boolean).join(' · ');
}

export const SOURCE_LABELS: Record<EquipmentItem['source'], string> = { seed: 'Built in', cec_import: 'CEC list', staff: 'Staff' };
