// The checks of the DC side and the module-level electronics (issue 28: split out of electrical.calc.ts):
// for a string inverter, the modules in strings, 690.9(A) string protection and the maximum system
// voltage of each string; for micro-inverters, the units and the branch circuits.
import type { DesignInput } from '../design-input.schema.ts';
import type { Check, Section } from '../report.schema.ts';
import { check, house, nec, round } from '../report.builder.ts';
import { necSection, sourceCircuitName, type NecEdition } from '../tables/nec-sections.table.ts';
import { NEC_690_7_LIMIT_V } from '../tables/nec-690-7.table.ts';
import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { maxModulesInSeries, stringMaxVoltage } from './voltage.calc.ts';
import type { StringOcpd } from './string-ocpd.calc.ts';
import type { CheckSpecInputs } from './circuit-demand.calc.ts';

/**
 * A module-level electronics input (micro-inverter DC input, optimizer input) sees one module's
 * Voc at the design low temperature (690.7(A)), which must not exceed the input's listed maximum
 * (110.3(B)). Without the limit the value is reported as a computed quantity.
 */
function moduleInputVoltageCheck(input: DesignInput, edition: NecEdition, id: string, title: string, limitName: string, limitV: number | undefined, remedy: string): Check {
  const mod = input.equipment.module;
  const tMin = input.site.designMinTempC;
  const sv = stringMaxVoltage(1, mod, tMin);
  const coefficient = sv.method === 'coefficient';
  const inputs: CheckSpecInputs = coefficient
    ? [['Voc', mod.vocV, 'V'], ['β_Voc', mod.vocTempCoeffPctPerC ?? 0, '%/°C'], ['T_min', tMin, '°C']]
    : [['Voc', mod.vocV, 'V'], ['T_min', tMin, '°C'], ['Table 690.7(A) factor', sv.tableFactor ?? 0]];
  if (limitV === undefined) inputs.push([limitName, 'not given']);
  else inputs.push([limitName, limitV, 'V']);
  const section = `${necSection(coefficient ? 'maxVoltageCoefficient' : 'maxVoltageTable', edition)}; 110.3(B)`;
  return check({
    id, title, inputs,
    formula: coefficient ? 'V = Voc × (1 + β_Voc/100 × (T_min − 25)) ≤ input maximum' : 'V = Voc × Table 690.7(A) factor ≤ input maximum',
    value: sv.governingV, unit: 'V',
    limit: limitV === undefined ? undefined : { relation: '<=', value: limitV },
    pass: limitV === undefined ? null : sv.governingV <= limitV + 1e-9,
    ref: nec(edition, section), remedy,
    notes: limitV === undefined ? ['The input\'s maximum DC voltage is not given: enter it to check 110.3(B)'] : undefined,
  });
}

/** The string inverter's DC section (none for micro-inverters), and the highest DC voltage it found. */
export function stringDcSection(input: DesignInput, edition: NecEdition, ocpdByString: ReadonlyMap<string, StringOcpd>, arrayModules: number): { section: Section; maxDcVoltage: number } | null {
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  if (inv.kind !== 'string') return null;
  const dcChecks: Check[] = [];
  const stringModules = input.strings.reduce((n, s) => n + s.modulesInSeries * s.parallel, 0);
  dcChecks.push(check({
    id: 'electrical.strings.module-count', title: 'Modules in strings match the arrays',
    inputs: [['modules in strings', stringModules], ['modules in arrays', arrayModules]],
    formula: 'Σ n_series × n_parallel = Σ array modules', value: stringModules, unit: 'modules',
    limit: { relation: '=', value: arrayModules }, pass: stringModules === arrayModules, ref: house('design consistency'),
    remedy: 'Assign every module to exactly one string',
  }));
  dcChecks.push(...stringOcpdChecks(input, edition, ocpdByString));
  const rsdLimit = input.equipment.rapidShutdownDeviceMaxInputVoltageV;
  if (!opt && input.equipment.rapidShutdownDevice === 'mlpe' && rsdLimit !== undefined) {
    dcChecks.push(moduleInputVoltageCheck(input, edition, 'electrical.mlpe.module-voltage', 'Module Voc at T_min vs module-level rapid shutdown device maximum input voltage', 'rapid shutdown device max input voltage', rsdLimit, 'Choose a rapid shutdown device rated for the module Voc at the design low temperature'));
  }
  const maxDcVoltage = stringVoltageChecks(input, edition, dcChecks);
  return { section: { id: 'electrical.dc', title: `DC system voltage (${sourceCircuitName(edition)}s)`, checks: dcChecks }, maxDcVoltage };
}

