import type { Check, CheckInput, CodeRef } from './report.schema.ts';

/** Rounds for printing and for stable golden files; the engine computes at full precision. */
export function round(value: number, decimals = 3): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** decimals;
  const r = Math.round((value + Number.EPSILON * Math.sign(value)) * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

export interface CheckSpec {
  id: string;
  title: string;
  inputs: Array<[name: string, value: number | string | boolean, unit?: string]>;
  formula: string;
  value: number | string | boolean;
  unit: string;
  limit?: { relation: '<=' | '>=' | '<' | '>' | '='; value: number | string | boolean; unit?: string };
  pass?: boolean | null;
  ref: CodeRef;
  remedy?: string;
  notes?: string[];
}

export function check(spec: CheckSpec): Check {
  const inputs: CheckInput[] = spec.inputs.map(([name, value, unit]) =>
    unit === undefined ? { name, value: typeof value === 'number' ? round(value, 4) : value } : { name, value: typeof value === 'number' ? round(value, 4) : value, unit },
  );
  const pass = spec.pass ?? null;
  const out: Check = {
    id: spec.id,
    title: spec.title,
    inputs,
    formula: spec.formula,
    value: typeof spec.value === 'number' ? round(spec.value, 3) : spec.value,
    unit: spec.unit,
    limit: spec.limit
      ? { relation: spec.limit.relation, value: typeof spec.limit.value === 'number' ? round(spec.limit.value, 3) : spec.limit.value, unit: spec.limit.unit ?? spec.unit }
      : null,
    pass,
    ref: spec.ref,
  };
  if (pass === false && spec.remedy) out.remedy = spec.remedy;
  if (spec.notes && spec.notes.length > 0) out.notes = spec.notes;
  return out;
}

export function nec(edition: string, section: string): CodeRef {
  return { code: 'NEC', edition, section };
}
export function asce(edition: string, section: string): CodeRef {
  return { code: 'ASCE 7', edition, section };
}
export function house(section: string): CodeRef {
  return { code: 'Sunstamp', edition: 'requirements', section };
}

/** "NEC 2020 690.7(A)": where a check's rule is written; a house rule (no code) says so. */
export function codeRefText(ref: CodeRef): string {
  return ref.code === 'Sunstamp'
    ? `Sunstamp rule: ${ref.section}`
    : [ref.code, ref.edition, ref.section].filter((x) => x && x !== '-').join(' ');
}
