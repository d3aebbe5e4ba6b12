import { EngineRefusalError } from '../engine-refusal.ts';
import { WIRE_SIZES, type WireSize } from '../tables/wire-sizes.table.ts';
import type { ConductorMaterial, TempColumn } from '../tables/nec-310-16.table.ts';
import { CSA_14_104_2_MAX_OCPD_A, CSA_TABLE_1_COPPER, CSA_TABLE_5A, CSA_TABLE_5B, CSA_TABLE_5C, csaRacewayTable } from '../tables/csa-c22-1.table.ts';

/**
 * Conductor ampacity under the Canadian Electrical Code, Part I (CSA C22.1), Sections 4 and 8: the
 * rules the engine can state with a source for every number (sources in csa-c22-1.table.ts and the
 * README's Sources table). Everything else a CSA C22.1 job needs is refused by name
 * (CSA_C22_1_NOT_IMPLEMENTED), never approximated with an NEC rule.
 *
 * Units are the code's: °C, amperes; conductor sizes in AWG/kcmil as the CEC tables give them, with
 * the nominal cross-section in mm² beside each (computed from the AWG definition, not transcribed).
 */

/** CSA C22.1 editions: 2021 = 25th edition (C22.1:21), 2024 = 26th edition (C22.1:24). */
export type CsaEdition = '2021' | '2024';
export const CSA_EDITIONS: readonly CsaEdition[] = ['2021', '2024'];
export const csaEditionName = (e: CsaEdition): string => `CSA C22.1-${e} (${e === '2021' ? '25th' : '26th'} ed.)`;

/**
 * How the conductors are run: raceway or cable (Tables 2/4 with 5C), or single conductors in free air
 * (Table 1 with 5B; Table 3, aluminium, is not transcribed and is refused).
 */
export type CsaInstallation = 'raceway-or-cable' | 'free-air';

function refuse(message: string): never {
  throw new EngineRefusalError('electrical-code-not-supported', message);
}

/** The 26th edition's tables are not in any stored source: refused rather than assumed unchanged. */
function requireTablesOf(edition: CsaEdition): void {
  if (edition === '2024') {
    refuse('CSA C22.1-2024 (26th ed.): the values of Tables 2, 4, 5A and 5C in the 26th edition could not be checked against a source, so the engine does not size conductors to it. Use the 2021 edition where the authority having jurisdiction accepts it, or size by hand from the printed 2024 tables.');
  }
}

/** Table 2 (copper) or Table 4 (aluminium) at a temperature column, 30 °C, ≤ 3 conductors (Rule 4-004). */
export function csaTableAmpacity(edition: CsaEdition, material: ConductorMaterial, size: WireSize, column: TempColumn): number {
  requireTablesOf(edition);
  const t = csaRacewayTable(material);
  const row = t.rows[size];
  if (!row) refuse(`CSA C22.1 ${t.name} has no row for ${size} ${material === 'copper' ? 'copper' : 'aluminium'} in the transcribed range.`);
  return row[column];
}

/**
 * Table 5A factor for the ambient and the conductor's temperature column. At or below 30 °C: 1.00
 * (the tables are based on 30 °C and 5A only lowers ampacity above it; no credit is taken for a cooler
 * ambient). Between two rows the higher ambient's row is used (the table lists single temperatures;
 * the engine never interpolates towards a larger ampacity). Past the table, or where the column has
 * no factor, the conductor may not be used there: refused.
 */
export function csaAmbientFactor(edition: CsaEdition, ambientC: number, column: TempColumn): { factor: number; row: number | null } {
  requireTablesOf(edition);
  if (ambientC <= 30) return { factor: 1, row: null };
  const row = CSA_TABLE_5A.find((r) => r.ambientC >= ambientC);
  const f = row?.factor[column] ?? null;
  if (!row || f === null) {
    throw new EngineRefusalError('configuration-not-supported', `CSA C22.1 Table 5A has no correction factor for a ${column} °C conductor at ${ambientC} °C ambient: choose a conductor with a higher temperature rating.`);
  }
  return { factor: f, row: row.ambientC };
}

