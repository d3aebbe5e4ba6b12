import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Props that wire an MUI TextField to react-hook-form: the ref goes to the <input> (inputRef),
 * and the field's error message replaces the helper text.
 */
export function textFieldProps<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  name: Path<T>,
  helperText?: string,
) {
  const { ref, ...rest } = form.register(name);
  const error = errorAt(form.formState.errors, name);
  return { ...rest, inputRef: ref, error: !!error, helperText: error ?? helperText };
}

function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}
