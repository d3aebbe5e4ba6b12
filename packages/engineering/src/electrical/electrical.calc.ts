import { supplySideBondingJumper } from '../tables/nec-250-102.table.ts';
import type { DesignInput, RunInput } from '../design-input.schema.ts';
import type { Check, ConductorScheduleRow, Label, LoadCalculationResult, Section, Report, StorageResult } from '../report.schema.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { calculateDwellingLoad, serviceLoadCheck } from './load-calculation.calc.ts';
import { acBatteryCurrentA, connectionPlan, dcBatteryCurrentA, secondaryBusbarCheck, storageSection, validateStorage } from './storage.calc.ts';
import { check, house, nec, round } from '../report.builder.ts';
import { necSection, sourceCircuitName, type NecEdition } from '../tables/nec-sections.table.ts';
import { NEC_690_7_LIMIT_V } from '../tables/nec-690-7.table.ts';
import { AC_DISCONNECT_RATINGS, standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { rooftopAdderC } from '../tables/nec-310-15.table.ts';
import { SMALLEST_SELECTABLE_SIZE, formatWireSize, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';
import type { ConductorType } from '../tables/nec-chapter-9.table.ts';
import { maxModulesInSeries, stringMaxVoltage } from './voltage.calc.ts';
import { judgeConductor, selectConductorSize, selectEgcSize, type AmpacityConditions } from './conductor.calc.ts';
import { sizeForVoltageDrop, voltageDropPct } from './voltage-drop.calc.ts';
import { evaluateStringOcpd, type StringOcpd } from './string-ocpd.calc.ts';
import { installedStranding, table8OhmsPerKft } from '../tables/nec-chapter-9.table.ts';
import { NEC_LABELS } from '../tables/nec-labels.table.ts';
import { sizeConduit } from './conduit.calc.ts';
import { chooseInterconnection, type InterconnectionDecision, type InterconnectionInput } from './interconnection.calc.ts';

export interface ElectricalResult {
  sections: Section[];
  conductorSchedule: ConductorScheduleRow[];
  interconnection: Report['interconnection'];
  labels: Label[];
  loadCalculation: LoadCalculationResult | null;
  storage: StorageResult | null;
  equipment: Report['equipment'];
  systemDcKw: number;
  systemAcKw: number;
}

interface CircuitDemand {
  label: string;
  dc: boolean;
  circuits: number;
  maxCurrentA: number;
  currentFormula: string;
  currentInputs: Array<[string, number | string, string?]>;
  currentSection: string;
  operatingCurrentA: number;
  operatingVoltageV: number;
  ocpdA: number | null;
  ocpdNote: string;
  minSize: WireSize;
  minSizeNote?: string;
  /** Energy storage circuits: ampacity ≥ the OCPD rating (706.30(B)), and their own sections. */
  ess?: { ampacitySection: string; ocpdSection: string };
}

function totalUnits(input: DesignInput): number {
  return input.branchCircuits.reduce((n, b) => n + b.units, 0);
}

function inverterOutputCurrent(input: DesignInput): number {
  const inv = input.equipment.inverter;
  const units = inv.kind === 'micro' ? totalUnits(input) : inv.count;
  return units * inv.continuousOutputCurrentA;
}

function batteryCurrent(input: DesignInput): number {
  // Only an AC-coupled battery is a source at the busbar; a DC-coupled one is behind the inverter.
  return acBatteryCurrentA(input);
}

function perStringCurrent(input: DesignInput): { value: number; formula: string; inputs: Array<[string, number, string]>; converter: boolean } {
  const opt = input.equipment.optimizer;
  if (opt) return { value: opt.maxOutputCurrentA, formula: 'I = I_converter,max', inputs: [['I_converter,max', opt.maxOutputCurrentA, 'A']], converter: true };
  const isc = input.equipment.module.iscA;
  return { value: 1.25 * isc, formula: 'I = 1.25 × I_sc', inputs: [['I_sc', isc, 'A']], converter: false };
}

function demandForRun(input: DesignInput, run: RunInput, edition: NecEdition, interconnectCurrentA: number, ocpdByString: ReadonlyMap<string, StringOcpd>): CircuitDemand {
  const mod = input.equipment.module;
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  const c = run.carries;
  switch (c.kind) {
    case 'strings': {
      const strings = c.ids.map((id) => {
        const s = input.strings.find((x) => x.id === id);
        if (!s) throw new Error(`Run ${run.id} carries unknown string ${id}`);
        return s;
      });
      const per = perStringCurrent(input);
      const parallel = strings.reduce((n, s) => n + s.parallel, 0);
      const series = Math.max(...strings.map((s) => s.modulesInSeries));
      const opV = opt ? opt.stringOperatingVoltageV : series * mod.vmpV;
      const opIString = opt ? (series * mod.pmaxW) / opt.stringOperatingVoltageV : mod.impA;
      // 690.9(A) is evaluated per string (see stringOcpdFor); a string that needs its own OCPD has it
      // on these conductors, so it governs their protection (240.4(D)) and their EGC (250.122).
      const fused = strings.map((s) => ocpdByString.get(s.id)).filter((p): p is StringOcpd => p !== undefined && p.ocpdA !== null);
      const needsFuse = !c.combined && fused.length > 0;
      const ocpdA = needsFuse ? Math.max(...fused.map((p) => p.ocpdA ?? 0)) : null;
      const name = c.combined ? 'PV output circuit' : sourceCircuitName(edition);
      if (c.combined) {
        return {
          label: name,
          dc: true,
          circuits: 1,
          maxCurrentA: parallel * per.value,
          currentFormula: `I = n_parallel × (${per.formula.slice(4)})`,
          currentInputs: [['n_parallel', parallel], ...per.inputs],
          currentSection: per.converter ? necSection('converterCurrent', edition) : necSection('sourceCurrent', edition),
          operatingCurrentA: parallel * opIString,
          operatingVoltageV: opV,
          ocpdA: null,
          ocpdNote: 'No OCPD: the combined circuit is fed only by the array (690.9(A))',
          minSize: SMALLEST_SELECTABLE_SIZE,
        };
      }
      return {
        label: name,
        dc: true,
        circuits: parallel,
        maxCurrentA: per.value,
        currentFormula: per.formula,
        currentInputs: per.inputs,
        currentSection: per.converter ? necSection('converterCurrent', edition) : necSection('sourceCurrent', edition),
        operatingCurrentA: opIString,
        operatingVoltageV: opV,
        ocpdA,
        ocpdNote: needsFuse
          ? `String OCPD required (${necSection('ocpdRequired', edition)}): the parallel strings can back-feed a faulted string beyond the series fuse rating`
          : `No OCPD required: back-fed current cannot exceed the series fuse rating (${necSection('ocpdRequired', edition)})`,
        minSize: SMALLEST_SELECTABLE_SIZE,
      };
    }
    case 'branches': {
      const branches = c.ids.map((id) => {
        const b = input.branchCircuits.find((x) => x.id === id);
        if (!b) throw new Error(`Run ${run.id} carries unknown branch circuit ${id}`);
        return b;
      });
      const maxUnits = Math.max(...branches.map((b) => b.units));
      const current = maxUnits * inv.continuousOutputCurrentA;
      return {
        label: 'Micro-inverter branch circuit',
        dc: false,
        circuits: branches.length,
        maxCurrentA: current,
        currentFormula: 'I = n_units × I_out',
        currentInputs: [['n_units', maxUnits], ['I_out', inv.continuousOutputCurrentA, 'A']],
        currentSection: necSection('inverterOutputCurrent', edition),
        operatingCurrentA: current,
        operatingVoltageV: inv.nominalAcVoltageV,
        ocpdA: standardRatingAtOrAbove(1.25 * current),
        ocpdNote: 'Branch OCPD in the AC combiner',
        minSize: SMALLEST_SELECTABLE_SIZE,
      };
    }
    case 'inverter-output': {
      const invA = inverterOutputCurrent(input);
      const batA = c.includeBattery ? batteryCurrent(input) : 0;
      const current = invA + batA;
      const inputs: Array<[string, number | string, string?]> = [['I_inverters', invA, 'A']];
      if (c.includeBattery) inputs.push(['I_battery', batA, 'A']);
      return {
        label: 'Inverter output circuit',
        dc: false,
        circuits: 1,
        maxCurrentA: current,
        currentFormula: c.includeBattery ? 'I = Σ I_inverter,cont + Σ I_battery,cont' : 'I = Σ I_inverter,cont',
        currentInputs: inputs,
        currentSection: necSection('inverterOutputCurrent', edition),
        operatingCurrentA: current,
        operatingVoltageV: inv.nominalAcVoltageV,
        ocpdA: standardRatingAtOrAbove(1.25 * current),
        ocpdNote: 'PV/backfeed breaker at the point of interconnection',
        minSize: SMALLEST_SELECTABLE_SIZE,
      };
    }
    case 'battery': {
      // AC-coupled ESS output circuit: a power source output circuit (705.28 from 2020) and an ESS circuit
      // (706.30; 706.20 in 2017): OCPD ≥ 125 % of the nameplate current, conductors ≥ the OCPD rating.
      const current = batteryCurrent(input);
      return {
        label: 'Battery (ESS) AC output circuit',
        dc: false,
        circuits: 1,
        maxCurrentA: current,
        currentFormula: 'I = n × I_battery,cont',
        currentInputs: [['n', input.equipment.battery?.count ?? 0], ['I_battery,cont', input.equipment.battery?.continuousOutputCurrentA ?? 0, 'A']],
        currentSection: `${necSection('inverterOutputCurrent', edition)}; ${necSection('essCircuitCurrent', edition)}`,
        operatingCurrentA: current,
        operatingVoltageV: inv.nominalAcVoltageV,
        ocpdA: standardRatingAtOrAbove(1.25 * current),
        ocpdNote: 'Battery breaker',
        minSize: SMALLEST_SELECTABLE_SIZE,
        ess: { ampacitySection: necSection('essConductor', edition), ocpdSection: necSection('essOcpd', edition) },
      };
    }
    case 'battery-dc': {
      // DC-coupled ESS circuit between the batteries and the hybrid inverter: nameplate-rated circuit
      // current of the ESS (706.30(A)(1); 706.20(A)(1) in 2017), OCPD ≥ 125 % of it (706.31(B); 706.21(B)),
      // conductor ampacity ≥ the larger of the current and the OCPD rating (706.30(B); 706.20(B)).
      const b = input.equipment.battery!;
      const current = dcBatteryCurrentA(input);
      return {
        label: 'Battery (ESS) DC circuit',
        dc: true,
        circuits: 1,
        maxCurrentA: current,
        currentFormula: 'I = n × I_ESS,nameplate',
        currentInputs: [['n', b.count], ['I_ESS,nameplate', b.maxContinuousCurrentA ?? 0, 'A']],
        currentSection: `${necSection('essCircuitCurrent', edition)}(1)`,
        operatingCurrentA: current,
        operatingVoltageV: b.nominalVoltageV ?? 0,
        ocpdA: standardRatingAtOrAbove(1.25 * current),
        ocpdNote: 'ESS DC overcurrent protection (listed for DC)',
        minSize: SMALLEST_SELECTABLE_SIZE,
        ess: { ampacitySection: necSection('essConductor', edition), ocpdSection: necSection('essOcpd', edition) },
      };
    }
    case 'backup-feeder': {
      // Protected by the breaker that supplies the backup side (240.4); it carries the sources' output
      // (continuous: 705.28) toward the main panel and the backed-up loads away from it, so it is sized
      // for the larger, taken as continuous (215.2(A)(1)), and its conductors must be protected by that breaker.
      const sb = input.service.backup!;
      const loadA = sb.loadManagement ? sb.managedLoadA ?? 0 : sb.backedUpLoadA ?? 0;
      const current = Math.max(interconnectCurrentA, loadA);
      return {
        label: 'Backup feeder (main panel → backup side)',
        dc: false,
        circuits: 1,
        maxCurrentA: current,
        currentFormula: 'I = max(Σ I_sources,cont, I_backed-up load)',
        currentInputs: [['I_sources', interconnectCurrentA, 'A'], [sb.loadManagement ? 'I_managed load' : 'I_backed-up load', loadA, 'A']],
        currentSection: `${necSection('inverterOutputCurrent', edition)}; 215.2(A)(1)`,
        operatingCurrentA: current,
        operatingVoltageV: inv.nominalAcVoltageV,
        ocpdA: sb.backupPanel!.supplyBreakerA,
        ocpdNote: 'Breaker in the main panel that supplies the backup side (service.backup.backupPanel.supplyBreakerA)',
        minSize: SMALLEST_SELECTABLE_SIZE,
      };
    }
    case 'supply-side-tap': {
      // 2020 added a minimum for supply-side conductors, 6 AWG copper or 4 AWG aluminium (705.11(B)).
      // 2017 has no minimum of its own, but the grounded (neutral) conductor run with the tap is at least
      // the Table 250.102(C)(1) size, 8 AWG copper / 6 AWG aluminium; the schedule gives the run one size,
      // so the tap is held to it (issue 25: 10 AWG taps with a 10 AWG neutral were printed).
      const al = run.material === 'aluminum';
      const minSize: WireSize = edition === '2017' ? (al ? '6' : '8') : al ? '4' : '6';
      return {
        label: 'Supply-side tap conductors',
        dc: false,
        circuits: 1,
        maxCurrentA: interconnectCurrentA,
        currentFormula: 'I = Σ I_sources,cont',
        currentInputs: [['I_sources', interconnectCurrentA, 'A']],
        currentSection: necSection('inverterOutputCurrent', edition),
        operatingCurrentA: interconnectCurrentA,
        operatingVoltageV: inv.nominalAcVoltageV,
        ocpdA: standardRatingAtOrAbove(1.25 * interconnectCurrentA),
        ocpdNote: 'Fuses in the supply-side fused disconnect',
        minSize,
        minSizeNote: edition === '2017'
          ? `not smaller than ${al ? '6 AWG aluminium' : '8 AWG copper'}, the grounded conductor run with the tap (Table 250.102(C)(1))`
          : `not smaller than ${al ? '4 AWG aluminium' : '6 AWG copper'} (${necSection('supplySideConductor', edition)})`,
      };
    }
  }
}

function conductorTypeFor(run: RunInput): ConductorType {
  return run.conductor ?? (run.location === 'free-air' ? 'PV-WIRE' : 'THWN-2');
}

function ambientFor(input: DesignInput, run: RunInput, type: ConductorType): { ambientC: number; baseC: number; adderC: number } {
  const baseC = run.ambientTempC ?? input.site.highAmbientTempC;
  const adderC = run.location === 'rooftop-raceway' ? rooftopAdderC(run.heightAboveRoofIn, type) : 0;
  return { ambientC: baseC + adderC, baseC, adderC };
}

function analyzeRun(input: DesignInput, run: RunInput, edition: NecEdition, interconnectCurrentA: number, ocpdByString: ReadonlyMap<string, StringOcpd>, checks: Check[], schedule: ConductorScheduleRow[]): void {
  const req = input.requirements;
  const demand = demandForRun(input, run, edition, interconnectCurrentA, ocpdByString);
  const type = conductorTypeFor(run);
  const freeAir = run.location === 'free-air';
  const material = run.material;
  const al = material === 'aluminum';
  // The Table 8 column depends on the conductor installed, and that on its size (310.3(C)).
  const strandingFor = (sz: WireSize) => installedStranding(type, sz, !freeAir, run.stranding).stranding;
  const idp = `electrical.run.${run.id}`;
  const title = `${run.id} ${demand.label} (${run.from} → ${run.to})`;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));

  if (freeAir) {
    const ok = type === 'PV-WIRE' || type === 'USE-2';
    checks.push(check({
      id: `${idp}.exposed-type`, title: `${title}: conductor type in free air`, inputs: [['type', type]],
      formula: 'exposed single conductors shall be PV wire or USE-2', value: type, unit: '', pass: ok, ref: ref('exposedWiring'),
      remedy: 'Use PV Wire or USE-2 for exposed conductors, or install them in a raceway',
    }));
  }

  const includeNeutral = run.includeNeutral ?? (!demand.dc && run.carries.kind !== 'branches');
  const ccc = run.currentCarryingConductors ?? demand.circuits * 2;
  const amb = ambientFor(input, run, type);
  const conditions: AmpacityConditions = { freeAir, ambientC: amb.ambientC, currentCarrying: ccc, insulationC: 90, terminalC: run.terminalTempC, material };
  const sizing = { maxCurrentA: demand.maxCurrentA, ocpdA: demand.ocpdA, conditions, ampacityAtLeastOcpd: demand.ess !== undefined };

  checks.push(check({
    id: `${idp}.current`, title: `${title}: maximum circuit current`, inputs: demand.currentInputs,
    formula: demand.currentFormula, value: demand.maxCurrentA, unit: 'A', ref: nec(edition, demand.currentSection),
  }));

  const ampacitySize = selectConductorSize(sizing, demand.minSize);
  const override = demand.dc ? req.wireSizes.dc : req.wireSizes.ac;
  let size: WireSize = override ?? ampacitySize ?? '600';
  const notes: string[] = [];
  if (override) notes.push(`Wire size set by requirement (${formatWireSize(override)})`);
  const vdLimit = req.voltageDropLimitPct;
  if (!override && ampacitySize && req.upsizeForVoltageDrop) {
    const vdSize = sizeForVoltageDrop(run.lengthFt, demand.operatingCurrentA, demand.operatingVoltageV, vdLimit, ampacitySize, strandingFor, material);
    if (vdSize && vdSize !== ampacitySize) {
      size = vdSize;
      notes.push(`Upsized from ${formatWireSize(ampacitySize)} for voltage drop`);
    }
  }
  const v = judgeConductor(size, sizing);
  const bigger = ampacitySize && sizeIndex(ampacitySize) > sizeIndex(size) ? ampacitySize : null;
  const biggerText = bigger ? `Use ${formatWireSize(bigger)} or larger` : 'No conductor up to 600 kcmil fits: split the circuit';

  checks.push(check({
    id: `${idp}.ampacity-continuous`, title: `${title}: ampacity at 125 % and terminal rating`,
    inputs: [['size', formatWireSize(size)], ...(al ? [['material', 'aluminum'] as [string, string]] : []), ['I_max', demand.maxCurrentA, 'A'], ['terminal rating', run.terminalTempC, '°C'], [`${necSection('ampacityTable', edition)} ${run.terminalTempC} °C${al ? ' (aluminum)' : ''}`, v.amp.terminalA, 'A']],
    formula: 'A_terminal ≥ 1.25 × I_max', value: v.amp.terminalA, unit: 'A', limit: { relation: '>=', value: 1.25 * demand.maxCurrentA },
    pass: v.continuousOk, ref: nec(edition, demand.ess ? `${demand.ess.ampacitySection}; ${necSection('terminals', edition)}` : `${necSection(demand.dc ? 'conductorAmpacityDc' : 'conductorAmpacityAc', edition)}(1); ${necSection('terminals', edition)}`),
    remedy: biggerText, notes,
  }));

  const tableName = freeAir ? necSection('ampacityFreeAirTable', edition) : necSection('ampacityTable', edition);
  const condInputs: CheckSpecInputs = [
    ['size', formatWireSize(size)], [`${tableName} 90 °C${al ? ' (aluminum)' : ''}`, v.amp.tableA, 'A'], ['ambient', amb.baseC, '°C'],
  ];
  if (run.location === 'rooftop-raceway') condInputs.push([`rooftop adder (${necSection('rooftopAdder', edition)})`, amb.adderC, '°C']);
  condInputs.push([`correction (${necSection('ambientCorrection', edition)})`, v.amp.correction]);
  if (!freeAir) condInputs.push(['current-carrying conductors', ccc], [`adjustment (${necSection('cccAdjustment', edition)})`, v.amp.adjustment]);
  checks.push(check({
    id: `${idp}.ampacity-corrected`, title: `${title}: ampacity after correction and adjustment`, inputs: condInputs,
    formula: 'A_90 × k_temp × k_ccc ≥ I_max', value: v.amp.correctedA, unit: 'A', limit: { relation: '>=', value: demand.maxCurrentA },
    pass: v.correctedOk, ref: nec(edition, demand.ess ? demand.ess.ampacitySection : `${necSection(demand.dc ? 'conductorAmpacityDc' : 'conductorAmpacityAc', edition)}(2)`),
    remedy: `${biggerText}, or lift the raceway, use XHHW-2 on the roof, or separate circuits`,
    notes: includeNeutral && !demand.dc ? [`Neutral carries only unbalanced current and is not counted (${necSection('neutralNotCounted', edition)})`] : undefined,
  }));

  if (demand.ocpdA !== null) {
    const ocpdChecks: Array<[string, number | string, string?]> = [['I_max', demand.maxCurrentA, 'A']];
    let ocpdPass = true;
    const ocpdNotes = [demand.ocpdNote];
    const invMax = input.equipment.inverter.maxOcpdA;
    if (run.carries.kind === 'inverter-output' && !run.carries.includeBattery && input.equipment.inverter.kind === 'string' && input.equipment.inverter.count === 1 && invMax !== undefined) {
      ocpdChecks.push(['inverter max OCPD', invMax, 'A']);
      ocpdPass = demand.ocpdA <= invMax;
    }
    if (run.carries.kind === 'backup-feeder') {
      // The breaker is given, not chosen: it must still carry 125 % of the continuous current.
      ocpdPass = demand.ocpdA >= 1.25 * demand.maxCurrentA - 1e-9;
    }
    if (run.carries.kind === 'branches') {
      const maxBranch = input.equipment.inverter.maxBranchOcpdA;
      ocpdChecks.push(['max branch OCPD', maxBranch, 'A']);
      ocpdPass = demand.ocpdA <= maxBranch;
      ocpdNotes.push(`Manufacturer limit per ${necSection('microBranch', edition)}`);
    }
    checks.push(check({
      id: `${idp}.ocpd`, title: `${title}: overcurrent device rating`, inputs: ocpdChecks,
      formula: run.carries.kind === 'backup-feeder' ? 'OCPD (given) ≥ 1.25 × I_max' : 'OCPD = next standard rating ≥ 1.25 × I_max', value: demand.ocpdA, unit: 'A',
      limit: { relation: '>=', value: 1.25 * demand.maxCurrentA }, pass: ocpdPass,
      ref: nec(edition, demand.ess ? `${demand.ess.ocpdSection}; ${necSection('standardRatings', edition)}` : `${necSection(demand.dc ? 'ocpdDc' : 'ocpdAc', edition)}; ${necSection('standardRatings', edition)}`),
      remedy: run.carries.kind === 'branches' ? 'Move units to another branch circuit' : run.carries.kind === 'backup-feeder' ? 'Supply the backup side from a breaker of at least 125 % of the current it carries' : 'Split the output across more inverters or circuits',
      notes: ocpdNotes,
    }));
    checks.push(check({
      id: `${idp}.protection`, title: `${title}: conductor protected by its OCPD`,
      inputs: [['size', formatWireSize(size)], ['conductor ampacity', v.amp.ampacityA, 'A'], ['OCPD', demand.ocpdA, 'A']],
      formula: demand.ess ? 'ampacity ≥ OCPD rating (ESS circuit); 240.4(D) small-conductor limits' : 'OCPD ≤ next standard rating ≥ ampacity; 240.4(D) small-conductor limits', value: demand.ocpdA, unit: 'A',
      limit: { relation: '<=', value: demand.ess ? v.amp.ampacityA : standardRatingAtOrAbove(v.amp.ampacityA) }, pass: v.protectedOk,
      ref: nec(edition, demand.ess ? `${demand.ess.ampacitySection}; ${necSection('smallConductor', edition)}` : `${necSection('nextSizeUp', edition)}; ${necSection('smallConductor', edition)}`), remedy: biggerText,
    }));
  }

  if (demand.minSizeNote) {
    checks.push(check({
      id: `${idp}.minimum-size`, title: `${title}: minimum conductor size`, inputs: [['size', formatWireSize(size)]],
      formula: demand.minSizeNote, value: formatWireSize(size), unit: '', pass: sizeIndex(size) >= sizeIndex(demand.minSize),
      ref: nec(edition, edition === '2017' && run.carries.kind === 'supply-side-tap' ? '250.102(C)(1)' : necSection('supplySideConductor', edition)), remedy: `Use ${formatWireSize(demand.minSize)} or larger`,
    }));
  }

  // EGC (690.45 for PV DC circuits): with no OCPD in the circuit, Table 250.122 is read at an assumed
  // device rated per 690.9(B): the next standard rating at or above 1.25 × I_max. That is the wording of
  // 2017, 2020 and 2023 alike (2014 assumed a device rated at I_max itself; no edition here uses that).
  // 690.45 also waives the 250.122(B) increase when PV DC conductors were upsized for voltage drop;
  // AC circuits and sizes set by a requirement keep the proportional increase.
  const assumedOcpdA = standardRatingAtOrAbove(1.25 * demand.maxCurrentA);
  const egcBasis = demand.ocpdA ?? (demand.dc ? assumedOcpdA : demand.maxCurrentA);
  const upsizedForVoltageDrop = !override && ampacitySize !== null && size !== ampacitySize;
  const egcWaivesIncrease = demand.dc && upsizedForVoltageDrop;
  const egc = selectEgcSize(egcBasis, egcWaivesIncrease ? size : (ampacitySize ?? size), size, material);
  const egcOverride = demand.dc ? req.wireSizes.dcGround : req.wireSizes.acGround;
  // A supply-side connection is ahead of the service's overcurrent device: it is bonded with a
  // supply-side bonding jumper sized by Table 250.102(C)(1) on the largest ungrounded conductor, and the
  // grounded (neutral) conductor run with it is at least that size (issue 25). No Table 250.122 EGC.
  const tap = run.carries.kind === 'supply-side-tap';
  const ssbj = supplySideBondingJumper(size, material);
  const egcSize = tap ? ssbj : egcOverride ?? egc.size;
  if (tap) {
    checks.push(check({
      id: `${idp}.bonding-jumper`, title: `${title}: supply-side bonding jumper`,
      inputs: [['largest ungrounded conductor', formatWireSize(size)], ['material', material]],
      formula: `Table 250.102(C)(1) by the largest ungrounded conductor (${al ? 'aluminum' : 'copper'} column)`,
      value: formatWireSize(ssbj), unit: '', ref: nec(edition, '250.102(C)(1)'),
      notes: ['Supply side of the service overcurrent device: a supply-side bonding jumper, not an equipment grounding conductor (Table 250.122)'],
    }));
    checks.push(check({
      id: `${idp}.neutral`, title: `${title}: grounded (neutral) conductor`,
      inputs: [['neutral (run with the tap conductors)', formatWireSize(size)], ['Table 250.102(C)(1)', formatWireSize(ssbj)]],
      formula: 'grounded conductor ≥ Table 250.102(C)(1) by the largest ungrounded conductor', value: formatWireSize(size), unit: '',
      limit: { relation: '>=', value: formatWireSize(ssbj) }, pass: sizeIndex(size) >= sizeIndex(ssbj), ref: nec(edition, '250.102(C)(1)'),
      remedy: `Use a ${formatWireSize(ssbj)} or larger neutral`,
    }));
  } else checks.push(check({
    id: `${idp}.egc`, title: `${title}: equipment grounding conductor`,
    inputs: [[demand.ocpdA === null ? (demand.dc ? 'assumed OCPD (690.9(B): 1.25 × I_max, next standard rating)' : 'assumed OCPD (I_max)') : 'OCPD', egcBasis, 'A'], ['Table 250.122', formatWireSize(egc.base)], ['circuit conductor', formatWireSize(size)]],
    formula: `${egc.increased ? 'Table 250.122, increased by the circular-mil ratio of the upsized conductors' : 'Table 250.122 by OCPD rating'}${al ? ' (aluminum column)' : ''}`,
    value: formatWireSize(egcSize), unit: '', limit: { relation: '>=', value: formatWireSize(egc.size) },
    pass: sizeIndex(egcSize) >= sizeIndex(egc.size),
    ref: nec(edition, egc.increased ? `${necSection('egc', edition)}; ${necSection('egcIncrease', edition)}` : necSection('egc', edition)),
    remedy: `Use a ${formatWireSize(egc.size)} EGC`,
    notes: egcWaivesIncrease ? ['Not increased for the voltage-drop upsizing of PV DC conductors (690.45)'] : undefined,
  }));

  const strand = installedStranding(type, size, !freeAir, run.stranding);
  const strandWhy: Record<typeof strand.reason, string> = {
    'pv-wire-listing': 'PV Wire is stranded by its listing',
    'raceway-8-awg-and-larger': `8 AWG and larger in a raceway shall be stranded (${necSection('stranding', edition)})`,
    'no-solid-size': 'Table 8 has no solid conductor of this size',
    declared: 'as declared for the run',
    'default-solid-14-10': 'not declared: solid taken for 14–10 AWG building wire (set the run\'s stranding if stranded)',
    'default-stranded-8': 'not declared: 8 AWG outside a raceway taken as stranded',
  };
  if (strand.conflict) {
    checks.push(check({
      id: `${idp}.stranding`, title: `${title}: conductor stranding`,
      inputs: [['declared', 'solid'], ['type', type], ['size', formatWireSize(size)], ['in raceway', !freeAir]],
      formula: type === 'PV-WIRE' ? 'PV Wire is stranded (listing)' : '8 AWG and larger in a raceway shall be stranded', value: 'solid', unit: '',
      limit: { relation: '=', value: 'stranded' }, pass: false,
      ref: nec(edition, necSection('stranding', edition)), remedy: 'Install stranded conductors (the voltage drop is calculated for stranded)',
    }));
  }
  const vd = voltageDropPct(run.lengthFt, demand.operatingCurrentA, size, demand.operatingVoltageV, strandingFor, material);
  checks.push(check({
    id: `${idp}.voltage-drop`, title: `${title}: voltage drop`,
    inputs: [['L (one way)', run.lengthFt, 'ft'], ['I_operating', demand.operatingCurrentA, 'A'], ['size', formatWireSize(size)], ['stranding', strand.stranding],
      [`R_75°C (Chapter 9 Table 8, ${al ? 'aluminum, ' : ''}${strand.stranding})`, table8OhmsPerKft(size, strand.stranding, material), 'Ω/kft'], ['V_operating', demand.operatingVoltageV, 'V']],
    formula: 'VD% = 2 · L · I · R_75°C / 1000 / V × 100', value: vd, unit: '%', limit: { relation: '<=', value: vdLimit },
    pass: vd <= vdLimit + 1e-9, ref: nec(edition, strand.reason === 'raceway-8-awg-and-larger' ? `${necSection('voltageDrop', edition)}; ${necSection('stranding', edition)}` : necSection('voltageDrop', edition)),
    remedy: `Use a larger conductor (${formatWireSize(sizeForVoltageDrop(run.lengthFt, demand.operatingCurrentA, demand.operatingVoltageV, vdLimit, size, strandingFor, material) ?? '600')}) or shorten the run`,
    notes: ['The limit is the requirement voltageDropLimitPct; the NEC only recommends it', `Table 8 ${strand.stranding} column: ${strandWhy[strand.reason]}`],
  }));

  let raceway = 'free air';
  if (!freeAir) {
    const conduitType = run.conduit ?? req.conduitNaming;
    const conductors = [
      { type, size, count: demand.circuits * 2 + (includeNeutral ? 1 : 0) },
      { type, size: egcSize, count: 1 },
    ];
    const fill = sizeConduit(conduitType, conductors, req.conduitMinTradeSize);
    raceway = fill.tradeSize ? `${fill.tradeSize}" ${conduitType}` : `${conduitType} (too small)`;
    checks.push(check({
      id: `${idp}.conduit-fill`, title: `${title}: conduit fill`,
      inputs: [['conduit', conduitType], ['conductors', fill.conductorCount], ['conductor area (Table 5)', fill.conductorAreaIn2, 'in²'], ['conduit area (Table 4)', fill.conduitAreaIn2 ?? 'none', 'in²'], ['min trade size (requirement)', req.conduitMinTradeSize]],
      formula: 'Σ A_conductor ≤ fill% (Table 1) × A_conduit', value: fill.fillPercent ?? 100, unit: '%',
      limit: { relation: '<=', value: fill.fillPercentAllowed }, pass: fill.tradeSize !== null,
      ref: nec(edition, necSection('conduitFill', edition)), remedy: 'Split the circuits into two conduits',
      notes: fill.tradeSize ? [`Trade size ${fill.tradeSize}`] : undefined,
    }));
  }

  if (al) {
    // 110.14: terminals for aluminium shall be identified for it (marked AL/CU). Many inverter and
    // breaker terminals are copper-only, so the engine asks rather than assumes.
    const declared = run.terminalsIdentifiedForAluminum;
    checks.push(check({
      id: `${idp}.terminals-aluminum`, title: `${title}: terminations identified for aluminium`,
      inputs: [['material', 'aluminum'], ['terminals identified for aluminum (AL/CU)', declared === undefined ? 'not stated' : declared]],
      formula: 'terminals at both ends identified for aluminium conductors', value: declared === undefined ? 'not stated' : declared ? 'yes' : 'no', unit: '',
      limit: { relation: '=', value: 'yes' }, pass: declared === true, ref: nec(edition, '110.14'),
      remedy: 'Use terminations marked AL/CU at both ends (check the inverter, disconnect and breaker listings) and set the run\'s terminalsIdentifiedForAluminum, or use copper conductors',
    }));
  }

  schedule.push({
    runId: run.id,
    circuit: demand.label,
    from: run.from,
    to: run.to,
    conductors: `${demand.circuits * 2}${includeNeutral ? ' + N' : ''} + ${tap ? 'SSBJ' : 'EGC'}`,
    conductorSize: formatWireSize(size),
    conductorType: al ? `${type} (AL)` : type,
    material,
    egcSize: tap ? `${formatWireSize(egcSize)} SSBJ` : formatWireSize(egcSize),
    raceway,
    ocpdA: demand.ocpdA,
    maxCurrentA: round(demand.maxCurrentA, 2),
    lengthFt: run.lengthFt,
    voltageDropPct: round(vd, 2),
  });
}

