import { useFormContext, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** What every field of the kit takes: its name, and the form's control unless a FormProvider gives it. */
export type FieldBase<T extends FieldValues> = { name: Path<T>; control?: Control<T, any, any> };

/** The control a field binds to: the one passed, else the surrounding FormProvider's. */
export function useFieldControl<T extends FieldValues>(control: Control<T, any, any> | undefined): Control<T, any, any> {
  const context = useFormContext<T>() as UseFormReturn<T> | null;
  const found = control ?? context?.control;
  if (!found) throw new Error('A form field needs a control or a surrounding FormProvider');
  return found;
}

/**
 * Props that wire a plain MUI TextField to react-hook-form's register: the ref goes to the <input>
 * (inputRef), and the field's error message replaces the helper text.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T, any, any>, name: Path<T>, helperText?: string) {
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
