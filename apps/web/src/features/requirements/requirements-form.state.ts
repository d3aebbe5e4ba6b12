import { getRequirementDefinition } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { validateRequirementValue, validateRequirementValues } from '@sunstamp/domain/requirements/validate.rules';
import type { FieldAction } from './components/requirement-field.tsx';

/*
 * State of the requirements form: the values set on the scope being edited (a key present is set
 * here, null/false/'' included; a key absent is inherited) and the messages by field path (`key`
 * or `key.item`), checked as the user types with the same rules the API runs.
 */

export type FormState = {
  values: Readonly<Record<string, unknown>>;
  errors: Readonly<Record<string, string>>;
};

export type FormAction =
  | FieldAction
  | { type: 'load'; values: Readonly<Record<string, unknown>> }
  | { type: 'errors'; errors: Readonly<Record<string, string>> };

function withoutKey(errors: Readonly<Record<string, string>>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([p]) => p !== key && !p.startsWith(`${key}.`)));
}

function setValue(state: FormState, key: string, value: unknown): FormState {
  const def = getRequirementDefinition(key);
  const errors = withoutKey(state.errors, key);
  if (def) Object.assign(errors, validateRequirementValue(def, value));
  return { values: { ...state.values, [key]: value }, errors };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'set':
      return setValue(state, action.key, action.value);
    case 'setItem': {
      const current = state.values[action.key];
      const base = current !== null && typeof current === 'object' ? (current as Record<string, unknown>) : action.base;
      return setValue(state, action.key, { ...base, [action.item]: action.value });
    }
    case 'reset': {
      const { [action.key]: _gone, ...values } = state.values;
      return { values, errors: withoutKey(state.errors, action.key) };
    }
    case 'stored': {
      // The server already holds this value (a file uploaded or removed): take it as it is.
      const { [action.key]: _old, ...rest } = state.values;
      const values = action.value === undefined ? rest : { ...rest, [action.key]: action.value };
      return { values, errors: withoutKey(state.errors, action.key) };
    }
    case 'load':
      return { values: action.values, errors: {} };
    case 'errors':
      return { ...state, errors: action.errors };
  }
}

/** Every message of a set of values (before saving). */
export const validateAll = (values: Readonly<Record<string, unknown>>) => validateRequirementValues(values);
