import { describe, it, expect } from 'vitest';
import { NEC_310_16_ALUMINUM, NEC_310_16_COPPER, NEC_310_17_COPPER } from './nec-310-16.table.ts';
import { NEC_240_4_D_ALUMINUM } from './nec-240-6.table.ts';
import { egcSizeForOcpdOf } from './nec-250-122.table.ts';
import { CHAPTER_9_TABLE_8_ALUMINUM } from './nec-chapter-9.table.ts';
import { ambientCorrectionFactor, conductorCountAdjustment, rooftopAdderC } from './nec-310-15.table.ts';
import { table690_7Factor, NEC_690_7_LIMIT_V } from './nec-690-7.table.ts';
import { NEC_240_6_A, NEC_240_4_D_COPPER, standardRatingAtOrAbove, standardRatingAtOrBelow } from './nec-240-6.table.ts';
import { egcSizeForOcpd } from './nec-250-122.table.ts';
import { CHAPTER_9_TABLE_4, CHAPTER_9_TABLE_5, CHAPTER_9_TABLE_8, table1FillPercent } from './nec-chapter-9.table.ts';
import { WIRE_SIZES, type WireSize } from './wire-sizes.table.ts';
import { necSection } from './nec-sections.table.ts';

// Each row is typed from the printed table, independently of the data file, so a typo in either fails.
const T310_16: Array<[WireSize, number, number, number]> = [
  ['14', 15, 20, 25], ['12', 20, 25, 30], ['10', 30, 35, 40], ['8', 40, 50, 55], ['6', 55, 65, 75], ['4', 70, 85, 95],
  ['3', 85, 100, 115], ['2', 95, 115, 130], ['1', 110, 130, 145], ['1/0', 125, 150, 170], ['2/0', 145, 175, 195],
  ['3/0', 165, 200, 225], ['4/0', 195, 230, 260], ['250', 215, 255, 290], ['300', 240, 285, 320], ['350', 260, 310, 350],
  ['400', 280, 335, 380], ['500', 320, 380, 430], ['600', 350, 420, 475],
];

describe('NEC Table 310.16 (2017: 310.15(B)(16)) copper ampacities', () => {
  it.each(T310_16)('Table 310.16: %s AWG/kcmil Cu = %i A (60 °C), %i A (75 °C), %i A (90 °C)', (size, a60, a75, a90) => {
    expect(NEC_310_16_COPPER[size]).toEqual({ 60: a60, 75: a75, 90: a90 });
  });
  it('covers every offered wire size', () => {
    expect(new Set(Object.keys(NEC_310_16_COPPER))).toEqual(new Set(WIRE_SIZES));
  });
});

const T310_17: Array<[WireSize, number, number, number]> = [
  ['14', 25, 30, 35], ['12', 30, 35, 40], ['10', 40, 50, 55], ['8', 60, 70, 80], ['6', 80, 95, 105], ['4', 105, 125, 140],
  ['3', 120, 145, 165], ['2', 140, 170, 190], ['1', 165, 195, 220], ['1/0', 195, 230, 260], ['2/0', 225, 265, 300],
  ['3/0', 260, 310, 350], ['4/0', 300, 360, 405], ['250', 340, 405, 455], ['300', 375, 445, 505], ['350', 420, 505, 570],
  ['400', 455, 545, 615], ['500', 515, 620, 700], ['600', 575, 690, 780],
];

describe('NEC Table 310.17 (2017: 310.15(B)(17)) copper in free air', () => {
  it.each(T310_17)('Table 310.17: %s Cu = %i / %i / %i A', (size, a60, a75, a90) => {
    expect(NEC_310_17_COPPER[size]).toEqual({ 60: a60, 75: a75, 90: a90 });
  });
});

