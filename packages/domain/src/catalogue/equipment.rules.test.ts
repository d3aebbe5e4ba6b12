import { describe, expect, it } from 'vitest';
import { equipmentConsistencyIssues, fixedOptimizerStringVoltageV } from './equipment.rules.ts';
import { SEED_EQUIPMENT } from './equipment.data.ts';

const module = { pmaxW: 400, vocV: 37.1, iscA: 13.9, vmpV: 30.9, impA: 12.95, maxSystemVoltageV: 1000 };
const inverter = { acPowerW: 7600, maxContinuousOutputCurrentA: 32, nominalVoltageV: 240, maxDcVoltageV: 600, mpptMinV: 100, mpptMaxV: 480 };

describe('equipmentConsistencyIssues', () => {
  it('passes every seed item', () => {
    for (const e of SEED_EQUIPMENT) {
      const { kind, ...data } = e as unknown as Record<string, unknown> & { kind: string };
      expect(equipmentConsistencyIssues(kind, data), `${String(data.manufacturer)} ${String(data.model)}`).toEqual([]);
    }
  });
  it.each([
    ['module', { ...module, vmpV: 38 }, 'data.vmpV,data.pmaxW'],
    ['module', { ...module, impA: 14 }, 'data.impA,data.pmaxW'],
    ['module', { ...module, maxSystemVoltageV: 30 }, 'data.vocV'],
    ['module', { ...module, pmaxW: 450 }, 'data.pmaxW'],
    ['inverter', { ...inverter, mpptMinV: 500 }, 'data.mpptMinV'],
    ['inverter', { ...inverter, mpptMaxV: 650 }, 'data.mpptMaxV'],
    ['inverter', { ...inverter, acPowerW: 9000 }, 'data.acPowerW'],
    ['optimizer', { mpptMinV: 80, mpptMaxV: 60, maxInputVoltageV: 80 }, 'data.mpptMinV'],
    ['optimizer', { mpptMinV: 8, mpptMaxV: 90, maxInputVoltageV: 80 }, 'data.mpptMaxV'],
  ])('flags a %s with %j at %s', (kind, data, field) => {
    expect(equipmentConsistencyIssues(kind, data).map((i) => Object.keys(i)[0]).join(',')).toBe(field);
  });
  it('compares only the values present, and lets consistent items through', () => {
    expect(equipmentConsistencyIssues('module', { vocV: 40 })).toEqual([]);
    expect(equipmentConsistencyIssues('module', module)).toEqual([]);
    expect(equipmentConsistencyIssues('inverter', inverter)).toEqual([]);
    expect(equipmentConsistencyIssues('battery', { energyKwh: 13.5 })).toEqual([]);
  });
});

describe('fixedOptimizerStringVoltageV', () => {
  it('is the maximum DC input voltage of an inverter without an MPPT window (a fixed-voltage optimizer inverter)', () => {
    const hdWave = SEED_EQUIPMENT.find((e) => e.kind === 'inverter' && e.mpptMinV === null)!;
    expect(hdWave.kind === 'inverter' && fixedOptimizerStringVoltageV(hdWave)).toBe(hdWave.kind === 'inverter' && hdWave.maxDcVoltageV);
    expect(fixedOptimizerStringVoltageV({ mpptMinV: null, maxDcVoltageV: 480 })).toBe(480);
  });
  it('is undefined for an inverter with an MPPT window, one whose window is unknown, or without a DC limit', () => {
    expect(fixedOptimizerStringVoltageV({ mpptMinV: 100, maxDcVoltageV: 600 })).toBeUndefined();
    expect(fixedOptimizerStringVoltageV({ maxDcVoltageV: 600 })).toBeUndefined();
    expect(fixedOptimizerStringVoltageV({ mpptMinV: null })).toBeUndefined();
    expect(fixedOptimizerStringVoltageV(null)).toBeUndefined();
  });
});
