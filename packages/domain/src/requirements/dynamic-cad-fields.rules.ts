import { DYNAMIC_CAD_FIELDS, type DynamicCadField } from './dynamic-cad-fields.data.ts';
import { REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import type { ResolvedRequirements } from './resolve.rules.ts';

/*
 * Which requirements ask for which dynamic CAD field (spec §3), read from the definitions'
 * `dynamicCadFields`: the job page's `asked_by` and the plan-set run's missing inputs use this one
 * mapping.
 */

const FIELDS = new Map<string, DynamicCadField>(DYNAMIC_CAD_FIELDS.map((f) => [f.key, f]));

/** Field key → the requirements that ask for it, in definition order. */
const ASKED_BY = new Map<string, string[]>();
for (const def of REQUIREMENT_DEFINITIONS) {
  for (const f of def.dynamicCadFields ?? []) ASKED_BY.set(f, [...(ASKED_BY.get(f) ?? []), def.key]);
}

/** The requirements that are on for the job and ask for the field, in definition order. */
export function askedBy(key: string, resolved: Pick<ResolvedRequirements, 'values'>): string[] {
  return (ASKED_BY.get(key) ?? []).filter((k) => resolved.values[k]?.on === true);
}

/** Whether a stored value fills a text or number field: text that is not blank, a finite number. */
export function isCadValueFilled(f: Pick<DynamicCadField, 'type'>, v: unknown): boolean {
  switch (f.type) {
    case 'text': return typeof v === 'string' && v.trim() !== '';
    case 'int':
    case 'float': return typeof v === 'number' && Number.isFinite(v);
    case 'files': return Array.isArray(v) && v.length > 0;
  }
}

/**
 * The text and number fields the requirements that are on ask for and the job leaves blank: what a
 * plan set cannot print (a dash where the AHJ asked for a fact is a defect). Not the files (photos)
 * and not a field written in by hand when blank (the building permit number).
 */
export function blankCadFields(
  resolved: Pick<ResolvedRequirements, 'values' | 'dynamicCadFields'>,
  valueOf: (key: string) => unknown,
): { field: DynamicCadField; askedBy: string[] }[] {
  return resolved.dynamicCadFields.flatMap((key) => {
    const field = FIELDS.get(key);
    if (!field || field.type === 'files' || field.writeInWhenBlank || isCadValueFilled(field, valueOf(key))) return [];
    return [{ field, askedBy: askedBy(key, resolved) }];
  });
}

/**
 * The case number a client gives at intake (issue 29, item 11): when a requirement that is on asks
 * for `case_number` (the AHJ's case_number_on_title_block prints it in the title block), a job is
 * not submitted without it: the message names who asks (the AHJ by name when the value is the
 * AHJ's); null when it is given or nobody asks. Drafts save without it.
 */
export function caseNumberMissing(
  resolved: Pick<ResolvedRequirements, 'values'>, value: unknown, ahjName: string | null,
): string | null {
  const askers = askedBy('case_number', resolved);
  if (!askers.length || isCadValueFilled({ type: 'text' }, value)) return null;
  const byAhj = askers.some((k) => resolved.values[k]?.source === 'ahj') && ahjName;
  return byAhj
    ? `${ahjName} needs its case number in the plan set's title block: enter the AHJ case number.`
    : 'This job\'s requirements print the AHJ case number in the title block: enter the AHJ case number.';
}
