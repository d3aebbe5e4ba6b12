import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.parser.ts';
import { parseSamCecInverters, parseSamCecModules } from './sam-cec.parser.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const inverterFile = path.resolve(repoRoot, '../shared/data/cec/cec-inverters-2019-03-05.csv');
const moduleFixture = path.resolve(here, 'fixtures/cec-modules-sample.csv');

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and CRLF', () => {
    const recs = parseCsv('a,"b,c","say ""hi"""\r\n"multi\nline",2,\n\nlast');
    expect(recs).toEqual([
      { line: 1, fields: ['a', 'b,c', 'say "hi"'] },
      { line: 2, fields: ['multi\nline', '2', ''] },
      { line: 5, fields: ['last'] },
    ]);
  });
  it('reports an unclosed quote with its line', () => {
    expect(() => parseCsv('a\n"b,c\n')).toThrow(/Line 2/);
  });
});

describe('parseSamCecInverters on the CEC list of 2019-03-05', () => {
  const text = readFileSync(inverterFile, 'utf8');

  // Speed is measured in bench/requirements-resolve.bench.ts, not here (house rule).
  it('parses every row', () => {
    const r = parseSamCecInverters(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows).toHaveLength(3264);
    const first = r.rows[0]!;
    expect(first).toMatchObject({ line: 4, manufacturer: 'ABB', model: 'MICRO-0.25-I-OUTD-US-208', vacV: 208, pacoW: 250, vdcmaxV: 50, mpptLowV: 30, mpptHighV: 50, cecDate: null, cecType: 'Utility Interactive' });
    expect(first.maxContinuousOutputCurrentA).toBeCloseTo(250 / 208, 3);
  });

  it('reads real rows, including ones without a nominal AC voltage', () => {
    const r = parseSamCecInverters(text);
    if (!r.ok) throw new Error('parse failed');
    const primo = r.rows.find((x) => x.name === 'Fronius USA: Fronius Primo 7.6-1 208-240 [240V]')!;
    expect(primo).toMatchObject({ manufacturer: 'Fronius USA', model: 'Fronius Primo 7.6-1 208-240', pacoW: 7600, vacV: 240, mpptLowV: 100, mpptHighV: 800 });
    const iq7 = r.rows.find((x) => x.name.startsWith('Enphase Energy Inc : IQ7PLUS-72-x-US [240V]'))!;
    expect(iq7).toMatchObject({ manufacturer: 'Enphase Energy Inc', model: 'IQ7PLUS-72-x-US', pacoW: 290 });
    // Rows without a nominal AC voltage, and with a voltage range, are kept.
    expect(r.rows.find((x) => x.name.startsWith('AEG Power Solutions: Protect PV.500-UL'))).toMatchObject({ vacV: null, maxContinuousOutputCurrentA: null });
    const cl = r.rows.find((x) => x.model === 'Conext CL 18000NA')!;
    expect(cl).toMatchObject({ vacV: null, vacRangeV: [422, 528] });
    expect(cl.maxContinuousOutputCurrentA).toBeCloseTo(18200 / 422, 2);
  });

  it('reads columns by name, not position', () => {
    const lines = text.split('\n').slice(0, 5);
    const cols = lines.map((l) => l.split(','));
    const order = [...cols[0]!.keys()].reverse();
    const reordered = cols.map((c) => order.map((i) => c[i]).join(',')).join('\n');
    const a = parseSamCecInverters(lines.join('\n'));
    const b = parseSamCecInverters(reordered);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.rows.map(({ line: _l, ...x }) => x)).toEqual(a.rows.map(({ line: _l, ...x }) => x));
  });

  it('a bad row reports its line number and nothing is imported', () => {
    const lines = text.split('\n');
    const f = lines[9]!.split(',');
    f[3] = 'abc';
    lines[9] = f.join(',');
    lines[19] = lines[19]!.split(',').slice(0, 5).join(',');
    const r = parseSamCecInverters(lines.join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { line: 10, message: 'Paco "abc" is not a number.' },
      { line: 20, message: 'Expected 17 columns, found 5.' },
    ]);
    expect('rows' in r).toBe(false);
  });

  it('refuses a file without the three header rows or a needed column', () => {
    expect(parseSamCecInverters('Name,Vac\n')).toMatchObject({ ok: false, errors: [{ line: 2 }] });
    const noPaco = text.split('\n').slice(0, 4).map((l) => l.split(',').filter((_, i) => i !== 3).join(',')).join('\n');
    expect(parseSamCecInverters(noPaco)).toEqual({ ok: false, errors: [{ line: 1, message: 'Missing column: Paco.' }] });
  });
});

describe('parseSamCecModules', () => {
  const text = readFileSync(moduleFixture, 'utf8');

  it('parses the fixture with its newer columns', () => {
    const r = parseSamCecModules(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows).toHaveLength(3);
    const [tron, cs, g10] = r.rows;
    expect(tron).toMatchObject({ line: 4, name: 'Hanwha Q CELLS Q.TRON BLK M-G2+ 425', manufacturer: 'Hanwha Q CELLS', pmaxW: 425, vocV: 39.03, iscA: 13.66, vmpV: 32.74, impA: 12.98, cellsInSeries: 54, tempCoeffPmaxPctPerC: -0.3, bifacial: false, bipv: false, lengthM: 1.722 });
    expect(tron!.tempCoeffVocPctPerC).toBeCloseTo(-0.26, 3);
    expect(cs!.tempCoeffVocPctPerC).toBeCloseTo(-0.26, 3);
    expect(g10).toMatchObject({ name: 'Qcells, Q.PEAK DUO BLK ML-G10+ 400', cellsInSeries: 66 });
  });

  it('reads the older layout (no STC column): Pmax from Vmp × Imp', () => {
    const old = [
      'Name,BIPV,Date,T_NOCT,A_c,N_s,I_sc_ref,V_oc_ref,I_mp_ref,V_mp_ref,alpha_sc,beta_oc,a_ref,I_L_ref,I_o_ref,R_s,R_sh_ref,Adjust,gamma_r,Version,PTC,Technology',
      'Units,,,C,m2,,A,V,A,V,A/K,V/K,V,A,A,Ohm,Ohm,%,%/K,,,',
      '[0],lib_bipv,lib_date,cec_t_noct,cec_area,cec_n_s,cec_i_sc_ref,cec_v_oc_ref,cec_i_mp_ref,cec_v_mp_ref,cec_alpha_sc,cec_beta_oc,cec_a_ref,cec_i_l_ref,cec_i_o_ref,cec_r_s,cec_r_sh_ref,cec_adjust,cec_gamma_r,lib_version,cec_ptc,cec_material',
      'Example 300,N,1/1/2018,45,1.6,60,9.5,39.5,9.0,32.0,0.004,-0.12,1.6,9.5,1e-10,0.3,300,5,-0.4,SAM 2018.11.11,270,Mono-c-Si',
    ].join('\n');
    const r = parseSamCecModules(old);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.rows[0]).toMatchObject({ pmaxW: 288, manufacturer: null, lengthM: null, technology: 'Mono-c-Si' });
  });

  it('a bad row reports its line number', () => {
    const lines = text.split('\n');
    lines[4] = lines[4]!.replace(',54,', ',54.5,');
    const r = parseSamCecModules(lines.join('\n'));
    expect(r).toEqual({ ok: false, errors: [{ line: 5, message: 'N_s must be a positive whole number.' }] });
  });
});
