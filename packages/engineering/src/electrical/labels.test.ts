// Issue 26, item 9: the 705.10 power-source directory and the 706 storage markings in the label set,
// keyed by edition, beside the 690.13(B) PV system disconnect marking.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { calculateDesign } from '../design.calc.ts';
import type { Report } from '../report.schema.ts';

const EDITIONS = ['2017', '2020', '2023'] as const;
function load(name: string): any {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`../../examples/${name}.input.json`, import.meta.url)), 'utf8'));
}
const withNec = (input: any, nec: string) => ({ ...input, site: { ...input.site, codes: { ...input.site.codes, nec } } });
const labelOf = (r: Report, purpose: string) => r.labels.filter((l) => l.purpose === purpose);

describe('705.10 power-source directory', () => {
  // 2017 705.10: a plaque or directory "denoting all electric power sources on or in the premises" at
  // each service equipment location and at each source; 2020/2023 705.10: the location of each power
  // source disconnecting means, marked "CAUTION: MULTIPLE SOURCES OF POWER".
  it.each(EDITIONS)('NEC %s: one directory naming the utility, the PV system and the storage, with its wording', (nec) => {
    const r = calculateDesign(withNec(load('battery-supply-side'), nec));
    const [d, ...more] = labelOf(r, 'power-source-directory');
    expect(more).toEqual([]);
    expect(d).toMatchObject({ id: 'label.705-10', ref: { code: 'NEC', edition: nec, section: '705.10' } });
    expect(d.lines).toEqual([nec === '2017' ? 'POWER SOURCES ON THESE PREMISES' : 'CAUTION: MULTIPLE SOURCES OF POWER', 'UTILITY SERVICE', 'PHOTOVOLTAIC SYSTEM (7.6 KW AC)', 'ENERGY STORAGE SYSTEM']);
  });
  it('the disconnect locations the job gives are printed; none is invented where it gives none', () => {
    const base = load('battery-supply-side');
    const r = calculateDesign({ ...base, equipment: { ...base.equipment, battery: { ...base.equipment.battery, count: 2, energyKwh: 13.5 } }, service: { ...base.service, disconnectLocations: { service: 'Exterior, south wall', energyStorage: 'Garage, beside the battery' } } });
    expect(labelOf(r, 'power-source-directory')[0].lines).toEqual([
      'CAUTION: MULTIPLE SOURCES OF POWER',
      'UTILITY SERVICE: DISCONNECT AT EXTERIOR, SOUTH WALL',
      'PHOTOVOLTAIC SYSTEM (7.6 KW AC)',
      'ENERGY STORAGE SYSTEM (27 KWH): DISCONNECT AT GARAGE, BESIDE THE BATTERY',
    ]);
  });
  it('a job without storage lists the utility and the PV system only', () => {
    expect(labelOf(calculateDesign(load('microinverters')), 'power-source-directory')[0].lines).toEqual(['POWER SOURCES ON THESE PREMISES', 'UTILITY SERVICE', 'PHOTOVOLTAIC SYSTEM (6.96 KW AC)']);
  });
});

