import type { DesignInput, LoadCalculationInput } from '../design-input.schema.ts';
import type { Check, LoadCalculationResult } from '../report.schema.ts';
import { check, nec, round } from '../report.builder.ts';
import type { NecEdition } from '../tables/nec-sections.table.ts';
import { EngineRefusalError } from '../engine-refusal.ts';

/*
 * NEC Article 220, Part IV: the optional dwelling load calculations a PV job meets when the main
 * breaker is derated, the panel upgraded or loads (a battery, an EV charger) added.
 *
 * - 220.82 (dwelling unit, optional method): general loads — 3 VA/ft² (B)(1), 1500 VA per small-appliance
 *   and laundry circuit (B)(2), appliances (B)(3) and motors (B)(4) at nameplate — at 100 % of the first
 *   10 kVA and 40 % of the remainder (A), plus the largest of the six heating/air-conditioning selections (C).
 * - 220.83 (existing dwelling unit): (A) no heating or air conditioning added — all loads at 100 % of the
 *   first 8 kVA and 40 % of the remainder; (B) heating or air conditioning added — the larger of air
 *   conditioning and space heating at 100 %, plus all other loads at 100 % of 8 kVA and 40 % of the rest.
 * - 220.87 (existing installation, measured demand): 125 % of the 15-minute maximum demand plus the new
 *   load, where the data cover a year (or, by the exception, 30 days of continuous recording) and the
 *   service has no renewable source or peak-load shaving.
 *
 * The numbers and percentages are the same in the 2017, 2020 and 2023 editions; only the cross-references
 * for the floor area moved (220.12 → 220.11 in 2023), which the checks do not print.
 */

export interface DwellingLoad {
  result: LoadCalculationResult;
  checks: Check[];
  /** Unrounded calculated load, A (the result prints it rounded). */
  totalA: number;
}

const GENERAL_VA_PER_FT2 = 3; // 220.82(B)(1), 220.83(A)(1): 33 VA/m² or 3 VA/ft²
const SMALL_APPLIANCE_VA = 1500; // 220.82(B)(2), 220.83(A)(2)
const FIRST_KVA_22082 = 10_000; // 220.82(A): first 10 kVA at 100 %
const FIRST_KVA_22083 = 8_000; // 220.83(A)/(B): first 8 kVA at 100 %
const REMAINDER_FACTOR = 0.4;

type Line = LoadCalculationResult['lines'][number];

function sumVa(items: ReadonlyArray<{ va: number }>): number {
  return items.reduce((n, i) => n + i.va, 0);
}

function demandOf(totalVa: number, firstVa: number): number {
  return Math.min(totalVa, firstVa) + REMAINDER_FACTOR * Math.max(0, totalVa - firstVa);
}

/** The service the calculation is for: 120/240 V or 208Y/120 V, 3-wire (220.82, 220.83). */
function requireThreeWireDwelling(input: DesignInput, method: string): void {
  const v = input.service.nominalVoltageV;
  if (input.site.occupancy !== 'dwelling') {
    throw new EngineRefusalError('load-calculation-not-applicable', `NEC ${method} is a dwelling-unit calculation and this site is not a dwelling (site.occupancy = other). Use 220.87 (measured demand) or a standard calculation done by hand.`);
  }
  if (v !== 240 && v !== 208) {
    throw new EngineRefusalError('load-calculation-not-applicable', `NEC ${method} applies to a dwelling served by a 120/240 V or 208Y/120 V 3-wire service; service.nominalVoltageV is ${v} V.`);
  }
}

function generalLines(lc: { floorAreaFt2: number; smallApplianceCircuits: number; laundryCircuits: number; appliances: ReadonlyArray<{ name: string; va: number }> }, sec: string): Line[] {
  const lines: Line[] = [
    { item: `General lighting and receptacles: ${lc.floorAreaFt2} ft² × ${GENERAL_VA_PER_FT2} VA/ft²`, connectedVa: lc.floorAreaFt2 * GENERAL_VA_PER_FT2, factor: 'general load', demandVa: null, ref: `${sec}(1)` },
    { item: `Small-appliance and laundry circuits: ${lc.smallApplianceCircuits + lc.laundryCircuits} × ${SMALL_APPLIANCE_VA} VA`, connectedVa: (lc.smallApplianceCircuits + lc.laundryCircuits) * SMALL_APPLIANCE_VA, factor: 'general load', demandVa: null, ref: `${sec}(2)` },
  ];
  for (const a of lc.appliances) lines.push({ item: a.name, connectedVa: a.va, factor: 'general load (nameplate)', demandVa: null, ref: `${sec}(3)` });
  return lines;
}

