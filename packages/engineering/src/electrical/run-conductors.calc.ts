// The checks of one conductor run (issue 28: split out of electrical.calc.ts, step by step as the run is
// worked): the conductor type in free air, size and ampacity, overcurrent protection, grounding or
// bonding, stranding and voltage drop, conduit fill, aluminium terminations, then its schedule row.
import { supplySideBondingJumper } from '../tables/nec-250-102.table.ts';
import type { DesignInput, RunInput } from '../design-input.schema.ts';
import type { Check, ConductorScheduleRow } from '../report.schema.ts';
import { check, nec, round } from '../report.builder.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import { standardRatingAtOrAbove } from '../tables/nec-240-6.table.ts';
import { rooftopAdderC } from '../tables/nec-310-15.table.ts';
import { formatWireSize, sizeIndex, type WireSize } from '../tables/wire-sizes.table.ts';
import { installedStranding, table8OhmsPerKft, type ConductorType } from '../tables/nec-chapter-9.table.ts';
import { judgeConductor, selectConductorSize, selectEgcSize, type AmpacityConditions } from './conductor.calc.ts';
import { sizeForVoltageDrop, voltageDropPct } from './voltage-drop.calc.ts';
import type { StringOcpd } from './string-ocpd.calc.ts';
import { sizeConduit } from './conduit.calc.ts';
import { demandForRun, type CheckSpecInputs, type CircuitDemand } from './circuit-demand.calc.ts';

function conductorTypeFor(run: RunInput): ConductorType {
  return run.conductor ?? (run.location === 'free-air' ? 'PV-WIRE' : 'THWN-2');
}

function ambientFor(input: DesignInput, run: RunInput, type: ConductorType): { ambientC: number; baseC: number; adderC: number } {
  const baseC = run.ambientTempC ?? input.site.highAmbientTempC;
  const adderC = run.location === 'rooftop-raceway' ? rooftopAdderC(run.heightAboveRoofIn, type) : 0;
  return { ambientC: baseC + adderC, baseC, adderC };
}

/** What every check of one run is built from. */
interface RunContext {
  input: DesignInput;
  run: RunInput;
  edition: NecEdition;
  demand: CircuitDemand;
  type: ConductorType;
  freeAir: boolean;
  material: RunInput['material'];
  al: boolean;
  strandingFor: (sz: WireSize) => ReturnType<typeof installedStranding>['stranding'];
  idp: string;
  title: string;
  checks: Check[];
}

/** The conductor chosen for the run, and what the later checks read from its sizing. */
interface SizedRun {
  includeNeutral: boolean;
  ampacitySize: ReturnType<typeof selectConductorSize>;
  override: WireSize | undefined;
  size: WireSize;
  v: ReturnType<typeof judgeConductor>;
  biggerText: string;
}

export function analyzeRun(input: DesignInput, run: RunInput, edition: NecEdition, interconnectCurrentA: number, ocpdByString: ReadonlyMap<string, StringOcpd>, checks: Check[], schedule: ConductorScheduleRow[]): void {
  const demand = demandForRun(input, run, edition, interconnectCurrentA, ocpdByString);
  const type = conductorTypeFor(run);
  const freeAir = run.location === 'free-air';
  const material = run.material;
  const al = material === 'aluminum';
  // The Table 8 column depends on the conductor installed, and that on its size (310.3(C)).
  const strandingFor = (sz: WireSize) => installedStranding(type, sz, !freeAir, run.stranding).stranding;
  const idp = `electrical.run.${run.id}`;
  const title = `${run.id} ${demand.label} (${run.from} → ${run.to})`;
  const ctx: RunContext = { input, run, edition, demand, type, freeAir, material, al, strandingFor, idp, title, checks };

  exposedTypeCheck(ctx);
  const sized = sizeConductor(ctx);
  protectionChecks(ctx, sized);
  const { egcSize, tap } = groundingChecks(ctx, sized);
  const vd = voltageDropChecks(ctx, sized.size);
  const raceway = conduitFillCheck(ctx, sized, egcSize);
  aluminumTerminalsCheck(ctx);

  const { size, includeNeutral } = sized;
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

function exposedTypeCheck(ctx: RunContext): void {
  const { edition, type, freeAir, idp, title, checks } = ctx;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));

  if (freeAir) {
    const ok = type === 'PV-WIRE' || type === 'USE-2';
    checks.push(check({
      id: `${idp}.exposed-type`, title: `${title}: conductor type in free air`, inputs: [['type', type]],
      formula: 'exposed single conductors shall be PV wire or USE-2', value: type, unit: '', pass: ok, ref: ref('exposedWiring'),
      remedy: 'Use PV Wire or USE-2 for exposed conductors, or install them in a raceway',
    }));
  }
}

function sizeConductor(ctx: RunContext): SizedRun {
  const { input, run, demand, edition, type, freeAir, material, al, strandingFor, idp, title, checks } = ctx;
  const req = input.requirements;
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
  return { includeNeutral, ampacitySize, override, size, v, biggerText };
}

function protectionChecks(ctx: RunContext, sized: SizedRun): void {
  const { input, run, demand, edition, idp, title, checks } = ctx;
  const { size, v, biggerText } = sized;
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
}

function groundingChecks(ctx: RunContext, sized: SizedRun): { egcSize: WireSize; tap: boolean } {
  const { input, run, demand, edition, material, al, idp, title, checks } = ctx;
  const { ampacitySize, override, size } = sized;
  const req = input.requirements;
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
  return { egcSize, tap };
}

function voltageDropChecks(ctx: RunContext, size: WireSize): number {
  const { input, run, demand, edition, type, freeAir, material, al, strandingFor, idp, title, checks } = ctx;
  const vdLimit = input.requirements.voltageDropLimitPct;
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
  return vd;
}

function conduitFillCheck(ctx: RunContext, sized: SizedRun, egcSize: WireSize): string {
  const { input, run, demand, edition, type, freeAir, idp, title, checks } = ctx;
  const { size, includeNeutral } = sized;
  const req = input.requirements;
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
  return raceway;
}

function aluminumTerminalsCheck(ctx: RunContext): void {
  const { run, edition, al, idp, title, checks } = ctx;
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
}
