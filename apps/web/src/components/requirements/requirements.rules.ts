import type { z } from 'zod';
import type { ZResolvedRequirement } from '@sunstamp/domain/contracts/requirements';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from '@sunstamp/domain/contracts/files';
import { describeFileTypes, fileTypesOf, MAX_REQUIREMENT_FILES } from '@sunstamp/domain/requirements/requirement-files.rules';
import { scopePatchBetween, type ScopePatch } from '@sunstamp/domain/requirements/scope-values.rules';
import { CHIP_GROUPS, REQUIREMENT_HEADINGS, type RequirementHeading } from '@sunstamp/domain/requirements/chip-groups.data';
import type {
  RequirementDefinition, RequirementItemDefinition, RequirementScope, RequirementSource,
} from '@sunstamp/domain/requirements/requirement.schema';

/*
 * Pure rules of the requirements form: which widget draws a definition, how chip groups sit under
 * the spec's headings, who may edit a scope, and how values read as text. No React here, so the
 * node tests can walk every definition.
 */

export type RequirementWidget = 'switch' | 'text' | 'number' | 'select' | 'file' | 'group';

/** The widget that draws a definition (or a group item); every type of spec §3 has one. */
export function widgetFor(def: Pick<RequirementItemDefinition, 'type'>): RequirementWidget {
  switch (def.type) {
    case 'bool':
      return 'switch';
    case 'text':
      return 'text';
    case 'int':
    case 'float':
      return 'number';
    case 'select':
      return 'select';
    case 'file':
      return 'file';
    case 'group':
      return 'group';
  }
}

/** Spec §9: multi-line notes show 3 lines. */
export const NOTE_ROWS = 3;

/**
 * Rows of a text widget: lineCount when the definition has one (it is also the most lines the
 * value may hold); long notes and point lists get NOTE_ROWS; short texts are one line (undefined).
 */
export function textRowsFor(def: Pick<RequirementItemDefinition, 'lineCount' | 'maxLength' | 'format' | 'drawingVariables'>): number | undefined {
  if (def.lineCount) return def.lineCount;
  if (def.format === 'points' || (def.maxLength ?? 0) > 200) return NOTE_ROWS;
  return undefined;
}

export type ChipGroupInfo = (typeof CHIP_GROUPS)[number];
export type ChipGroupKey = ChipGroupInfo['key'];

export type RequirementSection = {
  heading: RequirementHeading;
  groups: { chip: ChipGroupInfo; definitions: RequirementDefinition[] }[];
};

const chipByKey = new Map<string, ChipGroupInfo>(CHIP_GROUPS.map((c) => [c.key, c]));
export const chipGroupOf = (key: string) => chipByKey.get(key);

const normalise = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, ' ').trim();

/** Whether a definition matches a search: its label, key or helper text contains every word. */
export function matchesSearch(def: Pick<RequirementDefinition, 'key' | 'label' | 'helperText'>, search: string): boolean {
  const words = normalise(search).split(' ').filter(Boolean);
  if (!words.length) return true;
  const hay = normalise(`${def.label} ${def.key} ${def.helperText}`);
  return words.every((w) => hay.includes(w));
}

/**
 * The form's sections: definitions of the chosen chip group (all when null) that match the
 * search, under their headings in the spec's heading order, chip groups in CHIP_GROUPS order.
 */
export function sectionsFor(
  definitions: readonly RequirementDefinition[],
  chip: string | null,
  search = '',
): RequirementSection[] {
  const sections: RequirementSection[] = [];
  for (const heading of REQUIREMENT_HEADINGS) {
    const groups = CHIP_GROUPS.filter((c) => c.heading === heading && (chip === null || c.key === chip))
      .map((c) => ({ chip: c, definitions: definitions.filter((d) => d.chipGroup === c.key && matchesSearch(d, search)) }))
      .filter((g) => g.definitions.length > 0);
    if (groups.length) sections.push({ heading, groups });
  }
  return sections;
}