/** The dwelling's calculated load by the method the intake chose (Article 220 Part IV, or measured demand). */
export function calculateDwellingLoad(input: DesignInput, lc: LoadCalculationInput, edition: NecEdition): DwellingLoad {
  switch (lc.method) {
    case '220.82': return standardMethod(input, lc, edition);
    case '220.83': return existingDwelling(input, lc, edition);
    case '220.87': return measuredDemand(input, lc, edition);
  }
}

type Method<M extends LoadCalculationInput['method']> = Extract<LoadCalculationInput, { method: M }>;
const p = 'service.loadCalculation';
const idp = 'electrical.load';

/** NEC 220.82, the optional calculation for a dwelling: general loads with demand factors, plus the largest heating or cooling selection. */
function standardMethod(input: DesignInput, lc: Method<'220.82'>, edition: NecEdition): DwellingLoad {
  const v = input.service.nominalVoltageV;
  const checks: Check[] = [];
  requireThreeWireDwelling(input, '220.82');
  // 220.82(A): service or feeder conductors of 100 A or more.
  const svc = input.service;
  const conductorA = svc.serviceConductorAmpacityA ?? svc.serviceA ?? svc.mainBreakerA;
  if (conductorA < 100) {
    throw new EngineRefusalError('load-calculation-not-applicable', `NEC 220.82 applies only where the service conductors have an ampacity of 100 A or more (220.82(A)); this service has ${conductorA} A. Use 220.83 (existing dwelling) or 220.87 (measured demand).`);
  }
  const hc = lc.heatingAndCooling;
  if (hc.spaceHeatingVa > 0 && hc.spaceHeatingUnits === undefined) {
    throw new EngineRefusalError('inputs-missing', 'NEC 220.82(C)(4)/(5) takes electric space heating at 65 % below four separately controlled units and 40 % at four or more: enter how many separately controlled units there are.', [`${p}.heatingAndCooling.spaceHeatingUnits`]);
  }
  const lines = generalLines(lc, '220.82(B)');
  for (const m of lc.motors) lines.push({ item: m.name, connectedVa: m.va, factor: 'general load (nameplate)', demandVa: null, ref: '220.82(B)(4)' });
  const generalVa = lines.reduce((n, l) => n + (l.connectedVa ?? 0), 0);
  const generalDemandVa = demandOf(generalVa, FIRST_KVA_22082);
  lines.push({ item: `General loads: first 10 kVA at 100 %, remainder at 40 %`, connectedVa: generalVa, factor: '100 % / 40 %', demandVa: generalDemandVa, ref: '220.82(B)' });
  // 220.82(C): the largest of the six selections.
  const supplemental = hc.heatPumpSupplementalHeatVa;
  const units = hc.spaceHeatingUnits ?? 0;
  const selections: Array<[string, number]> = [
    ['(C)(1) air conditioning and cooling at 100 %', hc.airConditioningVa],
    ['(C)(2) heat pump without supplementary heat at 100 %', supplemental > 0 ? 0 : hc.heatPumpVa],
    [`(C)(3) heat pump compressor at 100 %${hc.heatPumpCompressorInterlocked ? ' (interlocked: not added)' : ''} + supplementary heat at 65 %`, supplemental > 0 ? (hc.heatPumpCompressorInterlocked ? 0 : hc.heatPumpVa) + 0.65 * supplemental : 0],
    ['(C)(4) space heating, fewer than four separately controlled units, at 65 %', units > 0 && units < 4 ? 0.65 * hc.spaceHeatingVa : 0],
    ['(C)(5) space heating, four or more separately controlled units, at 40 %', units >= 4 ? 0.4 * hc.spaceHeatingVa : 0],
    ['(C)(6) thermal storage and continuous heating at 100 %', hc.thermalStorageHeatingVa],
  ];
  let [hvacName, hvacVa] = selections[0];
  for (const [name, va] of selections) if (va > hvacVa + 1e-9) [hvacName, hvacVa] = [name, va];
  lines.push({ item: `Heating and air conditioning: largest selection, ${hvacName}`, connectedVa: null, factor: 'largest of (C)(1)–(6)', demandVa: hvacVa, ref: '220.82(C)' });
  const totalVa = generalDemandVa + hvacVa;
  checks.push(check({
    id: `${idp}.general`, title: 'Dwelling load (220.82): general loads',
    inputs: lines.filter((l) => l.connectedVa !== null && l.demandVa === null).map((l) => [l.item, l.connectedVa ?? 0, 'VA'] as [string, number, string]),
    formula: 'Σ (3 VA/ft² × area, 1500 VA per small-appliance and laundry circuit, appliances and motors at nameplate)', value: generalVa, unit: 'VA', ref: nec(edition, '220.82(B)'),
  }));
  checks.push(check({
    id: `${idp}.general-demand`, title: 'Dwelling load (220.82): general loads after demand factors',
    inputs: [['general loads', generalVa, 'VA'], ['first', FIRST_KVA_22082, 'VA'], ['remainder factor', REMAINDER_FACTOR]],
    formula: 'min(G, 10 kVA) + 0.4 × max(0, G − 10 kVA)', value: generalDemandVa, unit: 'VA', ref: nec(edition, '220.82(A)'),
  }));
  checks.push(check({
    id: `${idp}.heating-cooling`, title: 'Dwelling load (220.82): heating and air conditioning',
    inputs: selections.map(([n, va]) => [n, va, 'VA'] as [string, number, string]),
    formula: 'largest of 220.82(C)(1)–(6)', value: hvacVa, unit: 'VA', ref: nec(edition, '220.82(C)'), notes: [`Governing: ${hvacName}`],
  }));
  return finish(lines, totalVa, v, '220.82', nec(edition, '220.82'), edition, checks, 'G_demand + HVAC');
}

