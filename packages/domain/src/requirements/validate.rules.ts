import { z } from 'zod';
import { parsePageList } from '../jobs/page-list.rules.ts';
import { DRAWING_VARIABLE_NAMES } from './drawing-variables.data.ts';
import { REQUIREMENT_DEFINITIONS } from './requirement-definitions.data.ts';
import { isFileRef, MAX_REQUIREMENT_FILES } from './requirement-files.rules.ts';
import type { RequirementDefinition, RequirementItemDefinition, RequirementValues } from './requirement.schema.ts';

/*
 * Requirement value validation, shared by the web form and the API (spec §5). Messages are per
 * field path: the requirement key, or `key.item` inside a group (a sticker's title is
 * `sticker_3.title`), which is the `{field: message}` shape of the error envelope's args.
 */

export type FieldMessages = Record<string, string>;

const VARIABLE = /\{([^{}]*)\}/g;

// The page-name rule lives in jobs/page-list.rules.ts, shared with the job's own page lists.
function checkPageList(s: string): string | undefined {
  const bad = parsePageList(s).invalid[0];
  return bad === undefined ? undefined : `"${bad}" is not a page name; separate pages with commas, e.g. "PV-3, PV-4".`;
}

function checkPoints(s: string): string | undefined {
  const points = s.split(';').map((p) => p.trim());
  // A trailing semicolon is harmless; an empty point in the middle is a typo.
  if (points.length > 1 && points[points.length - 1] === '') points.pop();
  const i = points.findIndex((p) => p === '');
  return i < 0 || s.trim() === '' ? undefined : `Separate points with one semicolon; point ${i + 1} is empty.`;
}

function checkVariables(s: string): string | undefined {
  const unknown: string[] = [];
  for (const m of s.matchAll(VARIABLE)) if (!DRAWING_VARIABLE_NAMES.has(m[1]!.trim())) unknown.push(`{${m[1]}}`);
  if (unknown.length) return `Unknown drawing variable${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}.`;
  const rest = s.replace(VARIABLE, '');
  if (rest.includes('{') || rest.includes('}')) return 'Drawing variables are written {name}; a brace is unmatched.';
  return undefined;
}

/** One message for a non-group value, or undefined when it is valid. */
function checkScalar(def: RequirementItemDefinition, value: unknown): string | undefined {
  switch (def.type) {
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'Must be true or false.';
    case 'int':
    case 'float': {
      if (value === null) return def.default === null ? undefined : 'A number is required.';
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number.';
      if (def.type === 'int' && !Number.isInteger(value)) return 'Must be a whole number.';
      if (def.min !== undefined && value < def.min) return `Must be at least ${def.min}.`;
      if (def.max !== undefined && value > def.max) return `Must be at most ${def.max}.`;
      return undefined;
    }
    case 'select': {
      if (typeof value !== 'string') return 'Choose one of the options.';
      return def.options?.some((o) => o.value === value) ? undefined : `"${value}" is not one of the options.`;
    }
    case 'file': {
      // null (and [] for a list) is an explicit "no file" at this scope.
      if (value === null) return undefined;
      if (Array.isArray(value)) {
        if (!def.multiple && value.length > 1) return 'Only one file is accepted.';
        if (value.length > MAX_REQUIREMENT_FILES) return `At most ${MAX_REQUIREMENT_FILES} files.`;
        if (!value.every(isFileRef)) return 'Must be a file or a list of files.';
        return new Set(value.map((f) => f.id)).size === value.length ? undefined : 'A file is listed twice.';
      }
      return isFileRef(value) ? undefined : 'Must be a file or a list of files.';
    }
    case 'text': {
      if (typeof value !== 'string') return 'Must be text.';
      if (def.maxLength !== undefined && value.length > def.maxLength) return `At most ${def.maxLength} characters.`;
      if (def.lineCount !== undefined && value.split('\n').length > def.lineCount) return `At most ${def.lineCount} lines.`;
      if (def.format === 'pageList') {
        const m = checkPageList(value);
        if (m) return m;
      }
      if (def.format === 'points') {
        const m = checkPoints(value);
        if (m) return m;
      }
      if (def.drawingVariables) return checkVariables(value);
      if (/[{}]/.test(value)) return 'This field does not take drawing variables.';
      return undefined;
    }
    case 'group':
      return 'A group cannot be nested in a group.';
  }
}

/** Messages for one requirement value; {} when it is valid. */
export function validateRequirementValue(def: RequirementDefinition, value: unknown): FieldMessages {
  const out: FieldMessages = {};
  if (value === undefined) {
    out[def.key] = 'A value is required.';
    return out;
  }
  if (def.type !== 'group') {
    const m = checkScalar(def, value);
    if (m) out[def.key] = m;
    return out;
  }
  // A group is off when null; when on, each item may be given (missing items take their default).
  if (value === null) return out;
  if (typeof value !== 'object' || Array.isArray(value)) {
    out[def.key] = 'Must be a group of fields.';
    return out;
  }
  const items = def.items ?? [];
  for (const k of Object.keys(value)) {
    if (!items.some((i) => i.key === k)) out[`${def.key}.${k}`] = 'Unknown field.';
  }
  for (const i of items) {
    const v = (value as Record<string, unknown>)[i.key];
    if (v === undefined) continue;
    const m = checkScalar(i, v);
    if (m) out[`${def.key}.${i.key}`] = m;
  }
  return out;
}

let cachedDefs: readonly RequirementDefinition[] | undefined;
let cachedMap = new Map<string, RequirementDefinition>();
function definitionMap(defs: readonly RequirementDefinition[]) {
  if (defs !== cachedDefs) {
    cachedDefs = defs;
    cachedMap = new Map(defs.map((d) => [d.key, d]));
  }
  return cachedMap;
}

/** Messages for a set of values of one scope; {} when every value is valid. */
export function validateRequirementValues(
  values: RequirementValues,
  definitions: readonly RequirementDefinition[] = REQUIREMENT_DEFINITIONS,
): FieldMessages {
  const defs = definitionMap(definitions);
  const out: FieldMessages = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const def = defs.get(key);
    if (!def) out[key] = 'Unknown requirement.';
    else Object.assign(out, validateRequirementValue(def, value));
  }
  return out;
}

/** The same checks as a zod schema, for React Hook Form and Fastify routes. */
export const ZRequirementValues = z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(validateRequirementValues(values))) {
    ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  }
});
