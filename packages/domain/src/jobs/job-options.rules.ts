import { UUID_RE } from '../constants/ids.constants.ts';
import { getOptionList, OPTION_LISTS, type OptionListKey } from '../catalogue/option-lists.data.ts';
import { CAD_INTAKE_FIELDS, type CadIntakeField } from './cad-intake.schema.ts';
import { isCustomChoice } from './custom-choice.rules.ts';
import { ARRAY_CUSTOM_PAIRS, type JobArray } from './job-defaults.schema.ts';

/*
 * Job fields whose value is an item of a reference option list. The contracts check only the
 * shape (a string, an id); which values are allowed is the database's: admins add, rename and
 * deactivate items, so the API checks membership against the lists it loaded (one query, cached)
 * with `optionChoiceProblems`. The rule:
 *   - any ACTIVE item of the list;
 *   - or the value the job already holds in that field (an item deactivated since is kept, so
 *     re-sending a whole form never loses anything);
 *   - blank (null, '') means "not chosen";
 *   - where the field has its own custom_* text, the Other/Custom choice (isCustomChoice) is
 *     always allowed: the form offers "Other" even for a list that has no such item.
 * Exposure category, soil class and seismic category stay the domain's fixed engineering
 * enumerations (ASCE 7), and frame_shape follows the framing rule of spec §5 (framing.rules.ts).
 */

/** PUT /jobs body fields → their list. */
export const JOB_OPTION_FIELDS = {
  connection_type_id: 'connection_types',
  structure_type: 'structure_types',
  gypsum_type: 'gypsum_types',
} as const satisfies Record<string, OptionListKey>;
export type JobOptionField = keyof typeof JOB_OPTION_FIELDS;

/** Array fields → their list. */
export const ARRAY_OPTION_FIELDS = {
  roof_material: 'roof_materials',
  connection_type: 'connection_types',
  module_type: 'module_types',
  racking_type: 'racking_types',
  beam_shape: 'beam_shapes',
} as const satisfies Partial<Record<keyof JobArray, OptionListKey>>;

const LIST_KEYS: ReadonlySet<string> = new Set(OPTION_LISTS.map((l) => l.key));
/** The list behind an option-list route (`connection-types` → `connection_types`); the states and utilities directories are not option items. */
export function optionListOfRoute(route: string | undefined): OptionListKey | null {
  if (!route || route === 'states') return null;
  const key = route.replace(/-/g, '_');
  return LIST_KEYS.has(key) ? (key as OptionListKey) : null;
}

/** CAD intake selects → their list. */
export const CAD_OPTION_FIELDS: Readonly<Partial<Record<CadIntakeField, OptionListKey>>> = Object.fromEntries(
  CAD_INTAKE_FIELDS.flatMap((d) => {
    const key = optionListOfRoute(d.optionList);
    return key ? [[d.name, key]] : [];
  }),
);
const CAD_CUSTOM_FIELDS: ReadonlySet<string> = new Set(CAD_INTAKE_FIELDS.filter((d) => d.custom).map((d) => d.name));
const ARRAY_CUSTOM_FIELDS: ReadonlySet<string> = new Set(Object.keys(ARRAY_CUSTOM_PAIRS));

/** Every list a job's option fields use. */
export const JOB_OPTION_LISTS: readonly OptionListKey[] = [
  ...new Set<OptionListKey>([...Object.values(JOB_OPTION_FIELDS), ...Object.values(ARRAY_OPTION_FIELDS), ...Object.values(CAD_OPTION_FIELDS)]),
];

/** One item as the API loaded it from the database (inactive items included). */
export interface OptionChoice {
  id: number;
  value: string;
  label: string;
  active: boolean;
}

/** The loaded lists: an item of a list by its value, or by its id (array refs may be ids). */
export interface OptionLookup {
  byValue(list: OptionListKey, value: string): OptionChoice | undefined;
  byId(list: OptionListKey, id: number): OptionChoice | undefined;
}