describe('706 energy storage disconnect marking', () => {
  // 2017 706.7(D): the nominal ESS voltage (items 2–4, fault current, clearing time and date, not for
  // one- and two-family dwellings). 2020/2023 706.15(C): "ENERGY STORAGE SYSTEM DISCONNECT", the nominal
  // voltage, the line/load warning, and items (2)–(4) outside one- and two-family dwellings.
  it.each(EDITIONS)('NEC %s: AC-coupled battery in a dwelling', (nec) => {
    const [l] = labelOf(calculateDesign(withNec(load('battery-supply-side'), nec)), 'ess-disconnect');
    expect(l).toMatchObject(nec === '2017'
      ? { id: 'label.706-7-d', ref: { section: '706.7(D)' }, lines: ['ENERGY STORAGE SYSTEM', 'NOMINAL ESS VOLTAGE: 240 V AC'] }
      : { id: 'label.706-15-c', ref: { section: '706.15(C)' }, lines: ['ENERGY STORAGE SYSTEM DISCONNECT', 'NOMINAL ESS VOLTAGE: 240 V AC', 'WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION'] });
  });
  it('DC-coupled: the battery\'s DC voltage; outside a dwelling the fault-current items are field-marked', () => {
    const base = load('string-inverter-load-side');
    const dc = { ...base, equipment: { ...base.equipment, battery: { model: 'B', coupling: 'dc', maxContinuousCurrentA: 25, nominalVoltageV: 400 } } };
    expect(labelOf(calculateDesign(dc), 'ess-disconnect')[0].lines.slice(0, 2)).toEqual(['ENERGY STORAGE SYSTEM DISCONNECT', 'NOMINAL ESS VOLTAGE: 400 V DC']);
    const other = calculateDesign({ ...dc, site: { ...dc.site, occupancy: 'other' } });
    expect(labelOf(other, 'ess-disconnect')[0].lines).toContain('AVAILABLE FAULT CURRENT, ARC-FLASH LABEL AND DATE OF CALCULATION: MARKED IN THE FIELD (706.15(C)(2)–(4))');
    expect(labelOf(calculateDesign(withNec({ ...dc, site: { ...dc.site, occupancy: 'other' } }, '2017')), 'ess-disconnect')[0].lines).toContain('AVAILABLE FAULT CURRENT, CLEARING TIME AND DATE OF CALCULATION: MARKED IN THE FIELD (706.7(D)(2)–(4))');
  });
  it('Article 480 (2020 480.7(B)): a DC-coupled battery system over 60 V DC at a dwelling has an outside EMERGENCY DISCONNECT; not in 2017 (no such subsection), not printed for 2023 (numbering not confirmed), not for an AC-coupled unit or another occupancy', () => {
    const base = load('string-inverter-load-side');
    const dc = { ...base, equipment: { ...base.equipment, battery: { model: 'B', coupling: 'dc', maxContinuousCurrentA: 25, nominalVoltageV: 400 } } };
    expect(labelOf(calculateDesign(withNec(dc, '2020')), 'battery-emergency-disconnect')).toEqual([{
      id: 'label.480-7-b', purpose: 'battery-emergency-disconnect', ref: { code: 'NEC', edition: '2020', section: '480.7(B)' },
      location: 'Battery system disconnecting means or its remote control, readily accessible outside the building',
      lines: ['EMERGENCY DISCONNECT', 'STATIONARY BATTERY SYSTEM'],
    }]);
    expect(labelOf(calculateDesign(withNec(dc, '2017')), 'battery-emergency-disconnect')).toEqual([]);
    expect(labelOf(calculateDesign(withNec(dc, '2023')), 'battery-emergency-disconnect')).toEqual([]);
    expect(labelOf(calculateDesign(withNec({ ...dc, site: { ...dc.site, occupancy: 'other' } }, '2020')), 'battery-emergency-disconnect')).toEqual([]);
    expect(labelOf(calculateDesign(withNec(load('battery-supply-side'), '2020')), 'battery-emergency-disconnect')).toEqual([]);
  });
  it('no storage, no storage marking', () => {
    expect(labelOf(calculateDesign(load('string-inverter-load-side')), 'ess-disconnect')).toEqual([]);
  });
});

describe('690.13(B) PV system disconnect and the backup side\'s 705.12 marking', () => {
  it.each(EDITIONS)('NEC %s: "PV SYSTEM DISCONNECT" with the line/load warning under 690.13(B)', (nec) => {
    expect(labelOf(calculateDesign(withNec(load('string-inverter-load-side'), nec)), 'pv-system-disconnect')).toEqual([{
      id: 'label.690-13-b', purpose: 'pv-system-disconnect', ref: { code: 'NEC', edition: nec, section: '690.13(B)' }, location: 'PV system disconnecting means',
      lines: ['PV SYSTEM DISCONNECT', 'WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION'],
    }]);
  });
  it.each(EDITIONS)('NEC %s: a partial-backup panel under the 120 %% rule gets its own back-fed breaker marking', (nec) => {
    const base = load('battery-supply-side');
    const r = calculateDesign(withNec({ ...base, service: { ...base.service, busbarA: 225, backup: { kind: 'partial', transferEquipment: { model: 'G', ratingA: 100 }, backupPanel: { busbarA: 125, supplyBreakerA: 80 }, sourcesConnectTo: 'backup-panel', backedUpLoadA: 20 } } }, nec));
    const sec = { '2017': '705.12(B)(2)(3)(b)', '2020': '705.12(B)(3)(2)', '2023': '705.12(B)(2)' }[nec];
    expect(r.labels.filter((l) => l.purpose === 'backfed-breaker').map((l) => [l.id, l.location, l.ref.section])).toEqual([
      ['label.705-12-120', 'Adjacent to the back-fed breaker', sec],
      ['label.705-12-120.backup-panel', 'Backup loads panel, adjacent to the back-fed breaker', sec],
    ]);
  });
});