describe('NEC Table 310.15(B)(1) (2017: 310.15(B)(2)(a)) ambient correction, 30 °C base', () => {
  it.each([
    [10, 1.29, 1.2, 1.15], [15, 1.22, 1.15, 1.12], [20, 1.15, 1.11, 1.08], [25, 1.08, 1.05, 1.04], [30, 1, 1, 1],
    [35, 0.91, 0.94, 0.96], [40, 0.82, 0.88, 0.91], [45, 0.71, 0.82, 0.87], [50, 0.58, 0.75, 0.82], [55, 0.41, 0.67, 0.76],
    [60, 0, 0.58, 0.71], [65, 0, 0.47, 0.65], [70, 0, 0.33, 0.58], [75, 0, 0, 0.5], [80, 0, 0, 0.41], [85, 0, 0, 0.29],
  ])('Table 310.15(B)(1): row ending %i °C → %f (60), %f (75), %f (90); a dash is 0', (t, f60, f75, f90) => {
    expect(ambientCorrectionFactor(t, 60)).toBe(f60);
    expect(ambientCorrectionFactor(t, 75)).toBe(f75);
    expect(ambientCorrectionFactor(t, 90)).toBe(f90);
  });
  it('Table 310.15(B)(1): 31 °C is in the 31–35 row (0.96 at 90 °C), 30.5 °C rounds into it too', () => {
    expect(ambientCorrectionFactor(31, 90)).toBe(0.96);
    expect(ambientCorrectionFactor(30.5, 90)).toBe(0.96);
    expect(ambientCorrectionFactor(86, 90)).toBe(0);
  });
});

describe('NEC Table 310.15(C)(1) (2017: 310.15(B)(3)(a)) more than three current-carrying conductors', () => {
  it.each([[3, 1], [4, 0.8], [6, 0.8], [7, 0.7], [9, 0.7], [10, 0.5], [20, 0.5], [21, 0.45], [30, 0.45], [31, 0.4], [40, 0.4], [41, 0.35]])(
    'Table 310.15(C)(1): %i conductors → %f', (n, f) => expect(conductorCountAdjustment(n)).toBe(f),
  );
});

describe('NEC 310.15(B)(2) (2017: 310.15(B)(3)(c)) rooftop adder', () => {
  it('310.15(B)(2): 33 °C below 7/8 in. above the roof, none at or above it', () => {
    expect(rooftopAdderC(0.5, 'THWN-2')).toBe(33);
    expect(rooftopAdderC(0.875, 'THWN-2')).toBe(0);
    expect(rooftopAdderC(3.5, 'THWN-2')).toBe(0);
  });
  it('310.15(B)(2) Exception: XHHW-2 is not subject to the adder', () => {
    expect(rooftopAdderC(0, 'XHHW-2')).toBe(0);
  });
});

describe('NEC Table 690.7(A) voltage correction factors', () => {
  it.each([
    [24, 1.02], [20, 1.02], [19, 1.04], [15, 1.04], [14, 1.06], [10, 1.06], [9, 1.08], [5, 1.08], [4, 1.1], [0, 1.1],
    [-1, 1.12], [-5, 1.12], [-6, 1.14], [-10, 1.14], [-11, 1.16], [-15, 1.16], [-16, 1.18], [-20, 1.18], [-21, 1.2],
    [-25, 1.2], [-26, 1.21], [-30, 1.21], [-31, 1.23], [-35, 1.23], [-36, 1.25], [-40, 1.25],
  ])('Table 690.7(A): %i °C → %f', (t, f) => expect(table690_7Factor(t)).toBe(f));
  it('Table 690.7(A): below -40 °C is off the table; -0.5 °C belongs to the colder row', () => {
    expect(table690_7Factor(-41)).toBeNull();
    expect(table690_7Factor(-0.5)).toBe(1.12);
  });
  it('690.7: 600 V for one- and two-family dwellings, 1000 V for other buildings', () => {
    expect(NEC_690_7_LIMIT_V).toEqual({ dwelling: 600, other: 1000 });
  });
});

