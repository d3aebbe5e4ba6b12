import { ZDesignInput, type DesignInput, type DesignInputRaw } from './design-input.schema.ts';
import type { Report } from './report.schema.ts';
import { calculateElectrical } from './electrical/electrical.calc.ts';
import { calculateStructural } from './structural/structural.calc.ts';
import { EngineRefusalError } from './engine-refusal.ts';
import { NEC_240_6_A } from './tables/nec-240-6.table.ts';

/** Jobs the engine will not calculate at all: refused before any number is produced. */
function refuseUnsupported(input: DesignInput): void {
  const codes = input.site.codes;
  if (codes.electricalCode === 'CEC') {
    throw new EngineRefusalError(
      'electrical-code-not-supported',
      'This job uses the Canadian Electrical Code (dwg_electrical_code = CEC). The engine implements NEC 2017, 2020 and 2023 only: CSA C22.1 Section 64 (2021, 2024), its ampacity and correction tables (Tables 1–4, 5A, 5C), its voltage-drop and overcurrent rules and its warning-sign wording are not implemented, and NEC numbers are never printed under a CEC heading. Calculate this job by hand to CSA C22.1, or under the NEC edition the AHJ accepts.',
    );
  }
  // A panel that cannot exist is refused rather than solved around: a 400 A main on a 100 A busbar
  // would otherwise fail every load-side rule and land on a supply-side tap (issue 25).
  const svc = input.service;
  if (svc.mainBreakerA > svc.busbarA) {
    throw new EngineRefusalError('service-equipment-invalid', `The main breaker (${svc.mainBreakerA} A) is larger than the busbar it protects (${svc.busbarA} A): no panel has that. Check service.mainBreakerA and service.busbarA against the panel's label.`);
  }
  for (const [name, v] of [['service.mainBreakerA', svc.mainBreakerA], ['service.busbarA', svc.busbarA]] as const) {
    if (!NEC_240_6_A.includes(v)) throw new EngineRefusalError('service-equipment-invalid', `${name} = ${v} A is not a standard ampere rating (NEC 240.6(A)).`);
  }
}

/**
 * The engine's single entry point: validates the design input, runs the electrical (NEC) and
 * structural (ASCE 7, NDS, IEBC) calculations and returns a report the plan set and letters print.
 * Pure: no I/O, no clock, same input → same report. Throws a ZodError on invalid input and an
 * EngineRefusalError (with a code and a message to show) for a job it will not calculate: a CEC job,
 * a module without a Voc coefficient where Table 690.7(A) has no factor, an input a rule needs and
 * lacks (with the paths), or a configuration it has no rule for.
 */
export function calculateDesign(raw: DesignInputRaw | unknown): Report {
  const input = ZDesignInput.parse(raw);
  refuseUnsupported(input);
  const electrical = calculateElectrical(input);
  const structural = calculateStructural(input);
  const sections = [...electrical.sections, ...structural.sections];
  const all = sections.flatMap((s) => s.checks);
  const failures = all.filter((c) => c.pass === false).map((c) => (c.remedy ? { id: c.id, title: c.title, remedy: c.remedy } : { id: c.id, title: c.title }));
  return {
    engine: '@sunstamp/engineering',
    projectName: input.projectName,
    codes: { nec: `NEC ${input.site.codes.nec}`, asce: `ASCE ${input.site.codes.asce}`, iebc: `IEBC ${input.site.codes.iebc}` },
    summary: { pass: failures.length === 0, checks: all.length, failures, systemDcKw: electrical.systemDcKw, systemAcKw: electrical.systemAcKw },
    sections,
    conductorSchedule: electrical.conductorSchedule,
    interconnection: electrical.interconnection,
    labels: electrical.labels,
    loadCalculation: electrical.loadCalculation,
    storage: electrical.storage,
    equipment: electrical.equipment,
    structuralExports: structural.exports,
  };
}
