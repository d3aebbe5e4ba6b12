import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { z } from 'zod';
import { friendlyZodMessage } from '../../lib/form-resolver.ts';

type Issue = {
  code?: string;
  input?: unknown;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
};

/**
 * Plain messages for the catalogue's numeric and link checks, on top of the app's friendly
 * messages: a positive rating is "more than 0", not "at least 0"; a whole number; a full URL.
 */
export function catalogueZodMessage(issue: Issue): string | undefined {
  if (issue.origin === 'number' && issue.inclusive === false) {
    if (issue.code === 'too_small') return `Must be more than ${issue.minimum}.`;
    if (issue.code === 'too_big') return `Must be less than ${issue.maximum}.`;
  }
  if (issue.code === 'too_big' && issue.origin === 'number' && Number(issue.maximum) === 0) return 'Must be zero or negative.';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Must be a whole number.';
  if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') return 'Enter a number.';
  if (issue.code === 'invalid_format' && issue.format === 'url') return 'Enter a full web address, e.g. https://example.com/datasheet.pdf.';
  return friendlyZodMessage(issue);
}

export const catalogueErrors = { error: (issue: { code?: string }) => catalogueZodMessage(issue as Issue) };

/** "data.source.url" for an issue; an unknown key names itself. */
export function issueField(issue: { code: string; path: PropertyKey[]; keys?: string[] }): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) path.push(issue.keys[0]!);
  return path.join('.') || 'root.server';
}

/**
 * A resolver that turns the form's values into the request body first (empty inputs dropped or
 * nulled, data merged) and checks that body with the shared domain schema, so the messages
 * beside the fields are exactly the API's rules. Issue paths of the body are the form's names.
 */
export function bodyResolver<TForm extends FieldValues, TBody>(
  schema: z.ZodType<TBody>,
  toBody: (values: TForm) => unknown,
): Resolver<TForm, unknown, TBody> {
  return async (values, _context, options) => {
    const r = schema.safeParse(toBody(values), catalogueErrors);
    if (r.success) return { values: r.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of r.error.issues) {
      const name = issueField(issue as never);
      flat[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