/** Table 5C factor for the number of current-carrying conductors in one raceway or cable. */
export function csaConductorCountFactor(edition: CsaEdition, conductors: number): number {
  requireTablesOf(edition);
  if (!Number.isInteger(conductors) || conductors < 1) throw new EngineRefusalError('configuration-not-supported', `A raceway holds a whole number of conductors (got ${conductors}).`);
  return CSA_TABLE_5C.find((r) => conductors >= r.from && conductors <= r.to)!.factor;
}

export interface CsaAmpacityInput {
  edition: CsaEdition;
  material: ConductorMaterial;
  size: WireSize;
  /** The conductor insulation's temperature rating, °C (60, 75 or 90). */
  insulationC: TempColumn;
  /**
   * The lowest maximum conductor termination temperature marked on the equipment at either end, °C
   * (Rule 4-006(1)). Required: the rule for unmarked equipment (4-006(2)) is not implemented.
   */
  terminationC: TempColumn | undefined;
  ambientC: number;
  /**
   * Raceway or cable: current-carrying conductors in it (Table 5C). Free air: single conductors run
   * together (Table 5B applies to 2–4 of them spaced less than 25 % of the largest diameter).
   */
  currentCarryingConductors: number;
  installation: CsaInstallation;
  /** Free air only: the conductors are spaced at least 25 % of the largest diameter apart (no Table 5B factor). */
  spacedAtLeast25Pct?: boolean;
}

export interface CsaAmpacityResult {
  table: 'Table 1' | 'Table 2' | 'Table 4';
  baseA: number;
  ambientFactor: number;
  /** Table 5C (raceway or cable) or Table 5B (free air) factor. */
  countFactor: number;
  /** Base × 5A × 5C (or 5B), at the insulation's column. */
  correctedA: number;
  /** The table's value at the termination column (Rule 4-006(1)), uncorrected. */
  terminationLimitA: number;
  /** min(correctedA, terminationLimitA). */
  ampacityA: number;
  /** Each step, with the rule or table it comes from. */
  steps: string[];
}

/** The table for the material and installation (Rule 4-004); Table 3 is refused. */
function tableFor(material: ConductorMaterial, installation: CsaInstallation): { name: 'Table 1' | 'Table 2' | 'Table 4'; rows: Readonly<Partial<Record<WireSize, Readonly<Record<TempColumn, number>>>>> } {
  if (installation === 'raceway-or-cable') return csaRacewayTable(material);
  if (material === 'aluminum') {
    refuse('CSA C22.1 Table 3 (aluminium single conductors in free air) is not transcribed (no stored source confirms its values): run aluminium conductors in raceway or cable (Table 4), or size them by hand from Table 3.');
  }
  return { name: 'Table 1', rows: CSA_TABLE_1_COPPER };
}