type CheckSpecInputs = Array<[string, number | string | boolean, string?]>;

/**
 * 690.9(A) per string. A string entry's strings are in parallel with each other (`parallel`), and
 * with every string combined with it on a combined run (the combiner parallels them all): the
 * larger of the two counts is the number paralleled at the point a fault can be fed from.
 */
function stringOcpdFor(input: DesignInput): Map<string, StringOcpd> {
  const out = new Map<string, StringOcpd>();
  if (input.equipment.inverter.kind !== 'string') return out;
  const mod = input.equipment.module;
  const opt = input.equipment.optimizer;
  const iMaxA = perStringCurrent(input).value;
  const seriesFuseA = opt ? opt.maxSeriesFuseA ?? mod.maxSeriesFuseA : mod.maxSeriesFuseA;
  for (const s of input.strings) {
    let n = s.parallel;
    for (const run of input.runs) {
      const c = run.carries;
      if (c.kind !== 'strings' || !c.combined || !c.ids.includes(s.id)) continue;
      const combined = c.ids.reduce((k, id) => k + (input.strings.find((x) => x.id === id)?.parallel ?? 0), 0);
      n = Math.max(n, combined);
    }
    out.set(s.id, evaluateStringOcpd(n, iMaxA, seriesFuseA));
  }
  return out;
}

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

