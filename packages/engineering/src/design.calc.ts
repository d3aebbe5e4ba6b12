import { ZDesignInput, type DesignInput, type DesignInputRaw } from './design-input.schema.ts';
import type { Report } from './report.schema.ts';
import { calculateElectrical } from './electrical/electrical.calc.ts';
import { calculateStructural } from './structural/structural.calc.ts';
import { EngineRefusalError } from './engine-refusal.ts';
import { NEC_240_6_A } from './tables/nec-240-6.table.ts';
import { CSA_C22_1_NOT_IMPLEMENTED, csaEditionName } from './electrical/csa-conductor.calc.ts';

/**
 * A Canadian (CSA C22.1) design: the engine has the Section 4/8/14 conductor rules (csa-conductor.calc.ts)
 * but not Section 64 (PV circuit currents, voltage, the busbar limit, rapid shutdown, signs), so the
 * design is refused as a whole, naming each missing part — never completed with NEC rules.
 */
function refuseCsa(edition: '2021' | '2024' | undefined): never {
  if (!edition) {
    throw new EngineRefusalError('inputs-missing', 'A CSA C22.1 job needs its edition: site.codes.csa = 2021 (25th ed.) or 2024 (26th ed.).', ['site.codes.csa']);
  }
  throw new EngineRefusalError(
    'electrical-code-not-supported',
    `This job uses the Canadian Electrical Code, ${csaEditionName(edition)}. The engine implements its conductor ampacity rules only (Tables 2 and 4 with 5A and 5C, Rule 4-006(1) terminations, Rule 8-104 continuous loading, Rule 14-104 conductor protection${edition === '2024' ? ', and those to the 2021 edition only: the 2024 table values and Rule 14-104 text are not confirmed' : ''}); it does not implement: ${CSA_C22_1_NOT_IMPLEMENTED.join('; ')}. No NEC rule is used in their place: calculate the Section 64 parts by hand to ${csaEditionName(edition)}.`,
  );
}

/** Jobs the engine will not calculate at all: refused before any number is produced. */
function refuseUnsupported(input: DesignInput): void {
  const codes = input.site.codes;
  if (codes.electricalCode !== 'CSA C22.1' && codes.csa !== undefined) {
    throw new EngineRefusalError('electrical-code-not-supported', `site.codes.csa (CSA C22.1-${codes.csa}) is given but the electrical code is ${codes.electricalCode}: name 'CSA C22.1' as the electrical code for a Canadian job, or remove the CSA edition.`);
  }
  if (codes.electricalCode === 'CSA C22.1') refuseCsa(codes.csa);
  if (codes.electricalCode === 'CEC') {
    throw new EngineRefusalError(
      'electrical-code-not-supported',
      'This job names "CEC" as its electrical code (dwg_electrical_code = CEC). In Sunstamp "CEC" is the California Electrical Code, which adopts an NEC edition with California amendments the engine does not implement. For California, calculate under the NEC edition the AHJ adopted (dwg_electrical_code = NEC) and check the amendments by hand; for a Canadian job, name the Canadian Electrical Code as CSA C22.1-2021 or CSA C22.1-2024.',
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