/** Table 5B for single conductors in free air. */
export function csaFreeAirGroupFactor(edition: CsaEdition, conductors: number, spacedAtLeast25Pct: boolean): number {
  requireTablesOf(edition);
  if (!Number.isInteger(conductors) || conductors < 1) throw new EngineRefusalError('configuration-not-supported', `A run has a whole number of conductors (got ${conductors}).`);
  if (conductors === 1 || spacedAtLeast25Pct) return 1;
  if (conductors > 4) {
    throw new EngineRefusalError('configuration-not-supported', `CSA C22.1 Table 5B covers 2 to 4 single conductors in free air; ${conductors} conductors spaced less than 25 % of their diameter are not covered (Table 5D and cable-tray rules are not implemented). Space them, or run them in raceway.`);
  }
  return CSA_TABLE_5B[conductors as 2 | 3 | 4];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Allowable ampacity under Rule 4-004 (Tables 2/4 with the 5A and 5C corrections) limited by the
 * termination temperature (Rule 4-006(1)): the corrections apply to the insulation's column and the
 * result may not exceed the termination column's table value — the reading given in Rule 4-006's
 * Appendix B note as described in the public discussion of the rule (martindocherty.com, "Rule
 * 4-006 … application of correction factors").
 */
export function csaAllowableAmpacity(i: CsaAmpacityInput): CsaAmpacityResult {
  requireTablesOf(i.edition);
  if (i.terminationC === undefined) {
    refuse('CSA C22.1 Rule 4-006: the maximum conductor termination temperature marked on the equipment is needed (the rule for unmarked equipment, 4-006(2), is not implemented). Enter the terminal temperature rating from the equipment\'s marking.');
  }
  const t = tableFor(i.material, i.installation);
  const rowOf = (col: TempColumn) => {
    const row = t.rows[i.size];
    if (!row) refuse(`CSA C22.1 ${t.name} has no row for ${i.size} ${i.material === 'copper' ? 'copper' : 'aluminium'} in the transcribed range.`);
    return row[col];
  };
  const base = rowOf(i.insulationC);
  const amb = csaAmbientFactor(i.edition, i.ambientC, i.insulationC);
  const freeAir = i.installation === 'free-air';
  const count = freeAir ? csaFreeAirGroupFactor(i.edition, i.currentCarryingConductors, i.spacedAtLeast25Pct === true) : csaConductorCountFactor(i.edition, i.currentCarryingConductors);
  const corrected = round2(base * amb.factor * count);
  const termColumn = Math.min(i.terminationC, i.insulationC) as TempColumn;
  const termLimit = rowOf(termColumn);
  const ampacity = Math.min(corrected, termLimit);
  const size = formatCsaSize(i.size);
  return {
    table: t.name, baseA: base, ambientFactor: amb.factor, countFactor: count, correctedA: corrected, terminationLimitA: termLimit, ampacityA: ampacity,
    steps: [
      `${size} ${i.material === 'copper' ? 'Cu' : 'Al'}, ${i.insulationC} °C insulation: ${base} A (CSA C22.1 ${t.name}, Rule 4-004)`,
      amb.row === null ? `ambient ${i.ambientC} °C ≤ 30 °C: factor 1.00 (Table 5A not applied)` : `ambient ${i.ambientC} °C: × ${amb.factor.toFixed(2)} (Table 5A, ${amb.row} °C row)`,
      freeAir
        ? `${i.currentCarryingConductors} single conductor(s) in free air${i.spacedAtLeast25Pct ? ', spaced ≥ 25 %' : ''}: × ${count.toFixed(2)} (Table 5B)`
        : `${i.currentCarryingConductors} current-carrying conductors: × ${count.toFixed(2)} (Table 5C)`,
      `corrected ${corrected} A; termination ${i.terminationC} °C limits to ${termLimit} A (${t.name} ${termColumn} °C column, Rule 4-006(1)) → ${ampacity} A`,
    ],
  };
}

/**
 * Rule 8-104: the largest continuous load a circuit may carry. An overcurrent device marked for
 * continuous operation at 100 % (Subrule 5): the device's rating, and 100 % of the conductors'
 * ampacity (85 % for single conductors in free air). At 80 % — and any device not marked, per
 * Appendix B (oncodes.ca, "Rules 8-104, 8-304 and 62-114") — (Subrule 6): 80 % of the device's
 * rating, and 80 % of the ampacity (70 % single conductors). Sources: 25th-edition transcription of
 * 8-104(5) (canadian-electrical-code notes "CEC s.8"); oncodes.ca Appendix B notes for 8-104(5)(b)
 * and (6)(b) (the free-air percentages apply to Table 1/3 ampacities).
 */
export function csaMaxContinuousLoadA(p: { ampacityA: number; ocpdA: number; ocpdContinuousPct: 80 | 100; installation: CsaInstallation }): { limitA: number; conductorPct: number; subrule: '8-104(5)' | '8-104(6)' } {
  const full = p.ocpdContinuousPct === 100;
  const conductorPct = p.installation === 'free-air' ? (full ? 85 : 70) : (full ? 100 : 80);
  const limit = Math.min(p.ocpdA * p.ocpdContinuousPct / 100, p.ampacityA * conductorPct / 100);
  return { limitA: round2(limit), conductorPct, subrule: full ? '8-104(5)' : '8-104(6)' };
}

/**
 * Rule 14-104 (25th ed., 2021), rating of overcurrent devices, as the rule reads in the public
 * 25th-edition transcription of Section 14 (secondary source; see csa-c22-1.table.ts):
 * - Subrule 1): the rating or setting of an overcurrent device shall not exceed the allowable ampacity
 *   of the conductors it protects, except a) where no device of the ampacity's value is available and
 *   the load follows Section 8, the ratings of Table 13 may be used (up to 800 A); b) equipment wire,
 *   flexible cord 16–20 AWG and tinsel cord; c) as other Rules provide.
 * - Subrule 2): except as Subrule 1) c) provides, not more than 15/20/30 A for 14/12/10 AWG copper and
 *   15/25 A for 12/10 AWG aluminium.
 * Implemented: Subrule 1) without its exceptions, and Subrule 2). Exception 1) a) is not applied: the
 * values of Table 13 are not in a stored source, so the engine never takes the next-higher device it
 * would allow (conservative: a conductor the engine accepts is also accepted with Table 13). 1) b) is
 * about cords and equipment wire (not PV or feeder conductors); 1) c) (other Rules, e.g. motors) does
 * not arise for the circuits the engine sizes. The 26th edition (2024) is refused: its text is not in a
 * stored source.
 */
export interface CsaProtectionCheck {
  /** The device protects the conductor under Rule 14-104. */
  protects: boolean;
  /** The largest device rating the rule allows here: min(ampacity, the Subrule 2) value where one applies). */
  maxOcpdA: number;
  /** The Subrule 2) value for the size and metal, or null when the subrule does not name the size. */
  smallConductorLimitA: number | null;
  /** The subrule that governs: '14-104(2)' when its value is below the ampacity, else '14-104(1)'. */
  subrule: '14-104(1)' | '14-104(2)';
  step: string;
}

export function csaOvercurrentProtects(p: { edition: CsaEdition; material: ConductorMaterial; size: WireSize; ampacityA: number; ocpdA: number }): CsaProtectionCheck {
  if (p.edition === '2024') {
    refuse('CSA C22.1-2024 (26th ed.): the text of Rule 14-104 (rating of overcurrent devices) in the 26th edition could not be checked against a source, so the engine does not apply it. Use the 2021 edition where the authority having jurisdiction accepts it.');
  }
  if (!(p.ocpdA > 0) || !(p.ampacityA > 0)) throw new EngineRefusalError('configuration-not-supported', `Rule 14-104 needs a positive device rating and ampacity (got ${p.ocpdA} A and ${p.ampacityA} A).`);
  const small = CSA_14_104_2_MAX_OCPD_A[p.material][p.size] ?? null;
  const maxOcpd = small === null ? p.ampacityA : Math.min(small, p.ampacityA);
  const subrule = small !== null && small < p.ampacityA ? '14-104(2)' : '14-104(1)';
  const protects = p.ocpdA <= maxOcpd;
  const metal = p.material === 'copper' ? 'copper' : 'aluminium';
  const why = subrule === '14-104(2)'
    ? `${formatCsaSize(p.size)} ${metal} may not be protected above ${small} A (Rule 14-104(2)), whatever its ampacity (${p.ampacityA} A)`
    : `the device may not exceed the conductor's allowable ampacity, ${p.ampacityA} A (Rule 14-104(1); the Table 13 allowance of 14-104(1)(a) is not applied)`;
  return { protects, maxOcpdA: maxOcpd, smallConductorLimitA: small, subrule, step: `${p.ocpdA} A device ${protects ? '≤' : '>'} ${maxOcpd} A: ${why}` };
}

export interface CsaConductorChoice extends CsaAmpacityResult {
  size: WireSize;
  label: string;
  areaMm2: number;
  continuousLimitA: number;
  rule: string;
  /** Rule 14-104: the check the chosen conductor passed. */
  protection: CsaProtectionCheck;
}

/**
 * The smallest conductor (from 14 AWG copper / 12 AWG aluminium, Table 2/4's first rows) whose
 * Rule 8-104 continuous-load limit carries the continuous load, with the given overcurrent device,
 * and which that device protects under Rule 14-104 (csaOvercurrentProtects: Subrules 1) and 2), the
 * Table 13 allowance not applied).
 * Refused where the device itself cannot carry the load (8-104: choose a larger device) or no
 * transcribed size does.
 */
export function csaSelectConductor(p: Omit<CsaAmpacityInput, 'size'> & { continuousLoadA: number; ocpdA: number; ocpdContinuousPct: 80 | 100 }): CsaConductorChoice {
  requireTablesOf(p.edition);
  if (!(p.continuousLoadA > 0)) throw new EngineRefusalError('configuration-not-supported', `A continuous load must be positive (got ${p.continuousLoadA} A).`);
  if (p.continuousLoadA > p.ocpdA * p.ocpdContinuousPct / 100) {
    throw new EngineRefusalError('configuration-not-supported', `CSA C22.1 Rule ${p.ocpdContinuousPct === 100 ? '8-104(5)' : '8-104(6)'}: a continuous load of ${p.continuousLoadA} A exceeds ${p.ocpdContinuousPct} % of the ${p.ocpdA} A overcurrent device (${round2(p.ocpdA * p.ocpdContinuousPct / 100)} A). Choose a larger device.`);
  }
  const table = tableFor(p.material, p.installation);
  for (const size of WIRE_SIZES) {
    const row = table.rows[size];
    if (!row) continue;
    const a = csaAllowableAmpacity({ ...p, size });
    const protection = csaOvercurrentProtects({ edition: p.edition, material: p.material, size, ampacityA: a.ampacityA, ocpdA: p.ocpdA });
    if (!protection.protects) continue;
    const lim = csaMaxContinuousLoadA({ ampacityA: a.ampacityA, ocpdA: p.ocpdA, ocpdContinuousPct: p.ocpdContinuousPct, installation: p.installation });
    if (a.ampacityA * lim.conductorPct / 100 >= p.continuousLoadA) {
      return { ...a, steps: [...a.steps, protection.step], size, label: `${formatCsaSize(size)} (${awgAreaMm2(size)} mm²)`, areaMm2: awgAreaMm2(size), continuousLimitA: lim.limitA, rule: lim.subrule, protection };
    }
  }
  throw new EngineRefusalError('configuration-not-supported', `No conductor up to 600 kcmil in CSA C22.1 ${table.name} carries ${p.continuousLoadA} A continuously under these conditions.`);
}

export function formatCsaSize(size: WireSize): string {
  return Number(size) >= 250 ? `${size} kcmil` : `${size} AWG`;
}

/**
 * Nominal cross-section of an AWG/kcmil conductor in mm², from the AWG definition (diameter
 * 0.127 mm × 92^((36 − n)/39); 1/0 … 4/0 are n = 0 … −3) and 1 kcmil = 0.506707 mm². Two decimals.
 */
export function awgAreaMm2(size: WireSize): number {
  const k = Number(size);
  if (k >= 250) return round2(k * 0.5067075);
  const n = size.endsWith('/0') ? 1 - Number(size.split('/')[0]) : k;
  const d = 0.127 * 92 ** ((36 - n) / 39);
  return round2((Math.PI / 4) * d * d);
}

/**
 * What a CSA C22.1 job needs that the engine does not implement, each with the reason: printed in the
 * refusal of a CSA C22.1 design, so the engineer knows what to do by hand.
 */
export const CSA_C22_1_NOT_IMPLEMENTED: readonly string[] = [
  'Section 64 PV source and output circuit currents and their conductor and overcurrent sizing: the only stored statement of the current rule is the pre-2012 Rule 50-008 (CanSIA, "PV and the Electrical Code", 2004: 125 % of the rated short-circuit current); the rule numbers and wording of the 2021 and 2024 editions are not in a stored source, and public summaries number these rules inconsistently',
  'the maximum PV system voltage (Rule 64-202): the 24th edition (2018) limited dwelling units to 600 V (ebmag.com Code File, July-August 2017), but the 2021 and 2024 text, including how the open-circuit voltage is corrected for the lowest temperature, is not in a stored source, and the 2021 edition raised the low-voltage threshold to 1000 V AC and 1060 V DC (Technical Safety BC, summary of the 2021 changes), so the 600 V dwelling limit is not assumed to hold',
  'the interconnection limit on distribution equipment (Rule 64-112): a public article names its "120 and 125 percent rules" (neighbourpower.com), but their conditions and the 2021/2024 wording are not in a stored source',
  'rapid shutdown (Rule 64-218): the only stored text is the 2015 edition\'s (1.5 m / 3 m, 30 V and 240 VA within 10 s, hespv.ca); the 2021 requirements are not confirmed and the 2024 edition revised them (a new option for initiating rapid shutdown, CSA Group 2024 edition summary)',
  'Section 64 and Section 84 warning signs and their wording: the 24th edition required specific voltage warning signs such as "Danger 1500V DC" for the installations it newly permitted up to 1500 V (ebmag.com, 2017); the signs a 2021 or 2024 dwelling installation needs, and their wording, are not in a stored source',
  'Table 3 (aluminium single conductors in free air) and every 2024 (26th ed.) table value and Rule 14-104 text',
  'bonding conductor sizing (Table 16) and voltage drop (Rule 8-102 with Table D3)',
];