/**
 * The resolved view's sections: the definitions the resolver answered for (only those that are on
 * when onlyOn), under their headings and chip groups in the same order as the form.
 */
export function resolvedSectionsOf(
  definitions: readonly RequirementDefinition[],
  values: Readonly<Record<string, Pick<ResolvedRequirement, 'on'>>>,
  onlyOn: boolean,
): RequirementSection[] {
  return sectionsFor(definitions.filter((d) => values[d.key] && (!onlyOn || values[d.key]!.on)), null);
}

/** Spec §8: a cut sheet that fails to download is an error; any other requirement file a warning. */
export const fileDownloadKindOf = (def: Pick<RequirementDefinition, 'chipGroup'>): 'cut-sheet' | 'file' =>
  def.chipGroup === 'extraCutSheets' ? 'cut-sheet' : 'file';

export const SCOPE_LABELS: Record<RequirementScope, string> = { company: 'Company', utility: 'Utility', ahj: 'AHJ' };
export const SOURCE_LABELS: Record<RequirementSource, string> = {
  default: 'Default', company: 'Company', utility: 'Utility', ahj: 'AHJ',
};

/** The scopes that sit below one in the precedence default → company → utility → AHJ. */
export function scopesBelow(type: RequirementScope): readonly RequirementScope[] {
  return type === 'ahj' ? ['company', 'utility'] : type === 'utility' ? ['company'] : [];
}

export type ResolvedRequirement = z.infer<typeof ZResolvedRequirement>;

/** What a field shows when this scope does not set it: the resolved value below, else the default. */
export function inheritedOf(
  def: Pick<RequirementDefinition, 'key' | 'default'>,
  resolved: Readonly<Record<string, ResolvedRequirement>> | undefined,
): { value: unknown; source: RequirementSource } {
  const r = resolved?.[def.key];
  return r ? { value: r.value, source: r.source } : { value: def.default, source: 'default' };
}

/**
 * The values set on the scope: every key present is set here, `null` (off, no file), `false` and
 * `''` included; only undefined keys are dropped (absent = inherited).
 */
export function scopeBody(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** What saving sends (PATCH): the keys changed since the last save, and the keys reset to inherited. */
export function savePatch(saved: Readonly<Record<string, unknown>>, values: Readonly<Record<string, unknown>>): ScopePatch {
  return scopePatchBetween(scopeBody(saved), scopeBody(values));
}

/**
 * How a field reads its origin: "Set on this AHJ" (with what it would inherit), or "Inherited from
 * the company" / "Inherited from the default".
 */
export function originText(setHere: boolean, scopeNoun: string, inherited: { source: RequirementSource }): string {
  if (setHere) return `Set on this ${scopeNoun}`;
  return inherited.source === 'default' ? 'Inherited from the default' : `Inherited from the ${SOURCE_LABELS[inherited.source] === 'AHJ' ? 'AHJ' : SOURCE_LABELS[inherited.source].toLowerCase()}`;
}

/** Keys whose value differs between two value sets (set, unset or changed). */
export function changedKeys(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** Error messages ({field path: message}) that belong to a requirement key (its group items too). */
export function errorsOfKey(errors: Readonly<Record<string, string>>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([p]) => p === key || p.startsWith(`${key}.`)));
}

const fileNames = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v])
    .map((f) => (typeof f === 'object' && f !== null ? (f as { name?: unknown }).name : undefined))
    .filter((n): n is string => typeof n === 'string');

/**
 * The unit of a number requirement (its help text names it, the definitions carry none), and what
 * an empty value means where that is not "Not set": a bare "10" or "14" in the job's requirements
 * left the reader guessing feet, inches or amps.
 */
const NUMBER_DISPLAY: Readonly<Record<string, { unit: string; empty?: string }>> = {
  micro_combiner_panel_amperage: { unit: 'A' },
  dual_micro_combiner_panel_amperage: { unit: 'A' },
  pv_equipment_distance_to_meter: { unit: 'ft', empty: 'No limit' },
  ac_disconnect_distance_to_meter: { unit: 'ft' },
  rail_length: { unit: 'ft' },
};