/** 690.9(A), one check per string (evaluated once per string by stringOcpdFor). */
function stringOcpdChecks(input: DesignInput, edition: NecEdition, ocpdByString: ReadonlyMap<string, StringOcpd>): Check[] {
  const opt = input.equipment.optimizer;
  const dcChecks: Check[] = [];
  for (const s of input.strings) {
    const p = ocpdByString.get(s.id);
    if (!p) continue;
    const conv = opt !== undefined;
    const fuseName = conv ? (opt.maxSeriesFuseA !== undefined ? 'converter max OCPD (listing)' : 'module max series fuse (converter rating not given)') : 'module max series fuse';
    const inputs: CheckSpecInputs = [['n_parallel', p.nParallel], ['I_max per string', p.iMaxA, 'A'], ['I_backfeed', p.backfeedA, 'A'], [fuseName, p.seriesFuseA, 'A']];
    if (p.ocpdA !== null) inputs.push(['OCPD (1.25 × I_max, next standard)', p.ocpdA, 'A']);
    dcChecks.push(check({
      id: `electrical.string.${s.id}.ocpd`, title: `String ${s.id}: overcurrent protection`,
      inputs,
      formula: 'I_backfeed = (n_parallel − 1) × I_max; OCPD required when I_backfeed > series fuse rating; then OCPD = next standard ≥ 1.25 × I_max ≤ series fuse rating',
      value: p.ocpdA ?? 'not required', unit: p.ocpdA === null ? '' : 'A',
      limit: p.ocpdA === null ? undefined : { relation: '<=', value: p.seriesFuseA, unit: 'A' },
      pass: p.ocpdWithinSeriesFuse,
      ref: nec(edition, p.ocpdA === null ? necSection('ocpdRequired', edition) : `${necSection('ocpdRequired', edition)}; ${necSection('ocpdRating', edition)}; ${necSection('standardRatings', edition)}`),
      remedy: 'The required string OCPD exceeds the series fuse rating: fewer strings in parallel, or a module/converter listed for a larger fuse',
      notes: [p.required
        ? `${p.nParallel} strings in parallel: the other strings can feed ${round(p.backfeedA, 2)} A into a faulted string, above the ${p.seriesFuseA} A series fuse rating, so each string needs its own OCPD; it protects the string conductors (${necSection('smallConductor', edition)}) and sizes their EGC (Table 250.122)`
        : p.nParallel <= 1 ? 'One string: nothing else can feed a fault in it' : `${p.nParallel} strings in parallel: at most ${round(p.backfeedA, 2)} A can be fed into a faulted string, within the ${p.seriesFuseA} A series fuse rating`],
    }));
  }
  return dcChecks;
}

/** The maximum voltage of each string (690.7), pushed onto dcChecks; returns the highest. */
function stringVoltageChecks(input: DesignInput, edition: NecEdition, dcChecks: Check[]): number {
  const mod = input.equipment.module;
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  let maxDcVoltage = 0;
  const occupancyLimit = NEC_690_7_LIMIT_V[input.site.occupancy];
  const limits: Array<[string, number]> = [[`690.7 ${input.site.occupancy} limit`, occupancyLimit], ['module max system voltage', mod.maxSystemVoltageV]];
  if (inv.maxDcInputVoltageV !== undefined && !opt) limits.push(['inverter max DC input', inv.maxDcInputVoltageV]);
  for (const s of input.strings) {
    const sv = stringMaxVoltage(s.modulesInSeries, mod, input.site.designMinTempC);
    const perModule = sv.governingV / s.modulesInSeries;
    if (sv.byTableV !== null && sv.method === 'coefficient') {
      dcChecks.push(check({
        id: `electrical.string.${s.id}.voltage-table`, title: `String ${s.id}: Voc by Table 690.7(A) (for comparison)`,
        inputs: [['n', s.modulesInSeries], ['Voc', mod.vocV, 'V'], ['T_min', input.site.designMinTempC, '°C'], ['factor', sv.tableFactor ?? 0]],
        formula: 'V = n × Voc × factor', value: sv.byTableV, unit: 'V', ref: ref('maxVoltageTable'),
      }));
    }
    if (opt) {
      // With optimizers the string voltage is set by the converters (690.7(B)), not by Voc.
      // Every module-level electronics input sees one module's Voc at T_min (690.7(A); 110.3(B)).
      dcChecks.push(moduleInputVoltageCheck(input, edition, `electrical.string.${s.id}.optimizer-input`, `String ${s.id}: module Voc at T_min vs optimizer maximum input voltage`, 'optimizer max input voltage', opt.maxInputVoltageV, 'Choose an optimizer rated for the module Voc at the design low temperature'));
      const converterV = opt.maxStringVoltageV ?? s.modulesInSeries * opt.maxOutputVoltageV;
      const limitV = Math.min(occupancyLimit, inv.maxDcInputVoltageV ?? Number.POSITIVE_INFINITY);
      maxDcVoltage = Math.max(maxDcVoltage, converterV);
      dcChecks.push(check({
        id: `electrical.string.${s.id}.voltage`, title: `String ${s.id}: maximum DC-to-DC converter circuit voltage`,
        inputs: opt.maxStringVoltageV !== undefined ? [['converter string limit (instructions)', opt.maxStringVoltageV, 'V']] : [['n', s.modulesInSeries], ['V_out,max', opt.maxOutputVoltageV, 'V']],
        formula: opt.maxStringVoltageV !== undefined ? 'V = string voltage limit of the converter system' : 'V = n × V_out,max',
        value: converterV, unit: 'V', limit: { relation: '<=', value: limitV }, pass: converterV <= limitV + 1e-9,
        ref: ref('converterVoltage'), remedy: 'Shorten the string',
      }));
      continue;
    }
    const limitV = Math.min(...limits.map(([, l]) => l));
    maxDcVoltage = Math.max(maxDcVoltage, sv.governingV);
    const maxN = maxModulesInSeries(limitV, perModule);
    dcChecks.push(check({
      id: `electrical.string.${s.id}.voltage`, title: `String ${s.id}: maximum system voltage`,
      inputs: sv.method === 'coefficient'
        ? [['n', s.modulesInSeries], ['Voc', mod.vocV, 'V'], ['β_Voc', mod.vocTempCoeffPctPerC ?? 0, '%/°C'], ['T_min', input.site.designMinTempC, '°C'], ...limits.map(([n, l]) => [n, l, 'V'] as [string, number, string])]
        : [['n', s.modulesInSeries], ['Voc', mod.vocV, 'V'], ['T_min', input.site.designMinTempC, '°C'], ['factor', sv.tableFactor ?? 0], ...limits.map(([n, l]) => [n, l, 'V'] as [string, number, string])],
      formula: sv.method === 'coefficient' ? 'V = n × Voc × (1 + β_Voc/100 × (T_min − 25))' : 'V = n × Voc × Table 690.7(A) factor',
      value: sv.governingV, unit: 'V', limit: { relation: '<=', value: limitV }, pass: sv.governingV <= limitV + 1e-9,
      ref: ref(sv.method === 'coefficient' ? 'maxVoltageCoefficient' : 'maxVoltageTable'),
      remedy: `Use at most ${maxN} modules in series`,
    }));
  }
  return maxDcVoltage;
}

