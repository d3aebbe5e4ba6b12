// What each run carries, as the conductor checks need it: the maximum and operating current, the
// voltage, the overcurrent device and the code sections, one function per kind of circuit (split out of
// electrical.calc.ts, issue 28). Also 690.9(A) string protection, which the string circuits depend on.
import type { DesignInput, RunInput } from '../design-input.schema.ts';
import { acBatteryCurrentA, dcBatteryCurrentA } from './storage.calc.ts';
import { necSection, sourceCircuitName, type NecEdition } from '../tables/nec-sections.table.ts';
import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { SMALLEST_SELECTABLE_SIZE, type WireSize } from '../tables/wire-sizes.table.ts';
import { evaluateStringOcpd, type StringOcpd } from './string-ocpd.calc.ts';

export type CheckSpecInputs = Array<[string, number | string | boolean, string?]>;

export interface CircuitDemand {
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

export function totalUnits(input: DesignInput): number {
  return input.branchCircuits.reduce((n, b) => n + b.units, 0);
}

export function inverterOutputCurrent(input: DesignInput): number {
  const inv = input.equipment.inverter;
  const units = inv.kind === 'micro' ? totalUnits(input) : inv.count;
  return units * inv.continuousOutputCurrentA;
}

export function batteryCurrent(input: DesignInput): number {
  // Only an AC-coupled battery is a source at the busbar; a DC-coupled one is behind the inverter.
  return acBatteryCurrentA(input);
}

export function perStringCurrent(input: DesignInput): { value: number; formula: string; inputs: Array<[string, number, string]>; converter: boolean } {
  const opt = input.equipment.optimizer;
  if (opt) return { value: opt.maxOutputCurrentA, formula: 'I = I_converter,max', inputs: [['I_converter,max', opt.maxOutputCurrentA, 'A']], converter: true };
  const isc = input.equipment.module.iscA;
  return { value: 1.25 * isc, formula: 'I = 1.25 × I_sc', inputs: [['I_sc', isc, 'A']], converter: false };
}

type Carries<K extends RunInput['carries']['kind']> = Extract<RunInput['carries'], { kind: K }>;

export function demandForRun(input: DesignInput, run: RunInput, edition: NecEdition, interconnectCurrentA: number, ocpdByString: ReadonlyMap<string, StringOcpd>): CircuitDemand {
  const c = run.carries;
  switch (c.kind) {
    case 'strings': return stringsDemand(input, run, edition, ocpdByString, c);
    case 'branches': return branchesDemand(input, run, edition, c);
    case 'inverter-output': return inverterOutputDemand(input, edition, c);
    case 'battery': return batteryAcDemand(input, edition);
    case 'battery-dc': return batteryDcDemand(input, edition);
    case 'backup-feeder': return backupFeederDemand(input, edition, interconnectCurrentA);
    case 'supply-side-tap': return supplySideTapDemand(input, run, edition, interconnectCurrentA);
  }
}

function stringsDemand(input: DesignInput, run: RunInput, edition: NecEdition, ocpdByString: ReadonlyMap<string, StringOcpd>, c: Carries<'strings'>): CircuitDemand {
  const mod = input.equipment.module;
  const opt = input.equipment.optimizer;
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

function branchesDemand(input: DesignInput, run: RunInput, edition: NecEdition, c: Carries<'branches'>): CircuitDemand {
  const inv = input.equipment.inverter;
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

function inverterOutputDemand(input: DesignInput, edition: NecEdition, c: Carries<'inverter-output'>): CircuitDemand {
  const inv = input.equipment.inverter;
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

function batteryAcDemand(input: DesignInput, edition: NecEdition): CircuitDemand {
  const inv = input.equipment.inverter;
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

function batteryDcDemand(input: DesignInput, edition: NecEdition): CircuitDemand {
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

function backupFeederDemand(input: DesignInput, edition: NecEdition, interconnectCurrentA: number): CircuitDemand {
  const inv = input.equipment.inverter;
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

function supplySideTapDemand(input: DesignInput, run: RunInput, edition: NecEdition, interconnectCurrentA: number): CircuitDemand {
  const inv = input.equipment.inverter;
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

/**
 * 690.9(A) per string. A string entry's strings are in parallel with each other (`parallel`), and
 * with every string combined with it on a combined run (the combiner parallels them all): the
 * larger of the two counts is the number paralleled at the point a fault can be fed from.
 */
export function stringOcpdFor(input: DesignInput): Map<string, StringOcpd> {
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