/** NEC 220.83, an existing dwelling: its loads with demand factors, plus the added air conditioning or space heating. */
function existingDwelling(input: DesignInput, lc: Method<'220.83'>, edition: NecEdition): DwellingLoad {
  const v = input.service.nominalVoltageV;
  const checks: Check[] = [];
  requireThreeWireDwelling(input, '220.83');
  const added = lc.addedHeatingOrCooling;
  const sec = added ? '220.83(B)' : '220.83(A)';
  const lines = generalLines(lc, '220.83(A)');
  const otherVa = lines.reduce((n, l) => n + (l.connectedVa ?? 0), 0);
  const otherDemandVa = demandOf(otherVa, FIRST_KVA_22083);
  lines.push({ item: added ? 'All other loads: first 8 kVA at 100 %, remainder at 40 %' : 'Existing and new loads: first 8 kVA at 100 %, remainder at 40 %', connectedVa: otherVa, factor: '100 % / 40 %', demandVa: otherDemandVa, ref: sec });
  let hvacVa = 0;
  if (added) {
    // 220.83(B): "the larger connected load of air conditioning or space heating, but not both", at 100 %.
    hvacVa = Math.max(added.airConditioningVa, added.spaceHeatingVa);
    lines.push({ item: `Air conditioning (${added.airConditioningVa} VA) or space heating (${added.spaceHeatingVa} VA), the larger, at 100 %`, connectedVa: hvacVa, factor: '100 %', demandVa: hvacVa, ref: '220.83(B)' });
  }
  checks.push(check({
    id: `${idp}.general`, title: `Dwelling load (${sec}): ${added ? 'all other loads' : 'existing and new loads'}`,
    inputs: lines.filter((l) => l.demandVa === null).map((l) => [l.item, l.connectedVa ?? 0, 'VA'] as [string, number, string]),
    formula: 'Σ (3 VA/ft² × area, 1500 VA per small-appliance and laundry circuit, appliances at nameplate)', value: otherVa, unit: 'VA', ref: nec(edition, sec),
  }));
  checks.push(check({
    id: `${idp}.general-demand`, title: `Dwelling load (${sec}): after demand factors`,
    inputs: [['loads', otherVa, 'VA'], ['first', FIRST_KVA_22083, 'VA'], ['remainder factor', REMAINDER_FACTOR]],
    formula: 'min(L, 8 kVA) + 0.4 × max(0, L − 8 kVA)', value: otherDemandVa, unit: 'VA', ref: nec(edition, sec),
  }));
  if (added) {
    checks.push(check({
      id: `${idp}.heating-cooling`, title: 'Dwelling load (220.83(B)): air conditioning or space heating, the larger',
      inputs: [['air conditioning', added.airConditioningVa, 'VA'], ['space heating', added.spaceHeatingVa, 'VA']],
      formula: 'max(AC, heating) at 100 %', value: hvacVa, unit: 'VA', ref: nec(edition, '220.83(B)'),
    }));
  }
  return finish(lines, otherDemandVa + hvacVa, v, sec, nec(edition, sec), edition, checks, added ? 'L_demand + max(AC, heating)' : 'L_demand');
}

