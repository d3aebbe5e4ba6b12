import { CsvError, CsvLimitError, parseCsv, type CsvRecord } from './csv.parser.ts';

/*
 * Importers for the CEC equipment lists in NREL SAM library format: three header rows (names,
 * units, SAM keys), then one item a row. Columns are read by name, because newer releases add
 * and reorder columns. A file with any bad row imports nothing: the result lists every bad line.
 */

export interface SamParseError {
  line: number;
  message: string;
}
export type SamParseResult<T> = { ok: true; rows: T[] } | { ok: false; errors: SamParseError[] };

export interface SamCecInverter {
  line: number;
  /** `Manufacturer: Model [Vac]` as in the file. */
  name: string;
  manufacturer: string;
  model: string;
  /** Null where the list gives 0 (utility-scale inverters listed without an AC voltage) or a range. */
  vacV: number | null;
  /** A few rows give an operating range instead of a nominal voltage, e.g. "422-528". */
  vacRangeV: [number, number] | null;
  /** Rated AC power (W). */
  pacoW: number;
  pdcoW: number;
  vdcoV: number;
  psoW: number;
  c0: number;
  c1: number;
  c2: number;
  c3: number;
  pntW: number;
  vdcmaxV: number;
  idcmaxA: number;
  mpptLowV: number;
  mpptHighV: number;
  cecDate: string | null;
  cecType: string | null;
  /**
   * Not in the list: derived as Paco / Vac, or Paco / the low end of a Vac range (the larger,
   * conservative current); null without a voltage. A datasheet value, when known, should replace it.
   */
  maxContinuousOutputCurrentA: number | null;
}

export interface SamCecModule {
  line: number;
  name: string;
  /** Newer releases only. */
  manufacturer: string | null;
  technology: string | null;
  bipv: boolean | null;
  bifacial: boolean | null;
  date: string | null;
  tNoctC: number | null;
  areaM2: number;
  cellsInSeries: number;
  iscA: number;
  vocV: number;
  impA: number;
  vmpV: number;
  /** STC column when present, else Vmp × Imp. */
  pmaxW: number;
  alphaScAPerC: number | null;
  betaOcVPerC: number;
  /** beta_oc / V_oc_ref, in % per °C. */
  tempCoeffVocPctPerC: number;
  /** gamma_r, already in % per °C. */
  tempCoeffPmaxPctPerC: number;
  aRef: number | null;
  iLRef: number | null;
  iORef: number | null;
  rS: number | null;
  rShRef: number | null;
  adjustPct: number | null;
  ptcW: number | null;
  lengthM: number | null;
  widthM: number | null;
  version: string | null;
}

type Reader = {
  num(col: string): number;
  optNum(col: string): number | null;
  str(col: string): string;
  optStr(col: string): string | null;
  optBool(col: string): boolean | null;
};

class RowError extends Error {}

const NA = new Set(['', 'n/a', 'na', 'null', 'none']);

function reader(record: CsvRecord, index: Map<string, number>): Reader {
  const raw = (col: string) => {
    const i = index.get(col);
    return i === undefined ? undefined : (record.fields[i] ?? '').trim();
  };
  const optStr = (col: string) => {
    const v = raw(col);
    return v === undefined || NA.has(v.toLowerCase()) ? null : v;
  };
  const optNum = (col: string) => {
    const v = optStr(col);
    if (v === null) return null;
    const n = Number(v);
    if (!Number.isFinite(n)) throw new RowError(`${col} "${v}" is not a number.`);
    return n;
  };
  return {
    optStr,
    optNum,
    str(col) {
      const v = optStr(col);
      if (v === null) throw new RowError(`${col} is empty.`);
      return v;
    },
    num(col) {
      const n = optNum(col);
      if (n === null) throw new RowError(`${col} is empty.`);
      return n;
    },
    optBool(col) {
      const v = optStr(col);
      if (v === null) return null;
      const l = v.toLowerCase();
      if (l === 'y' || l === 'yes' || l === 'true' || l === '1') return true;
      if (l === 'n' || l === 'no' || l === 'false' || l === '0') return false;
      throw new RowError(`${col} "${v}" is not yes or no.`);
    },
  };
}

/** Text, or records a caller already read (off the event loop, apps/api platform/csv-parse.pool.ts). */
export type SamSource = string | CsvRecord[];

