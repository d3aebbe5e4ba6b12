// The electrical calculation of a design: the order of its sections and what they hand each other.
// Each family of checks lives in its own file (issue 28): circuit-demand (what each run carries),
// dc-circuits (strings, 690.9(A) protection, system voltage; micro-inverter branches),
// interconnection-checks (705.11/705.12, the AC disconnect), load-calculation and storage,
// run-conductors (ampacity, protection, grounding, voltage drop, conduit per run) and labels.
import type { DesignInput } from '../design-input.schema.ts';
import type { Check, ConductorScheduleRow, Label, LoadCalculationResult, Section, Report, StorageResult } from '../report.schema.ts';
import { EngineRefusalError } from '../engine-refusal.ts';
import { calculateDwellingLoad, serviceLoadCheck } from './load-calculation.calc.ts';
import { secondaryBusbarCheck, storageSection, validateStorage } from './storage.calc.ts';
import { check, nec, round } from '../report.builder.ts';
import { necSection, type NecEdition } from '../tables/nec-sections.table.ts';
import { stringOcpdFor, totalUnits } from './circuit-demand.calc.ts';
import { microBranchSection, stringDcSection } from './dc-circuits.calc.ts';
import { interconnectionChecks } from './interconnection-checks.calc.ts';
import { analyzeRun } from './run-conductors.calc.ts';
import { electricalLabels } from './labels.calc.ts';

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

// ~85 lines, on purpose: one step per section in the order the report prints them, then the result
// record (a third of the length); each step is a call into its family's file.
export function calculateElectrical(input: DesignInput): ElectricalResult {
  const edition = input.site.codes.nec;
  const mod = input.equipment.module;
  const inv = input.equipment.inverter;
  const sections: Section[] = [];

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
  const dc = stringDcSection(input, edition, ocpdByString, arrayModules);
  if (dc) sections.push(dc.section);
  const maxDcVoltage = dc?.maxDcVoltage ?? 0;

  // --- Micro-inverter branch circuits ---
  const micro = microBranchSection(input, edition, arrayModules, units);
  if (micro) sections.push(micro);

  // --- Dwelling load calculation (Article 220): the derate and the service check below use it ---
  const svc = input.service;
  if (svc.loadCalculation && svc.calculatedLoadA !== undefined) {
    throw new EngineRefusalError('load-calculation-not-applicable', 'Give either service.loadCalculation (worked out and printed step by step) or service.calculatedLoadA (a load worked out elsewhere), not both.');
  }
  const dwellingLoad = svc.loadCalculation ? calculateDwellingLoad(input, svc.loadCalculation, edition) : null;
  const calculatedLoadA = dwellingLoad?.totalA ?? svc.calculatedLoadA;

  // --- Interconnection ---
  const { checks: iChecks, sourceCurrent, plan, icInput, decision, fused, acdRequired, disconnectA, productionMeter } = interconnectionChecks(input, edition, systemAcKw, dwellingLoad, calculatedLoadA);
  const chosen = decision.chosen;
  const prim = plan.primary;
  sections.push({ id: 'electrical.interconnection', title: 'Point of interconnection', checks: iChecks });
  if (dwellingLoad) {
    const derated = chosen?.method === 'main-breaker-derate';
    const ratingA = Math.min(chosen?.newMainBreakerA ?? prim.mainBreakerA, svc.serviceA ?? Number.POSITIVE_INFINITY);
    sections.push({ id: 'electrical.load-calculation', title: `Dwelling load calculation (NEC ${dwellingLoad.result.method})`, checks: [...dwellingLoad.checks, serviceLoadCheck(dwellingLoad, ratingA, derated, edition)] });
  }
  const secondary = plan.secondary ? secondaryBusbarCheck(icInput, plan.secondary, edition) : null;
  const storage = storageSection(input, edition, calculatedLoadA, secondary ? [secondary.busbar] : [], secondary ? [secondary.check] : []);
  if (storage) sections.push({ id: 'electrical.storage', title: `Energy storage (${storage.result.coupling === 'ac' ? 'AC' : 'DC'}-coupled)${storage.result.backup ? `, ${storage.result.backup.kind} backup` : ''}`, checks: storage.checks });

  const { rsd, rsdPass, section: rsdSection } = rapidShutdown(input, edition);
  sections.push(rsdSection);

  // --- Conductors, conduit, voltage drop ---
  const cChecks: Check[] = [];
  const schedule: ConductorScheduleRow[] = [];
  for (const run of input.runs) analyzeRun(input, run, edition, sourceCurrent, ocpdByString, cChecks, schedule);
  if (input.runs.length > 0) sections.push({ id: 'electrical.conductors', title: 'Conductors, grounding, conduit and voltage drop', checks: cChecks });

  // --- Labels: presence, id, section and text keyed by edition (NEC_LABELS) ---
  const labels = electricalLabels(input, edition, { maxDcVoltage, sourceCurrent, rsdPass, chosen, storage, systemAcKw });

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

/** The rapid shutdown classification (690.12) of the system, and its section. */
function rapidShutdown(input: DesignInput, edition: NecEdition): { rsd: string; rsdPass: boolean; section: Section } {
  const inv = input.equipment.inverter;
  const opt = input.equipment.optimizer;
  const ref = (rule: Parameters<typeof necSection>[0]) => nec(edition, necSection(rule, edition));
  let rsd: string;
  let rsdPass: boolean;
  if (inv.kind === 'micro') { rsd = 'Module-level: micro-inverters'; rsdPass = true; }
  else if (opt) { rsd = 'Module-level: DC optimizers with the listed inverter'; rsdPass = true; }
  else if (input.equipment.rapidShutdownDevice === 'mlpe') { rsd = 'Module-level rapid shutdown devices'; rsdPass = true; }
  else if (input.equipment.rapidShutdownDevice === 'array-boundary') { rsd = 'Array boundary only: conductors inside the array stay energised'; rsdPass = false; }
  else { rsd = 'None'; rsdPass = false; }
  return {
    rsd, rsdPass,
    section: {
  id: 'electrical.rapid-shutdown', title: 'Rapid shutdown',
  checks: [check({
    id: 'electrical.rapid-shutdown', title: 'Rapid shutdown classification',
    inputs: [['inverter', inv.kind], ['optimizer', opt ? opt.model : 'none'], ['device', input.equipment.rapidShutdownDevice ?? 'none']],
    formula: 'outside the array boundary ≤ 30 V and inside ≤ 80 V within 30 s, or a listed PV hazard control system', value: rsd, unit: '', pass: rsdPass,
    ref: ref('rapidShutdown'), remedy: 'Add module-level rapid shutdown devices (or optimizers) listed with the inverter',
  })],
    },
  };
}