describe('NEC 240.6(A) standard ratings and 240.4(D)', () => {
  it('240.6(A): the standard ratings from 15 A to 6000 A', () => {
    expect(NEC_240_6_A).toEqual([15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 110, 125, 150, 175, 200, 225, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1000, 1200, 1600, 2000, 2500, 3000, 4000, 5000, 6000]);
  });
  it('240.6(A): 36.3 A rounds up to 40 A, 70 A stays 70 A, derating to 170 A gives 150 A', () => {
    expect(standardRatingAtOrAbove(36.3)).toBe(40);
    expect(standardRatingAtOrAbove(70)).toBe(70);
    expect(standardRatingAtOrBelow(170)).toBe(150);
  });
  it('240.4(D): 14 AWG 15 A, 12 AWG 20 A, 10 AWG 30 A copper', () => {
    expect(NEC_240_4_D_COPPER).toEqual({ '14': 15, '12': 20, '10': 30 });
  });
});

describe('NEC Table 250.122 copper EGC', () => {
  it.each([[15, '14'], [20, '12'], [30, '10'], [60, '10'], [70, '8'], [100, '8'], [125, '6'], [200, '6'], [300, '4'], [400, '3'], [500, '2'], [600, '1'], [800, '1/0'], [1000, '2/0'], [1200, '3/0']])(
    'Table 250.122: %i A OCPD → %s AWG Cu', (a, size) => expect(egcSizeForOcpd(a)).toBe(size),
  );
});

describe('NEC Chapter 9 tables', () => {
  it('Table 1: 53 % for one conductor, 31 % for two, 40 % for more', () => {
    expect([table1FillPercent(1), table1FillPercent(2), table1FillPercent(3), table1FillPercent(9)]).toEqual([53, 31, 40, 40]);
  });
  it.each([
    ['EMT', '1/2', 0.304], ['EMT', '3/4', 0.533], ['EMT', '1', 0.864], ['EMT', '2', 3.356],
    ['PVC-40', '3/4', 0.508], ['PVC-40', '1', 0.832], ['PVC-80', '3/4', 0.409], ['PVC-80', '1', 0.688],
    ['RMC', '3/4', 0.549], ['RMC', '1', 0.887], ['FMC', '3/4', 0.533], ['FMC', '1', 0.817],
    ['LFMC', '3/4', 0.541], ['LFMC', '1', 0.873], ['LFMC', '1-1/4', 1.528],
  ] as const)('Table 4: %s trade size %s total area = %f in²', (type, trade, area) => {
    expect(CHAPTER_9_TABLE_4[type][trade]).toBe(area);
  });
  it.each([
    ['THWN-2', '12', 0.0133], ['THWN-2', '10', 0.0211], ['THWN-2', '8', 0.0366], ['THWN-2', '6', 0.0507], ['THWN-2', '4', 0.0824], ['THWN-2', '1/0', 0.1855],
    ['XHHW-2', '10', 0.0243], ['XHHW-2', '8', 0.0437], ['XHHW-2', '6', 0.059], ['XHHW-2', '4/0', 0.3197],
    ['USE-2', '10', 0.0437], ['PV-WIRE', '12', 0.0353], ['PV-WIRE', '8', 0.0835],
  ] as const)('Table 5: %s %s AWG approximate area = %f in² (USE-2/PV Wire use the RHW-2* row)', (type, size, area) => {
    expect(CHAPTER_9_TABLE_5[type][size]).toBe(area);
  });
  it.each([['14', 3.14, 3.07, 4110], ['12', 1.98, 1.93, 6530], ['10', 1.24, 1.21, 10380], ['8', 0.778, 0.764, 16510]] as const)(
    'Table 8: %s AWG uncoated copper = %f Ω/kft stranded, %f Ω/kft solid, %i cmil', (size, rs, r1, cmil) => {
      expect(CHAPTER_9_TABLE_8[size]).toEqual({ ohmsPerKftStranded: rs, ohmsPerKftSolid: r1, circularMils: cmil });
    },
  );
  it.each([['6', 0.491, 26240], ['4', 0.308, 41740], ['2', 0.194, 66360], ['1/0', 0.122, 105600], ['4/0', 0.0608, 211600], ['500', 0.0258, 500000]] as const)(
    'Table 8: %s uncoated stranded copper = %f Ω/kft, %i cmil (no solid row)', (size, r, cmil) => {
      expect(CHAPTER_9_TABLE_8[size]).toEqual({ ohmsPerKftStranded: r, circularMils: cmil });
    },
  );
});