/** A value as one line of text for read-only display. */
export function formatRequirementValue(def: RequirementItemDefinition | RequirementDefinition, value: unknown): string {
  const number = NUMBER_DISPLAY[def.key];
  if (value === null || value === undefined) {
    if (def.type === 'group') return 'Off';
    if (def.type === 'file') return 'No file';
    return number?.empty ?? 'Not set';
  }
  switch (def.type) {
    case 'bool':
      return value === true ? 'Yes' : 'No';
    case 'select': {
      const o = def.options?.find((x) => x.value === value);
      return o ? o.label : String(value);
    }
    case 'text':
      return typeof value === 'string' && value.trim() ? value : 'Empty';
    case 'int':
    case 'float':
      if (typeof value !== 'number') return String(value);
      return number ? `${value.toLocaleString('en-US')} ${number.unit}` : value.toLocaleString('en-US');
    case 'file': {
      const names = fileNames(value);
      return names.length ? names.join(', ') : 'No file';
    }
    case 'group': {
      const items = (def as RequirementDefinition).items ?? [];
      const v = value as Record<string, unknown>;
      const title = items.find((i) => i.key === 'title');
      const location = items.find((i) => i.key === 'location');
      const parts = [title && formatRequirementValue(title, v.title ?? title.default), location && formatRequirementValue(location, v.location ?? location.default)];
      return `On${parts.some(Boolean) ? `: ${parts.filter(Boolean).join(' at ')}` : ''}`;
    }
  }
}

const EXTENSION_TYPES: Record<string, string> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', pdf: 'pdf' };
// Worded as the API's 413 message words it ("50 MB").
const SIZE_LIMIT = `${MAX_UPLOAD_FILE_BYTES / 1024 / 1024} MB`;

/**
 * Why a choice of files cannot be uploaded to a file requirement, checked before sending (the API
 * checks again, by content): the count (one file, or a list of at most MAX_REQUIREMENT_FILES with
 * `current` already set here), decisions.md's size limit, and the extension as a first hint.
 */
export function requirementUploadProblem(
  def: Pick<RequirementItemDefinition, 'type' | 'multiple' | 'fileTypes' | 'label'>,
  files: readonly { name: string; size: number }[],
  current: number,
): string | null {
  if (!def.multiple && files.length > 1) return `${def.label} takes one file.`;
  if (files.length > MAX_UPLOAD_FILES) return `Choose at most ${MAX_UPLOAD_FILES} files at once.`;
  if (def.multiple && current + files.length > MAX_REQUIREMENT_FILES) {
    return `${def.label} holds at most ${MAX_REQUIREMENT_FILES} files; ${Math.max(MAX_REQUIREMENT_FILES - current, 0)} more can be added.`;
  }
  const big = files.find((f) => f.size > MAX_UPLOAD_FILE_BYTES);
  if (big) return `${big.name} is larger than the ${SIZE_LIMIT} limit.`;
  const allowed = fileTypesOf(def) as readonly string[];
  const wrong = files.find((f) => !allowed.includes(EXTENSION_TYPES[f.name.split('.').pop()?.toLowerCase() ?? ''] ?? ''));
  if (wrong) return `${wrong.name} is not a ${describeFileTypes(def)} file.`;
  return null;
}

/** The helper line of a file requirement: its own text, the types and limits, and when it saves. */
export function fileFieldHelp(def: Pick<RequirementItemDefinition, 'helperText' | 'multiple' | 'fileTypes' | 'type'>): string {
  const limits = `${describeFileTypes(def)}, up to ${SIZE_LIMIT}${def.multiple ? ` each, ${MAX_REQUIREMENT_FILES} files at most` : ''}.`;
  return [def.helperText, limits, 'Uploads and removals are saved at once.'].filter(Boolean).join(' ');
}
