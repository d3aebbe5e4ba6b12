import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessageOf, isApiError } from './api-error.ts';

type Issue = {
  code?: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  format?: string;
  message?: string;
};

/**
 * Plain-language messages for the domain schemas' checks, which carry zod's default wording
 * ("Too small: expected string to have >=1 characters"). Undefined keeps zod's own message.
 */
export function friendlyZodMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? 'This field is required.' : undefined;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This field is required.' : `Must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return Number(issue.minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${issue.minimum}.`;
      // .positive() is "more than 0": "Must be at least 0" would accept the 0 it refuses.
      return (issue as { inclusive?: boolean }).inclusive === false ? `Must be more than ${issue.minimum}.` : `Must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Choose at most ${issue.maximum}.`;
      return (issue as { inclusive?: boolean }).inclusive === false ? `Must be less than ${issue.maximum}.` : `Must be at most ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'uuid') return 'Choose a value from the list.';
      return undefined;
    case 'invalid_value':
      return 'Choose a value from the list.';
    default:
      return undefined;
  }
}

/** Parse options for zodResolver(schema, friendlyErrors): the domain schemas with plain messages. */
export const friendlyErrors = {
  error: (issue: { code?: string }) => friendlyZodMessage(issue as Issue),
};

/**
 * Puts the server's {field: message} errors beside the matching inputs. Returns whether any
 * field took one (the toast shows the whole message either way).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/**
 * A failed submit: field messages beside their inputs, anything else as the form's own error
 * (errors.root.server). The toast comes from the mutation cache either way.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (applyServerFieldErrors(error, setError, fields)) return;
  if (isApiError(error) && error.silent) return;
  setError('root.server' as Path<T>, { type: 'server', message: errorMessageOf(error) });
}
