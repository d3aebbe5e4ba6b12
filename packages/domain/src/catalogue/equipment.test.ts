import { describe, expect, it } from 'vitest';
import { SEED_EQUIPMENT } from './equipment.data.ts';
import { ZEquipment } from './equipment.schema.ts';
import {
  AC_DISCONNECT_TYPES, BATTERY_TYPES, INVERTER_TYPES, MCI_TYPES, MICROGRID_CONTROLLER_TYPES, MODULE_TYPES,
  OPTIMIZER_TYPES, PRODUCTION_METER_TYPES, RACKING_TYPES,
} from './option-lists.data.ts';

const TYPE_LISTS = {
  module: MODULE_TYPES, inverter: INVERTER_TYPES, optimizer: OPTIMIZER_TYPES, battery: BATTERY_TYPES, mci: MCI_TYPES,
  microgrid_controller: MICROGRID_CONTROLLER_TYPES, ac_disconnect: AC_DISCONNECT_TYPES, production_meter: PRODUCTION_METER_TYPES,
  racking: RACKING_TYPES,
} as const;

describe('equipment seed', () => {
  it('cites its sources by the maker\'s document or site, never an unofficial mirror at a bare IP address (sheets print these)', () => {
    const text = JSON.stringify(SEED_EQUIPMENT);
    expect(text).not.toMatch(/https?:\/\/\d{1,3}(\.\d{1,3}){3}/);
  });

  it.each(SEED_EQUIPMENT.map((e) => [e.id, e] as const))('%s is valid, typed and sourced', (_id, e) => {
    expect(ZEquipment.parse(e)).toEqual(e);
    expect(TYPE_LISTS[e.kind].items.map((i) => i.value)).toContain(e.type);
    expect(e.source.document).not.toBe('');
  });

  it('every item says whether its values were cross-checked, and against what', () => {
    for (const e of SEED_EQUIPMENT) {
      expect(e.source.document, e.id).toMatch(/\. (Cross-checked \d{4}-\d{2}-\d{2}\b.+|Not cross-checked: .+)$/s);
    }
  });

  it('ids are unique and every kind is seeded', () => {
    expect(new Set(SEED_EQUIPMENT.map((e) => e.id)).size).toBe(SEED_EQUIPMENT.length);
    expect(new Set(SEED_EQUIPMENT.map((e) => e.kind))).toEqual(new Set(Object.keys(TYPE_LISTS)));
    expect(SEED_EQUIPMENT.length).toBeGreaterThanOrEqual(20);
  });

  it('module and inverter data are physically consistent', () => {
    for (const e of SEED_EQUIPMENT) {
      if (e.kind === 'module') {
        expect(e.vmpV).toBeLessThan(e.vocV);
        expect(e.impA).toBeLessThan(e.iscA);
        // Rated power within 2 % of Vmp × Imp: catches a transposed figure.
        expect(Math.abs(e.vmpV * e.impA - e.pmaxW) / e.pmaxW).toBeLessThan(0.02);
      }
      if (e.kind === 'inverter') {
        // Continuous current × nominal voltage is the rated power, within 3 %.
        expect(Math.abs(e.maxContinuousOutputCurrentA * e.nominalVoltageV - e.acPowerW) / e.acPowerW).toBeLessThan(0.03);
        if (e.mpptMaxV !== null) expect(e.mpptMaxV).toBeLessThanOrEqual(e.maxDcVoltageV);
      }
    }
  });
});
