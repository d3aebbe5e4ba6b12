import type { RequirementDefinition, RequirementItemDefinition } from './requirement.schema.ts';
import type { FieldMessages } from './validate.rules.ts';

/*
 * Explicit values versus inheritance at one scope (company, utility, AHJ). A scope either sets a
 * key (a row holding any valid value: true, false, '', null, [], an "off" option, a group) or does
 * not (no row: the scope inherits from the scopes below). "Off" is therefore a value like any
 * other, so an AHJ can switch off a sticker its company switched on; "inherit" is the absence of a
 * value, written with PATCH { inherit: [key] } or by leaving the key out of a PUT.
 */

/**
 * The value that switches a requirement off when set at a scope: false, '', null for a group, a
 * one-file requirement or a number without a default, [] for a file list, the first "off" option
 * of a select. Undefined when the type has no off value (a number with a default, a select whose
 * options are all "on").
 */
export function offValueOf(def: Pick<RequirementItemDefinition, 'type' | 'default' | 'options' | 'multiple'>): unknown {
  switch (def.type) {
    case 'bool':
      return false;
    case 'text':
      return '';
    case 'int':
    case 'float':
      return def.default === null ? null : undefined;
    case 'select':
      return def.options?.find((o) => o.off)?.value;
    case 'file':
      return def.multiple ? [] : null;
    case 'group':
      return null;
  }
}

/** A change to one scope's values: keys to set (to any value, `null` and `false` included) and keys to inherit. */
export type ScopePatch = { set: Record<string, unknown>; inherit: string[] };

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The patch that turns the saved values of a scope into `next`: keys new or changed in `next` are
 * set, keys saved but absent from `next` are inherited, the rest are left alone (so a save sends
 * only what this editor changed and never undoes another's change or a file just uploaded).
 */
export function scopePatchBetween(saved: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): ScopePatch {
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(next)) {
    if (v === undefined) continue;
    if (!has(saved, k) || saved[k] === undefined || !same(saved[k], v)) set[k] = v;
  }
  const inherit = Object.keys(saved).filter((k) => saved[k] !== undefined && (!has(next, k) || next[k] === undefined));
  return { set, inherit };
}

/** The values after a patch (what the API stores). */
export function applyScopePatch(values: Readonly<Record<string, unknown>>, patch: ScopePatch): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values, ...patch.set };
  for (const k of patch.inherit) delete out[k];
  return out;
}

export const isEmptyPatch = (p: ScopePatch) => Object.keys(p.set).length === 0 && p.inherit.length === 0;

/**
 * What is wrong with a patch apart from its values (validateRequirementValues checks those): a key
 * both set and inherited, or an unknown key to inherit.
 */
export function checkScopePatch(patch: ScopePatch, definitions: readonly Pick<RequirementDefinition, 'key'>[]): FieldMessages {
  const known = new Set(definitions.map((d) => d.key));
  const out: FieldMessages = {};
  for (const k of patch.inherit) {
    if (!known.has(k)) out[k] = 'Unknown requirement.';
    else if (has(patch.set, k)) out[k] = 'A requirement cannot be both set and inherited.';
  }
  return out;
}