describe('section numbers move between editions', () => {
  it('supply-side connections: 705.12(A) in 2017, 705.11 in 2020 and 2023', () => {
    expect(['2017', '2020', '2023'].map((e) => necSection('supplySide', e as '2017'))).toEqual(['705.12(A)', '705.11', '705.11']);
  });
  it('120 % rule: 705.12(B)(2)(3)(b) / 705.12(B)(3)(2) / 705.12(B)(2)', () => {
    expect(['2017', '2020', '2023'].map((e) => necSection('busbar120', e as '2017'))).toEqual(['705.12(B)(2)(3)(b)', '705.12(B)(3)(2)', '705.12(B)(2)']);
  });
});

// Issue 26: aluminium columns, typed from the printed tables independently of the data files.
const T310_16_AL: Array<[WireSize, number, number, number]> = [
  ['12', 15, 20, 25], ['10', 25, 30, 35], ['8', 35, 40, 45], ['6', 40, 50, 55], ['4', 55, 65, 75], ['3', 65, 75, 85],
  ['2', 75, 90, 100], ['1', 85, 100, 115], ['1/0', 100, 120, 135], ['2/0', 115, 135, 150], ['3/0', 130, 155, 175],
  ['4/0', 150, 180, 205], ['250', 170, 205, 230], ['300', 195, 230, 260], ['350', 210, 250, 280], ['400', 225, 270, 305],
  ['500', 260, 310, 350], ['600', 285, 340, 385],
];
describe('NEC Table 310.16 aluminum or copper-clad aluminum columns', () => {
  it.each(T310_16_AL)('Table 310.16: %s Al = %i / %i / %i A', (size, a60, a75, a90) => {
    expect(NEC_310_16_ALUMINUM[size]).toEqual({ 60: a60, 75: a75, 90: a90 });
  });
  it('has no 14 AWG aluminium row; covers every other offered size', () => {
    expect(NEC_310_16_ALUMINUM['14']).toBeUndefined();
    expect(new Set(Object.keys(NEC_310_16_ALUMINUM))).toEqual(new Set(WIRE_SIZES.filter((s) => s !== '14')));
  });
  it('240.4(D)(5)/(6): 12 AWG Al 15 A, 10 AWG Al 25 A', () => {
    expect(NEC_240_4_D_ALUMINUM).toEqual({ '12': 15, '10': 25 });
  });
  it.each([[15, '12'], [20, '10'], [25, '8'], [60, '8'], [70, '6'], [100, '6'], [110, '4'], [200, '4'], [225, '2'], [300, '2'], [400, '1'], [500, '1/0'], [600, '2/0'], [800, '3/0'], [1000, '4/0'], [1200, '250']] as const)('Table 250.122 aluminium: %i A → %s', (a, size) => {
    expect(egcSizeForOcpdOf(a, 'aluminum')).toBe(size);
  });
  it.each([['12', 3.25, 3.18], ['10', 2.04, 2.0], ['8', 1.28, 1.26], ['6', 0.808, undefined], ['4', 0.508, undefined], ['2', 0.319, undefined], ['1/0', 0.201, undefined], ['4/0', 0.1, undefined], ['250', 0.0847, undefined], ['500', 0.0424, undefined], ['600', 0.0353, undefined]] as const)('Chapter 9 Table 8 aluminium %s: stranded %f, solid %s Ω/kft', (size, stranded, solid) => {
    expect(CHAPTER_9_TABLE_8_ALUMINUM[size]).toEqual(solid === undefined ? { ohmsPerKftStranded: stranded } : { ohmsPerKftStranded: stranded, ohmsPerKftSolid: solid });
  });
});