export function calculateElectrical(input: DesignInput): ElectricalResult {
  const edition = input.site.codes.nec;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  const mod = input.equipment.module;
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  const req = input.requirements;
  const sections: Section[] = [];
  const labels: Label[] = [];

  validateStorage(input);
  for (const r of input.runs) {
    if (r.material === 'aluminum' && r.location === 'free-air') {
      throw new EngineRefusalError('configuration-not-supported', `Run ${r.id}: aluminium conductors in free air are read from the aluminium columns of Table 310.17, which the engine does not implement (not verified against the book). Run aluminium in a raceway, or use copper in free air.`);
    }
  }
  const arrayModules = input.arrays.reduce((n, a) => n + a.moduleCount, 0);
  const systemDcKw = (arrayModules * mod.pmaxW) / 1000;
  const units = inv.kind === 'micro' ? totalUnits(input) : inv.count;
  const systemAcKw = (units * inv.ratedOutputW) / 1000;

  // --- 690.9(A): string overcurrent protection, evaluated once per string ---
  const ocpdByString = stringOcpdFor(input);

  // --- DC: strings and maximum voltage ---
  const dcChecks: Check[] = [];
  let maxDcVoltage = 0;
  if (inv.kind === 'string') {
    const stringModules = input.strings.reduce((n, s) => n + s.modulesInSeries * s.parallel, 0);
    dcChecks.push(check({
      id: 'electrical.strings.module-count', title: 'Modules in strings match the arrays',
      inputs: [['modules in strings', stringModules], ['modules in arrays', arrayModules]],
      formula: 'Σ n_series × n_parallel = Σ array modules', value: stringModules, unit: 'modules',
      limit: { relation: '=', value: arrayModules }, pass: stringModules === arrayModules, ref: house('design consistency'),
      remedy: 'Assign every module to exactly one string',
    }));
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
    const rsdLimit = input.equipment.rapidShutdownDeviceMaxInputVoltageV;
    if (!opt && input.equipment.rapidShutdownDevice === 'mlpe' && rsdLimit !== undefined) {
      dcChecks.push(moduleInputVoltageCheck(input, edition, 'electrical.mlpe.module-voltage', 'Module Voc at T_min vs module-level rapid shutdown device maximum input voltage', 'rapid shutdown device max input voltage', rsdLimit, 'Choose a rapid shutdown device rated for the module Voc at the design low temperature'));
    }
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
    sections.push({ id: 'electrical.dc', title: `DC system voltage (${sourceCircuitName(edition)}s)`, checks: dcChecks });
  }

  // --- Micro-inverter branch circuits ---
  if (inv.kind === 'micro') {
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
    sections.push({ id: 'electrical.micro', title: 'Micro-inverter branch circuits', checks: mChecks });
  }

  // --- Dwelling load calculation (Article 220): the derate and the service check below use it ---
  const svc = input.service;
  if (svc.loadCalculation && svc.calculatedLoadA !== undefined) {
    throw new EngineRefusalError('load-calculation-not-applicable', 'Give either service.loadCalculation (worked out and printed step by step) or service.calculatedLoadA (a load worked out elsewhere), not both.');
  }
  const dwellingLoad = svc.loadCalculation ? calculateDwellingLoad(input, svc.loadCalculation, edition) : null;
  const calculatedLoadA = dwellingLoad?.totalA ?? svc.calculatedLoadA;

  // --- Interconnection ---
  const invCurrent = inverterOutputCurrent(input);
  const batCurrent = batteryCurrent(input);
  const sourceCurrent = invCurrent + batCurrent;
  // 230.79(C): one-family dwelling → 100 A minimum service disconnect; 230.79(D): 60 A otherwise.
  const oneFamily = svc.oneFamilyDwelling ?? input.site.occupancy === 'dwelling';
  // 705.12 on the busbar the sources land on (issue 26): the main panel, or with backup the transfer
  // equipment (whole-home: it is the service equipment) or the main panel back-fed through the breaker
  // that supplies the backup side (partial), whose own busbar is then checked as well.
  const plan = connectionPlan(input);
  const prim = plan.primary;
  const onMainPanel = prim.panel === 'main-panel';
  const icInput: InterconnectionInput = {
    edition,
    occupancy: input.site.occupancy,
    sourceCurrentA: sourceCurrent,
    mainBreakerA: prim.mainBreakerA,
    busbarA: prim.busbarA,
    serviceA: svc.serviceA ?? svc.mainBreakerA,
    serviceConductorAmpacityA: svc.serviceConductorAmpacityA ?? svc.serviceA ?? svc.mainBreakerA,
    serviceConductorAmpacityAssumed: svc.serviceConductorAmpacityA === undefined,
    serviceDisconnectMinimumA: oneFamily ? 100 : 60,
    serviceDisconnectMinimumRule: `${necSection('serviceDisconnectMinimum', edition)}(${oneFamily ? 'C' : 'D'})`,
    panelFeed: onMainPanel ? svc.panelFeed : 'end-fed',
    sumOfBranchBreakersA: onMainPanel ? svc.sumOfBranchBreakersA : undefined,
    feederAmpacityA: svc.feederAmpacityA,
    loadSideOcpdA: svc.loadSideOcpdA,
    calculatedLoadA,
    preferredMethod: svc.preferredMethod,
    sourceBreakerA: prim.sourceBreakerA,
    notApplicable: prim.notApplicable,
    forbids: {
      tapsNotAllowed: req.tapsNotAllowed,
      supplySideTapsNotAllowed: req.supplySideTapsNotAllowed,
      loadSideTapsNotAllowed: req.loadSideTapsNotAllowed,
      mbDerateNotAllowed: req.mbDerateNotAllowed,
    },
  };
  const decision: InterconnectionDecision = chooseInterconnection(icInput);
  const iChecks: Check[] = [];
  const srcInputs: Array<[string, number, string]> = [['I_inverters', invCurrent, 'A']];
  if (batCurrent > 0) srcInputs.push(['I_battery', batCurrent, 'A']);
  iChecks.push(check({
    id: 'electrical.interconnection.source-current', title: 'Power source output current at the interconnection', inputs: srcInputs,
    formula: 'I_sources = Σ continuous output currents', value: sourceCurrent, unit: 'A', ref: ref('inverterOutputCurrent'),
  }));
  const methodInputs = (m: string): CheckSpecInputs => {
    if (m === 'supply-side-tap') {
      return edition === '2017'
        ? [['service rating', svc.serviceA ?? svc.mainBreakerA, 'A']]
        : [[svc.serviceConductorAmpacityA === undefined ? 'service conductor ampacity (service rating assumed)' : 'service conductor ampacity', svc.serviceConductorAmpacityA ?? svc.serviceA ?? svc.mainBreakerA, 'A']];
    }
    if (m === 'main-breaker-derate') {
      return [
        [`minimum service disconnect (${necSection('serviceDisconnectMinimum', edition)}(${oneFamily ? 'C' : 'D'}))`, oneFamily ? 100 : 60, 'A'],
        dwellingLoad ? [`calculated load (${dwellingLoad.result.method})`, dwellingLoad.totalA, 'A'] : svc.calculatedLoadA !== undefined ? ['calculated load (given)', svc.calculatedLoadA, 'A'] : ['calculated load (Article 220)', 'not given'],
      ];
    }
    return [];
  };
  for (const ev of decision.evaluations) {
    const chosen = decision.chosen === ev;
    iChecks.push(check({
      id: `electrical.interconnection.${ev.method}`, title: `Interconnection option: ${ev.method} (${ev.rule})`,
      inputs: [...(onMainPanel ? [] : [['busbar of', prim.panel] as [string, string]]), ['I_sources', sourceCurrent, 'A'], ['main breaker', prim.mainBreakerA, 'A'], ['busbar', prim.busbarA, 'A'], [prim.sourceBreakerA !== undefined ? 'back-fed breaker (supply of the backup side)' : 'PV breaker', decision.pvBreakerA, 'A'], ...methodInputs(ev.method), ['allowed by requirements', ev.allowed]],
      formula: ev.formula, value: ev.value, unit: 'A', limit: { relation: ev.relation, value: ev.limit },
      pass: chosen ? true : null, ref: nec(edition, ev.section),
      notes: [chosen ? `Selected: ${ev.reason}` : `${ev.allowed ? (ev.fits ? 'Fits, not needed' : 'Does not fit') : 'Not allowed'}: ${ev.reason}`],
    }));
  }
  const chosen = decision.chosen;
  // An ordered method is drawn as ordered or not at all (issue 25): never silently replaced by another.
  // A derate ordered where the PV breaker fits without one is that breaker with the main kept (the
  // order's breaker in the panel, less work), said in a note; any other replacement is refused.
  const derateNotNeeded = svc.preferredMethod === 'main-breaker-derate' && chosen?.method === 'load-side-breaker';
  const orderRejected = svc.preferredMethodIsOrder && svc.preferredMethod !== undefined && chosen?.method !== svc.preferredMethod && !derateNotNeeded;
  const orderedEval = decision.evaluations.find((ev) => ev.method === svc.preferredMethod);
  const interconnectNotes: string[] = [];
  if (svc.preferredMethodIsOrder && derateNotNeeded) interconnectNotes.push('A main breaker derate was ordered, but the PV breaker fits without one: the main breaker is kept');
  if (decision.preferredRejected) interconnectNotes.push(`Preferred method rejected (${decision.preferredRejected}); proposing the next allowed method`);
  iChecks.push(check({
    id: 'electrical.interconnection.method', title: 'Interconnection method',
    inputs: [['preferred', svc.preferredMethod ?? 'none']], formula: 'first allowed method that fits, in order: load-side breaker, load-side tap, main breaker derate, supply-side tap',
    value: chosen ? `${chosen.method} (${chosen.rule})` : 'none fits', unit: '', pass: chosen !== null && !orderRejected,
    ref: nec(edition, chosen ? chosen.section : `${necSection('busbar120', edition)}; ${necSection('supplySide', edition)}`),
    remedy: orderRejected
      ? `The ordered ${svc.preferredMethod} ${orderedEval?.allowed === false ? 'is not allowed' : 'does not fit'}${orderedEval ? ` (${orderedEval.reason})` : ''}: order ${chosen ? `another interconnection (${chosen.method} fits)` : 'another interconnection'}${decision.upgradeBusbarA ? ` or a main panel upgrade to a ${decision.upgradeBusbarA} A busbar` : ''}`
      : decision.upgradeBusbarA ? `No allowed method fits: upgrade the main panel to a ${decision.upgradeBusbarA} A busbar, or reduce the system size` : 'No allowed method fits: reduce the system size or upgrade the service',
    notes: interconnectNotes,
  }));

  // The runs must match the method: a supply-side connection has tap conductors sized and bonded as
  // such (705.11(B) minimum, 250.102(C)(1) jumper), and tap conductors mean a supply-side connection.
  // A mismatch (the method chosen here, the runs given by the caller) fails rather than print a tap
  // sized as an inverter output circuit, or a breaker fed by tap conductors (issue 25).
  const tapRuns = input.runs.filter((r) => r.carries.kind === 'supply-side-tap').map((r) => r.id);
  if (input.runs.length > 0 && (chosen?.method === 'supply-side-tap') !== (tapRuns.length > 0)) {
    iChecks.push(check({
      id: 'electrical.interconnection.tap-conductors', title: 'Supply-side tap conductors match the interconnection',
      inputs: [['method', chosen?.method ?? 'none'], ['runs carrying supply-side tap conductors', tapRuns.join(', ') || 'none']],
      formula: 'supply-side connection ⇔ a run carries the supply-side tap conductors', value: tapRuns.length ? 'tap conductors without a supply-side connection' : 'supply-side connection without tap conductors', unit: '',
      pass: false, ref: nec(edition, necSection('supplySideConductor', edition)),
      remedy: tapRuns.length ? `Run ${tapRuns.join(', ')} carries supply-side tap conductors but the interconnection is ${chosen?.method ?? 'none'}: set service.preferredMethod to supply-side-tap or change the run` : 'The interconnection is a supply-side tap: the run to the service must carry the tap conductors (carries.kind supply-side-tap) so they are sized, bonded and checked as such',
    }));
  }

  const fused = req.fusedAcDisconnectRequired || chosen?.method === 'supply-side-tap';
  // A disconnect the design runs its circuits through is rated like a required one (issue 25: Ramirez and
  // Chen drew an AC disconnect their report gave no rating, printed "A NON-FUSED").
  const acdInDesign = input.runs.some((r) => /\bdisconnect\b/i.test(r.from) || /\bdisconnect\b/i.test(r.to));
  const acdRequired = chosen?.method === 'supply-side-tap' || req.acDisconnect === 'always' || (req.acDisconnect === 'over-10kw' && systemAcKw > 10) || acdInDesign;
  const ocpdForDisconnect = decision.pvBreakerA;
  const disconnectA = acdRequired ? AC_DISCONNECT_RATINGS.find((r) => r >= ocpdForDisconnect) ?? null : null;
  if (acdRequired) {
    iChecks.push(check({
      id: 'electrical.ac-disconnect', title: `AC disconnect (${fused ? 'fused' : 'non-fused'})`,
      inputs: [['OCPD/fuse', ocpdForDisconnect, 'A'], ['rule', req.acDisconnect], ['fused required', req.fusedAcDisconnectRequired], ['system AC', systemAcKw, 'kW'], ['in the design', acdInDesign]],
      formula: 'smallest of 30/60/100/200 A ≥ OCPD', value: disconnectA ?? 'none', unit: 'A', pass: disconnectA !== null,
      ref: chosen?.method === 'supply-side-tap' ? nec(edition, necSection('supplySide', edition)) : house('AC disconnect required by the AHJ or utility'),
      remedy: 'Use a disconnect rated above 200 A (engineered)',
    }));
  }
  const productionMeter = req.productionMeter === 'always' || (req.productionMeter === 'over-10kw' && systemAcKw > 10) || (req.productionMeter === 'over-20kw' && systemAcKw > 20);
  sections.push({ id: 'electrical.interconnection', title: 'Point of interconnection', checks: iChecks });
  if (dwellingLoad) {
    const derated = chosen?.method === 'main-breaker-derate';
    const ratingA = Math.min(chosen?.newMainBreakerA ?? prim.mainBreakerA, svc.serviceA ?? Number.POSITIVE_INFINITY);
    sections.push({ id: 'electrical.load-calculation', title: `Dwelling load calculation (NEC ${dwellingLoad.result.method})`, checks: [...dwellingLoad.checks, serviceLoadCheck(dwellingLoad, ratingA, derated, edition)] });
  }
  const secondary = plan.secondary ? secondaryBusbarCheck(icInput, plan.secondary, edition) : null;
  const storage = storageSection(input, edition, calculatedLoadA, secondary ? [secondary.busbar] : [], secondary ? [secondary.check] : []);
  if (storage) sections.push({ id: 'electrical.storage', title: `Energy storage (${storage.result.coupling === 'ac' ? 'AC' : 'DC'}-coupled)${storage.result.backup ? `, ${storage.result.backup.kind} backup` : ''}`, checks: storage.checks });

  // --- Rapid shutdown ---
  let rsd: string;
  let rsdPass: boolean;
  if (inv.kind === 'micro') { rsd = 'Module-level: micro-inverters'; rsdPass = true; }
  else if (opt) { rsd = 'Module-level: DC optimizers with the listed inverter'; rsdPass = true; }
  else if (input.equipment.rapidShutdownDevice === 'mlpe') { rsd = 'Module-level rapid shutdown devices'; rsdPass = true; }
  else if (input.equipment.rapidShutdownDevice === 'array-boundary') { rsd = 'Array boundary only: conductors inside the array stay energised'; rsdPass = false; }
  else { rsd = 'None'; rsdPass = false; }
  sections.push({
    id: 'electrical.rapid-shutdown', title: 'Rapid shutdown',
    checks: [check({
      id: 'electrical.rapid-shutdown', title: 'Rapid shutdown classification',
      inputs: [['inverter', inv.kind], ['optimizer', opt ? opt.model : 'none'], ['device', input.equipment.rapidShutdownDevice ?? 'none']],
      formula: 'outside the array boundary ≤ 30 V and inside ≤ 80 V within 30 s, or a listed PV hazard control system', value: rsd, unit: '', pass: rsdPass,
      ref: ref('rapidShutdown'), remedy: 'Add module-level rapid shutdown devices (or optimizers) listed with the inverter',
    })],
  });

  // --- Conductors, conduit, voltage drop ---
  const cChecks: Check[] = [];
  const schedule: ConductorScheduleRow[] = [];
  for (const run of input.runs) analyzeRun(input, run, edition, sourceCurrent, ocpdByString, cChecks, schedule);
  if (input.runs.length > 0) sections.push({ id: 'electrical.conductors', title: 'Conductors, grounding, conduit and voltage drop', checks: cChecks });

  // --- Labels: presence, id, section and text keyed by edition (NEC_LABELS) ---
  const label = (purpose: keyof typeof NEC_LABELS, lines: string[], outsideArrayOnly = false): void => {
    const spec = NEC_LABELS[purpose][edition];
    if (spec) labels.push({ id: spec.id, purpose, ref: nec(edition, outsideArrayOnly && spec.sectionOutsideArrayOnly ? spec.sectionOutsideArrayOnly : spec.section), location: spec.location, lines });
  };
  if (inv.kind === 'string') {
    const maxCurrent = Math.max(...input.strings.map((s) => (opt ? opt.maxOutputCurrentA : 1.25 * mod.iscA) * (s.parallel > 1 ? s.parallel : 1)));
    // 2017 690.53: maximum voltage, maximum circuit current and the converter's rated output current;
    // 2020 690.53 and 2023 690.7(D): the highest maximum DC voltage only.
    label('dc-max-voltage', edition === '2017'
      ? ['PHOTOVOLTAIC DC POWER SOURCE', `MAXIMUM VOLTAGE: ${round(maxDcVoltage, 1)} V`, `MAXIMUM CIRCUIT CURRENT: ${round(maxCurrent, 2)} A`, ...(opt ? [`MAXIMUM RATED OUTPUT CURRENT OF DC-TO-DC CONVERTER: ${opt.maxOutputCurrentA} A`] : [])]
      : ['MAXIMUM DC VOLTAGE OF PV SYSTEM', `${round(maxDcVoltage, 1)} V`]);
  }
  // 690.54 (2017, 2020); deleted in 2023.
  // At the point of interconnection: every interactive source that lands there, the inverters and an
  // AC-coupled battery, as PV-4's circuit to the service carries them (issue 25: the label printed the
  // inverters' current alone, 24 A short of the single-line diagram with a Powerwall).
  label('ac-output-rating', ['PHOTOVOLTAIC SYSTEM AC OUTPUT', `RATED AC OUTPUT CURRENT: ${round(sourceCurrent, 2)} A`, `NOMINAL OPERATING AC VOLTAGE: ${inv.nominalAcVoltageV} V`]);
  // 690.56(C) (2017, 2020) → 690.12(D) (2023): same wording, inside-and-outside or outside-only variant.
  label('rapid-shutdown-placard', rsdPass
    ? ['SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN PV SYSTEM AND REDUCE SHOCK HAZARD IN THE ARRAY']
    : ['SOLAR PV SYSTEM IS EQUIPPED WITH RAPID SHUTDOWN', 'TURN RAPID SHUTDOWN SWITCH TO THE "OFF" POSITION TO SHUT DOWN CONDUCTORS OUTSIDE THE ARRAY', 'CONDUCTORS IN ARRAY REMAIN ENERGIZED IN SUNLIGHT'], !rsdPass);
  label('rapid-shutdown-switch', ['RAPID SHUTDOWN SWITCH FOR SOLAR PV SYSTEM']);
  // 705.12 busbar labels: same wording in the three editions, section from the chosen rule.
  const backfed = (section: string) => labels.push({ id: 'label.705-12-120', purpose: 'backfed-breaker', ref: nec(edition, section), location: 'Adjacent to the back-fed breaker', lines: ['WARNING', 'POWER SOURCE OUTPUT CONNECTION', 'DO NOT RELOCATE THIS OVERCURRENT DEVICE'] });
  if (chosen?.method === 'load-side-breaker' && chosen.rule.includes('120')) backfed(chosen.section);
  if (chosen?.method === 'main-breaker-derate') {
    // The derate relies on the 120 % allowance (or the centre-fed rule): the breaker position is part of it.
    backfed(necSection(svc.panelFeed === 'center-fed' ? 'busbarCenterFed' : 'busbar120', edition));
  }
  const sumLabel = (section: string, location: string) => labels.push({ id: 'label.705-12-sum', purpose: 'busbar-sum-of-breakers', ref: nec(edition, section), location, lines: ['WARNING', 'THIS EQUIPMENT FED BY MULTIPLE SOURCES. TOTAL RATING OF ALL OVERCURRENT DEVICES, EXCLUDING MAIN SUPPLY OVERCURRENT DEVICE, SHALL NOT EXCEED AMPACITY OF BUSBAR.'] });
  if (chosen?.method === 'load-side-breaker' && chosen.rule.startsWith('sum')) sumLabel(chosen.section, 'Panelboard');
  // The backup side's busbar (partial backup) carries its own 705.12 marking when a rule needs one.
  for (const bb of storage?.result.busbars ?? []) {
    if (!bb.pass) continue;
    const where = bb.panel === 'backup-panel' ? 'Backup loads panel' : 'Transfer equipment';
    if (bb.rule.includes('120')) labels.push({ id: `label.705-12-120.${bb.panel}`, purpose: 'backfed-breaker', ref: nec(edition, bb.section), location: `${where}, adjacent to the back-fed breaker`, lines: ['WARNING', 'POWER SOURCE OUTPUT CONNECTION', 'DO NOT RELOCATE THIS OVERCURRENT DEVICE'] });
    if (bb.rule.startsWith('sum')) sumLabel(bb.section, where);
  }
  // 690.13(B): every PV system disconnecting means. The AC disconnect of an interactive system has the
  // utility on its line side and the inverter on its load side, so both may be energized when open.
  label('pv-system-disconnect', ['PV SYSTEM DISCONNECT', 'WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION']);
  // 706.7(D) (2017) / 706.15(C) (2020, 2023): the ESS disconnect. Items (2)–(4) (available fault current,
  // arc-flash label or clearing time, date of the calculation) do not apply to one- and two-family dwellings;
  // elsewhere the engine has no fault-current study, so the label says they are marked in the field.
  const ess = input.equipment.battery;
  if (ess && storage) {
    const v = storage.result.nominalVoltageV;
    const essLines = [
      ...(edition === '2017' ? ['ENERGY STORAGE SYSTEM'] : ['ENERGY STORAGE SYSTEM DISCONNECT']),
      `NOMINAL ESS VOLTAGE: ${v ?? 0} V${ess.coupling === 'dc' ? ' DC' : ' AC'}`,
      ...(input.site.occupancy === 'dwelling' ? [] : [`AVAILABLE FAULT CURRENT, ${edition === '2017' ? 'CLEARING TIME' : 'ARC-FLASH LABEL'} AND DATE OF CALCULATION: MARKED IN THE FIELD (${necSection('essDisconnectMarking', edition)}(2)–(4))`]),
      ...(edition === '2017' ? [] : ['WARNING: ELECTRIC SHOCK HAZARD', 'TERMINALS ON THE LINE AND LOAD SIDES MAY BE ENERGIZED IN THE OPEN POSITION']),
    ];
    label('ess-disconnect', essLines);
    // 480.7(B) (2020): a DC-coupled battery brings its DC circuit out of the unit (a stationary battery system over
    // 60 V DC, 480.7(A)); at a one- or two-family dwelling its disconnect, or the remote control of it, is outside
    // and labeled "EMERGENCY DISCONNECT". An AC-coupled unit's batteries stay inside its listed enclosure: not applied.
    if (input.site.occupancy === 'dwelling' && ess.coupling === 'dc' && (v ?? 0) > 60) {
      label('battery-emergency-disconnect', ['EMERGENCY DISCONNECT', 'STATIONARY BATTERY SYSTEM']);
    }
  }
  // 705.10: the power-source directory at the service equipment. From 2020 it carries "CAUTION: MULTIPLE
  // SOURCES OF POWER" and denotes where each source's disconnecting means is; the locations are printed
  // where the job gives them (service.disconnectLocations), otherwise the plan set's map shows them.
  const loc = svc.disconnectLocations;
  const at = (name: string, where: string | undefined) => (where ? `${name}: DISCONNECT AT ${where.toUpperCase()}` : name);
  label('power-source-directory', [
    ...(edition === '2017' ? ['POWER SOURCES ON THESE PREMISES'] : ['CAUTION: MULTIPLE SOURCES OF POWER']),
    at('UTILITY SERVICE', loc?.service),
    at(`PHOTOVOLTAIC SYSTEM (${round(systemAcKw, 2)} KW AC)`, loc?.pvSystem),
    ...(ess ? [at(`ENERGY STORAGE SYSTEM${ess.energyKwh ? ` (${round(ess.count * ess.energyKwh, 1)} KWH)` : ''}`, loc?.energyStorage)] : []),
  ]);

  return {
    sections,
    conductorSchedule: schedule,
    interconnection: {
      method: chosen?.method ?? null,
      rule: chosen?.rule ?? null,
      ref: chosen ? nec(edition, chosen.section) : null,
      pvBreakerA: chosen && chosen.method !== 'supply-side-tap' ? decision.pvBreakerA : null,
      panel: prim.panel,
      mainBreakerA: chosen?.newMainBreakerA ?? prim.mainBreakerA,
      busbarA: prim.busbarA,
      fusedDisconnect: fused,
      disconnectA,
      fuseA: fused ? decision.pvBreakerA : null,
      considered: decision.evaluations.map((e) => ({ method: e.method, allowed: e.allowed, fits: e.fits, reason: e.reason })),
    },
    labels,
    loadCalculation: dwellingLoad?.result ?? null,
    storage: storage?.result ?? null,
    equipment: { acDisconnect: { required: acdRequired, fused, ratingA: disconnectA }, productionMeter, rapidShutdown: rsd },
    systemDcKw: round(systemDcKw, 3),
    systemAcKw: round(systemAcKw, 3),
  };
}