/** Micro-inverter branch circuits (none for a string inverter). */
export function microBranchSection(input: DesignInput, edition: NecEdition, arrayModules: number, units: number): Section | null {
  const inv = input.equipment.inverter;
  if (inv.kind !== 'micro') return null;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  const mChecks: Check[] = [];
  const modulesServed = units * inv.modulesPerUnit;
  mChecks.push(check({
    id: 'electrical.micro.module-count', title: 'Micro-inverter units match the modules',
    inputs: [['units', units], ['modules per unit', inv.modulesPerUnit], ['modules in arrays', arrayModules]],
    formula: 'n_units × modules per unit = Σ array modules', value: modulesServed, unit: 'modules',
    limit: { relation: '=', value: arrayModules }, pass: modulesServed === arrayModules, ref: house('design consistency'),
    remedy: 'Assign every module to a micro-inverter on a branch circuit',
  }));
  mChecks.push(moduleInputVoltageCheck(input, edition, 'electrical.micro.module-voltage', 'Module Voc at T_min vs micro-inverter maximum DC input voltage', 'micro-inverter max DC input voltage', inv.maxDcInputVoltageV, 'Choose a micro-inverter whose maximum DC input voltage is at least the module Voc at the design low temperature'));
  for (const b of input.branchCircuits) {
    const current = b.units * inv.continuousOutputCurrentA;
    const ocpd = standardRatingAtOrAbove(1.25 * current);
    const maxUnits = inv.maxUnitsPerBranch;
    const unitsOk = maxUnits === undefined || b.units <= maxUnits;
    mChecks.push(check({
      id: `electrical.branch.${b.id}.units`, title: `Branch ${b.id}: units and breaker`,
      inputs: [['units', b.units], ['I_out', inv.continuousOutputCurrentA, 'A'], ['I_branch', current, 'A'], ['OCPD', ocpd, 'A'], ['max units (instructions)', maxUnits ?? 'not given'], ['max OCPD (instructions)', inv.maxBranchOcpdA, 'A']],
      formula: 'OCPD = next standard ≥ 1.25 × n × I_out ≤ max branch OCPD; n ≤ max units', value: ocpd, unit: 'A',
      limit: { relation: '<=', value: inv.maxBranchOcpdA }, pass: unitsOk && ocpd <= inv.maxBranchOcpdA,
      ref: ref('microBranch'), remedy: `Split the branch: at most ${Math.min(maxUnits ?? Number.POSITIVE_INFINITY, Math.floor(inv.maxBranchOcpdA / 1.25 / inv.continuousOutputCurrentA + 1e-9))} units per branch`,
    }));
  }
  return { id: 'electrical.micro', title: 'Micro-inverter branch circuits', checks: mChecks };
}
