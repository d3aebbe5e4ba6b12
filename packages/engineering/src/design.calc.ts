import { ZDesignInput, type DesignInputRaw } from './design-input.schema.ts';
import type { Report } from './report.schema.ts';
import { calculateElectrical } from './electrical/electrical.calc.ts';
import { calculateStructural } from './structural/structural.calc.ts';

/**
 * The engine's single entry point: validates the design input, runs the electrical (NEC) and
 * structural (ASCE 7, NDS, IEBC) calculations and returns a report the plan set and letters print.
 * Pure: no I/O, no clock, same input → same report. Throws a ZodError on invalid input.
 */
export function calculateDesign(raw: DesignInputRaw | unknown): Report {
  const input = ZDesignInput.parse(raw);
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
    equipment: electrical.equipment,
    structuralExports: structural.exports,
  };
}