/** NEC 220.87, the existing load from a year (or 30 days) of measured demand, at 125 %, plus the new loads. */
function measuredDemand(input: DesignInput, lc: Method<'220.87'>, edition: NecEdition): DwellingLoad {
  const v = input.service.nominalVoltageV;
  const checks: Check[] = [];
  if (lc.existingRenewableOrPeakShaving) {
    throw new EngineRefusalError('load-calculation-not-applicable', 'NEC 220.87 may not be used where the service already has a renewable energy system (PV, wind) or peak-load shaving: the measured demand is net of it. Use 220.83 (existing dwelling) or 220.82.');
  }
  if ((lc.maxDemandA === undefined) === (lc.maxDemandKw === undefined)) {
    throw new EngineRefusalError('inputs-missing', 'NEC 220.87 needs the maximum demand either in amperes (highest loaded phase) or in kW, exactly one of them.', lc.maxDemandA === undefined ? [`${p}.maxDemandA`, `${p}.maxDemandKw`] : []);
  }
  const demandA = lc.maxDemandA ?? ((lc.maxDemandKw ?? 0) * 1000) / v;
  const newVa = sumVa(lc.newLoads);
  const totalA = 1.25 * demandA + newVa / v;
  const lines: Line[] = [
    { item: lc.maxDemandA !== undefined ? `Maximum demand (${lc.dataPeriod === '12-months' ? '12 months of data' : '30 days of continuous recording'}): ${lc.maxDemandA} A` : `Maximum demand (${lc.dataPeriod === '12-months' ? '12 months of data' : '30 days of continuous recording'}): ${lc.maxDemandKw} kW at ${v} V, unity power factor`, connectedVa: demandA * v, factor: '125 %', demandVa: 1.25 * demandA * v, ref: '220.87(2)' },
    ...lc.newLoads.map((l): Line => ({ item: `New load: ${l.name}`, connectedVa: l.va, factor: '100 %', demandVa: l.va, ref: '220.87(2)' })),
  ];
  checks.push(check({
    id: `${idp}.measured`, title: 'Existing load from measured demand (220.87)',
    inputs: [...(lc.maxDemandA !== undefined ? [['maximum demand', lc.maxDemandA, 'A'] as [string, number, string]] : [['maximum demand', lc.maxDemandKw ?? 0, 'kW'] as [string, number, string], ['V', v, 'V'] as [string, number, string]]), ['data', lc.dataPeriod], ['new loads', newVa, 'VA']],
    formula: lc.maxDemandA !== undefined ? 'I = 1.25 × I_demand + S_new / V' : 'I = 1.25 × P_demand / V + S_new / V', value: totalA, unit: 'A',
    ref: nec(edition, lc.dataPeriod === '30-days' ? '220.87(1) Exception; 220.87(2)' : '220.87(1), (2)'),
    notes: lc.dataPeriod === '30-days' ? ['30 days of continuous recording (220.87 Exception): the recording must be taken with the building occupied and include the larger of the heating or cooling load'] : undefined,
  }));
  return finish(lines, totalA * v, v, '220.87', nec(edition, lc.dataPeriod === '30-days' ? '220.87, Exception' : '220.87'), edition, checks, '1.25 × demand + new loads');
}

function finish(lines: Line[], totalVa: number, v: number, method: string, ref: LoadCalculationResult['ref'], edition: NecEdition, checks: Check[], formula: string): DwellingLoad {
  const totalA = totalVa / v;
  checks.push(check({
    id: 'electrical.load.total', title: `Dwelling calculated load (${method})`,
    inputs: [['calculated load', totalVa, 'VA'], ['V', v, 'V']], formula: `I = (${formula}) / V`, value: totalA, unit: 'A', ref: nec(edition, method),
  }));
  return {
    result: { method, ref, voltageV: v, lines: lines.map((l) => ({ ...l, connectedVa: l.connectedVa === null ? null : round(l.connectedVa, 3), demandVa: l.demandVa === null ? null : round(l.demandVa, 3) })), totalVa: round(totalVa, 3), totalA: round(totalA, 3), serviceRatingA: 0, pass: true },
    checks,
    totalA,
  };
}

/**
 * The calculated load against the service after the interconnection: the main breaker (derated if
 * the derate was chosen), and the service rating when it is smaller. 220.87(2) states it for the
 * measured method; 230.79 for every method ("a rating not less than the calculated load to be
 * carried, determined in accordance with Part III, IV, or V of Article 220").
 */
export function serviceLoadCheck(load: DwellingLoad, ratingA: number, derated: boolean, edition: NecEdition): Check {
  const r = load.result;
  const pass = r.totalA <= ratingA + 1e-9;
  r.serviceRatingA = ratingA;
  r.pass = pass;
  return check({
    id: 'electrical.load.service', title: `Calculated load within the service rating${derated ? ' (derated main breaker)' : ''}`,
    inputs: [['calculated load', r.totalA, 'A'], [derated ? 'derated main breaker' : 'service rating (main breaker)', ratingA, 'A']],
    formula: 'I_calc ≤ rating of the service disconnect', value: r.totalA, unit: 'A', limit: { relation: '<=', value: ratingA }, pass,
    ref: nec(edition, r.method === '220.87' ? '220.87(2); 230.79' : `${r.method}; 230.79`),
    remedy: derated ? 'The derated main cannot carry the calculated load: use another interconnection method or upgrade the service' : 'Upgrade the service, or reduce or manage the loads (750.30 energy management)',
  });
}
