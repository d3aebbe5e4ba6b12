import { DYNAMIC_CAD_FIELDS, type DynamicCadFieldKey } from './dynamic-cad-fields.data.ts';
import type { RequirementDefinition, RequirementOption, RequirementSource, RequirementValues } from './requirement.schema.ts';
import { evaluateStickerLogic, type PlanSetFacts } from './sticker-logic.data.ts';

/*
 * Requirement resolution: a job's requirements are the definitions' defaults, overridden by the
 * company's values, then the utility's, then the AHJ's (later wins). A scope that has a value for
 * a key (a row) overrides; one that has none inherits (scope-values.rules.ts). File values are
 * references and resolve like any other value, with the scope they came from. Pure and allocation-light,
 * because the API resolves on every job load and every plan-set run (budget: ≤ 5 ms p99 for all
 * definitions set at all four levels; see bench/requirements-resolve.bench.ts).
 */

export interface RequirementScopeValues {
  company?: RequirementValues;
  utility?: RequirementValues;
  ahj?: RequirementValues;
}

export interface ResolvedRequirement {
  key: string;
  value: unknown;
  source: RequirementSource;
  /** Whether the requirement applies to this job (see isRequirementOn). */
  on: boolean;
  /** Keys of the requirements that switched this one off (the contractor stamp, spec §5). */
  suppressedBy?: string[];
}

export interface ResolvedRequirements {
  /** By requirement key, in definition order. */
  values: Record<string, ResolvedRequirement>;
  /** Dynamic CAD fields the designer must fill, in DYNAMIC_CAD_FIELDS order, each once. */
  dynamicCadFields: DynamicCadFieldKey[];
  /** Spec §5: an engineering stamp requirement that is on removes the contractor stamp. */
  contractorStamp: { removed: boolean; removedBy: string[] };
}

/** Requirements the engineering stamp rule switches off. */
export const CONTRACTOR_STAMP_KEYS = ['contractor_stamp', 'contractor_stamp_layout'] as const;

function optionApplies(o: RequirementOption, facts: PlanSetFacts): boolean {
  if (o.off) return false;
  const w = o.when;
  if (!w) return true;
  // A fact the job does not know yet counts as holding: the designer is asked for too much rather than too little.
  if (w.overKw !== undefined && facts.systemSizeKw !== undefined && !(facts.systemSizeKw > w.overKw)) return false;
  if (w.program !== undefined && facts.utilityProgram !== undefined &&
      facts.utilityProgram.trim().toLowerCase() !== w.program.toLowerCase()) return false;
  if (w.logic !== undefined && evaluateStickerLogic(w.logic, facts) === false) return false;
  return true;
}

/**
 * Whether a value switches its requirement on: bool true; non-empty text; a number; a select option
 * that is not an "off" option and whose condition holds for the facts; a file; a group that is set.
 */
export function isRequirementOn(def: RequirementDefinition, value: unknown, facts: PlanSetFacts = {}): boolean {
  switch (def.type) {
    case 'bool':
      return value === true;
    case 'text':
      return typeof value === 'string' && value.trim() !== '';
    case 'int':
    case 'float':
      return typeof value === 'number';
    case 'select': {
      const o = def.options?.find((x) => x.value === value);
      return o !== undefined && optionApplies(o, facts);
    }
    case 'file':
      return Array.isArray(value) ? value.length > 0 : value != null;
    case 'group':
      return value != null;
  }
}

const FIELD_ORDER = new Map<string, number>(DYNAMIC_CAD_FIELDS.map((f, i) => [f.key, i]));

export function resolveRequirements(
  definitions: readonly RequirementDefinition[],
  scopes: RequirementScopeValues,
  facts: PlanSetFacts = {},
): ResolvedRequirements {
  const company = scopes.company ?? {};
  const utility = scopes.utility ?? {};
  const ahj = scopes.ahj ?? {};
  const values: Record<string, ResolvedRequirement> = {};
  const fields = new Set<DynamicCadFieldKey>();
  const removedBy: string[] = [];

  for (const def of definitions) {
    const k = def.key;
    let value: unknown = def.default;
    let source: RequirementSource = 'default';
    // The most specific scope that sets the key wins, whatever it set: false, '', null (a group
    // or a file switched off) override a lower scope's "on". Absent (undefined) = inherit.
    let v = company[k];
    if (v !== undefined) { value = v; source = 'company'; }
    v = utility[k];
    if (v !== undefined) { value = v; source = 'utility'; }
    v = ahj[k];
    if (v !== undefined) { value = v; source = 'ahj'; }

    const on = isRequirementOn(def, value, facts);
    values[k] = { key: k, value, source, on };
    if (!on) continue;
    if (def.dynamicCadFields) for (const f of def.dynamicCadFields) fields.add(f as DynamicCadFieldKey);
    if (def.engineeringStamp) removedBy.push(k);
  }

  if (removedBy.length) {
    for (const k of CONTRACTOR_STAMP_KEYS) {
      const r = values[k];
      if (r) { r.on = false; r.suppressedBy = removedBy; }
    }
  }

  const dynamicCadFields = [...fields].sort((a, b) => (FIELD_ORDER.get(a) ?? 1e9) - (FIELD_ORDER.get(b) ?? 1e9));
  return { values, dynamicCadFields, contractorStamp: { removed: removedBy.length > 0, removedBy } };
}

/**
 * Rows of `requirement_values` for one scope → the values object resolveRequirements takes. Every
 * row is a value, a JSON null included (an explicit "off"); keys without a row stay absent.
 */
export function scopeValuesFromRows(rows: readonly { key: string; value: unknown }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rows) out[r.key] = r.value;
  return out;
}