/** The option fields of a PUT body (after arrays and the CAD form are completed and parsed). */
export interface OptionChoices {
  connection_type_id?: string | null;
  structure_type?: string | null;
  gypsum_type?: string | null;
  arrays?: readonly Partial<Record<keyof JobArray, unknown>>[];
  cad_intake?: Readonly<Record<string, unknown>>;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const listLabel = (list: OptionListKey) => getOptionList(list).label;

/** The message for a value that is not an active item of `list`: names the list. */
export function notInListMessage(list: OptionListKey, value: unknown): string {
  const shown = typeof value === 'string' ? `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"` : String(value);
  return `${shown} is not an active item of the ${listLabel(list)} list.`;
}

function allowed(list: OptionListKey, value: unknown, lists: OptionLookup, kept: ReadonlySet<unknown>, customAllowed: boolean): boolean {
  if (isBlank(value) || kept.has(value)) return true;
  if (customAllowed && isCustomChoice(value)) return true;
  const item = typeof value === 'string' ? lists.byValue(list, value) : typeof value === 'number' ? lists.byId(list, value) : undefined;
  return !!item?.active;
}

/**
 * `{field: message}` for every option value of `next` that the job may not hold; [] when all
 * may. `current` is the stored job (undefined on create): a value it already holds in the same
 * field stays allowed after its item is deactivated. Only the parts present in `next` are checked.
 */
export function optionChoiceProblems(next: OptionChoices, current: OptionChoices | undefined, lists: OptionLookup): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const [field, list] of Object.entries(JOB_OPTION_FIELDS) as [JobOptionField, OptionListKey][]) {
    const v = next[field];
    if (v === undefined) continue;
    const kept = new Set(current ? [current[field]] : []);
    if (!allowed(list, v, lists, kept, false)) out.push({ [field]: notInListMessage(list, v) });
  }
  if (next.arrays) {
    const fields = Object.entries(ARRAY_OPTION_FIELDS) as [keyof typeof ARRAY_OPTION_FIELDS, OptionListKey][];
    // "Already holds" is per field, whichever array holds it: arrays are added, removed and reordered.
    const kept = new Map(fields.map(([f]) => [f, new Set((current?.arrays ?? []).map((a) => a[f]))]));
    next.arrays.forEach((a, i) => {
      for (const [f, list] of fields) {
        if (!allowed(list, a[f], lists, kept.get(f)!, ARRAY_CUSTOM_FIELDS.has(f))) out.push({ [`arrays.${i}.${f}`]: notInListMessage(list, a[f]) });
      }
    });
  }
  if (next.cad_intake) {
    for (const [f, list] of Object.entries(CAD_OPTION_FIELDS) as [CadIntakeField, OptionListKey][]) {
      const v = next.cad_intake[f];
      const kept = new Set(current?.cad_intake ? [current.cad_intake[f]] : []);
      if (!allowed(list, v, lists, kept, CAD_CUSTOM_FIELDS.has(f))) out.push({ [`cad_intake.${f}`]: notInListMessage(list, v) });
    }
  }
  return out;
}

/** The label a job shows for a stored value: the database item's (inactive too), else the value itself. */
export function optionLabelOf(list: OptionListKey, value: string, lists: OptionLookup): string {
  return lists.byValue(list, value)?.label ?? value;
}

/*
 * CAD intake fields that name a directory row rather than an option item: `utility` holds the id
 * of a row of `utilities` (the web stores ids; GET /jobs/{id}/requirements resolves it as the
 * job's utility scope), `state` the abbreviation of a row of `states` (what the web's state
 * select sends). The rule, as for option items:
 *   - blank means "not chosen"; for the utility, the Other choice with its custom_utility text too;
 *   - the value the job already holds in that field stays, unchanged (a utility deactivated since,
 *     or an old job's utility NAME stored before the web stored ids);
 *   - anything else is looked up (by the API, one query per changed field): an ACTIVE utility
 *     whose id it is, a state whose abbreviation it is.
 */
export const CAD_DIRECTORY_FIELDS = ['utility', 'state'] as const;
export type CadDirectoryField = (typeof CAD_DIRECTORY_FIELDS)[number];


/**
 * The CAD directory values of `next` that the database must confirm: `{utility?, state?}` with
 * the value to look up. A value that is blank, the Other choice (utility), or the one `current`
 * (the stored form; undefined on create) holds in the same field needs no look-up.
 */
export function cadDirectoryLookups(
  next: Readonly<Record<string, unknown>> | undefined,
  current: Readonly<Record<string, unknown>> | undefined,
): Partial<Record<CadDirectoryField, string>> {
  const out: Partial<Record<CadDirectoryField, string>> = {};
  if (!next) return out;
  for (const f of CAD_DIRECTORY_FIELDS) {
    const v = next[f];
    if (isBlank(v) || (current && current[f] === v)) continue;
    if (f === 'utility' && isCustomChoice(v)) continue;
    out[f] = typeof v === 'string' ? v : String(v);
  }
  return out;
}

/** Whether a utility value can be an id at all (anything else is refused without a query). */
export const isUtilityId = (value: string) => UUID_RE.test(value);

/** The message for a CAD directory value the database did not confirm. */
export function notInDirectoryMessage(field: CadDirectoryField, value: string): string {
  const shown = `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
  return field === 'utility' ? `${shown} is not an active utility.` : `${shown} is not a known state.`;
}

/**
 * `{cad_intake.<field>: message}` for each looked-up value (cadDirectoryLookups) that the
 * database did not confirm: `confirmed.utility` true when an ACTIVE utility has that id,
 * `confirmed.state` true when a state has that abbreviation.
 */
export function cadDirectoryProblems(
  lookups: Partial<Record<CadDirectoryField, string>>,
  confirmed: Partial<Record<CadDirectoryField, boolean>>,
): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const f of CAD_DIRECTORY_FIELDS) {
    const v = lookups[f];
    if (v !== undefined && !confirmed[f]) out.push({ [`cad_intake.${f}`]: notInDirectoryMessage(f, v) });
  }
  return out;
}