function parseSam<T>(source: SamSource, required: readonly string[], toRow: (r: Reader, line: number) => T): SamParseResult<T> {
  let records: CsvRecord[];
  try {
    records = typeof source === 'string' ? parseCsv(source) : source;
  } catch (e) {
    // Past the caps the whole file is refused by the caller (413), not listed as a bad line.
    if (e instanceof CsvError && !(e instanceof CsvLimitError)) return { ok: false, errors: [{ line: e.line, message: e.message }] };
    throw e;
  }
  if (records.length < 3) {
    return { ok: false, errors: [{ line: records.length + 1, message: 'Expected three header rows: names, units and SAM keys.' }] };
  }
  const names = records[0]!.fields.map((f) => f.trim());
  const index = new Map<string, number>();
  names.forEach((n, i) => { if (n && !index.has(n)) index.set(n, i); });
  const missing = required.filter((c) => !index.has(c));
  if (missing.length) {
    return { ok: false, errors: [{ line: records[0]!.line, message: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.` }] };
  }
  const rows: T[] = [];
  const errors: SamParseError[] = [];
  for (let k = 3; k < records.length; k++) {
    const rec = records[k]!;
    if (rec.fields.length !== names.length) {
      errors.push({ line: rec.line, message: `Expected ${names.length} columns, found ${rec.fields.length}.` });
      continue;
    }
    try {
      rows.push(toRow(reader(rec, index), rec.line));
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      errors.push({ line: rec.line, message: e.message });
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

const INVERTER_COLUMNS = ['Name', 'Vac', 'Pso', 'Paco', 'Pdco', 'Vdco', 'C0', 'C1', 'C2', 'C3', 'Pnt', 'Vdcmax', 'Idcmax', 'Mppt_low', 'Mppt_high'] as const;

/** `Manufacturer: Model [208V]` → manufacturer and model (the voltage suffix dropped). */
function splitInverterName(name: string): { manufacturer: string; model: string } {
  const colon = name.indexOf(':');
  if (colon < 0) throw new RowError(`Name "${name}" is not "Manufacturer: Model".`);
  const manufacturer = name.slice(0, colon).trim();
  const model = name.slice(colon + 1).replace(/\s*\[[^\]]*\]\s*$/, '').trim();
  if (!manufacturer || !model) throw new RowError(`Name "${name}" is not "Manufacturer: Model".`);
  return { manufacturer, model };
}

function readVac(v: string): { vacV: number | null; vacRangeV: [number, number] | null } {
  const range = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(v);
  if (range) {
    const lo = Number(range[1]);
    const hi = Number(range[2]);
    if (lo > 0 && hi >= lo) return { vacV: null, vacRangeV: [lo, hi] };
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new RowError(`Vac "${v}" is not a voltage.`);
  return { vacV: n === 0 ? null : n, vacRangeV: null };
}

export function parseSamCecInverters(csvText: SamSource): SamParseResult<SamCecInverter> {
  return parseSam(csvText, INVERTER_COLUMNS, (r, line) => {
    const name = r.str('Name');
    const { vacV, vacRangeV } = readVac(r.str('Vac'));
    const pacoW = r.num('Paco');
    const vForCurrent = vacV ?? vacRangeV?.[0] ?? null;
    if (pacoW <= 0) throw new RowError('Paco must be positive.');
    return {
      line, name, ...splitInverterName(name), vacV, vacRangeV, pacoW,
      pdcoW: r.num('Pdco'), vdcoV: r.num('Vdco'), psoW: r.num('Pso'),
      c0: r.num('C0'), c1: r.num('C1'), c2: r.num('C2'), c3: r.num('C3'), pntW: r.num('Pnt'),
      vdcmaxV: r.num('Vdcmax'), idcmaxA: r.num('Idcmax'), mpptLowV: r.num('Mppt_low'), mpptHighV: r.num('Mppt_high'),
      cecDate: r.optStr('CEC_Date'), cecType: r.optStr('CEC_Type'),
      maxContinuousOutputCurrentA: vForCurrent === null ? null : Math.round((pacoW / vForCurrent) * 1000) / 1000,
    };
  });
}

const MODULE_COLUMNS = ['Name', 'A_c', 'N_s', 'I_sc_ref', 'V_oc_ref', 'I_mp_ref', 'V_mp_ref', 'beta_oc', 'gamma_r'] as const;

export function parseSamCecModules(csvText: SamSource): SamParseResult<SamCecModule> {
  return parseSam(csvText, MODULE_COLUMNS, (r, line) => {
    const vocV = r.num('V_oc_ref');
    const vmpV = r.num('V_mp_ref');
    const impA = r.num('I_mp_ref');
    const betaOcVPerC = r.num('beta_oc');
    const cellsInSeries = r.num('N_s');
    if (vocV <= 0) throw new RowError('V_oc_ref must be positive.');
    if (!Number.isInteger(cellsInSeries) || cellsInSeries <= 0) throw new RowError('N_s must be a positive whole number.');
    return {
      line,
      name: r.str('Name'),
      manufacturer: r.optStr('Manufacturer'),
      technology: r.optStr('Technology'),
      bipv: r.optBool('BIPV'),
      bifacial: r.optBool('Bifacial'),
      date: r.optStr('Date'),
      tNoctC: r.optNum('T_NOCT'),
      areaM2: r.num('A_c'),
      cellsInSeries,
      iscA: r.num('I_sc_ref'),
      vocV,
      impA,
      vmpV,
      pmaxW: r.optNum('STC') ?? Math.round(vmpV * impA * 100) / 100,
      alphaScAPerC: r.optNum('alpha_sc'),
      betaOcVPerC,
      tempCoeffVocPctPerC: Math.round((betaOcVPerC / vocV) * 100 * 10000) / 10000,
      tempCoeffPmaxPctPerC: r.num('gamma_r'),
      aRef: r.optNum('a_ref'),
      iLRef: r.optNum('I_L_ref'),
      iORef: r.optNum('I_o_ref'),
      rS: r.optNum('R_s'),
      rShRef: r.optNum('R_sh_ref'),
      adjustPct: r.optNum('Adjust'),
      ptcW: r.optNum('PTC'),
      lengthM: r.optNum('Length'),
      widthM: r.optNum('Width'),
      version: r.optStr('Version'),
    };
  });
}
