import type { OptionDataField } from '@sunstamp/domain/catalogue/option-list-data.schema';

/** A form input's value for one typed data field: numbers and choices may be empty (null). */
export type OptionDataFormValue = number | boolean | string | null;

/**
 * The new full order of a list after moving `id` one place up (-1) or down (+1) among the rows
 * on screen. Hidden (inactive) rows keep their places relative to the others; the API takes
 * the full order. Null when the row is already first or last on screen.
 */
export function moveInOrder(order: readonly number[], visible: readonly number[], id: number, dir: -1 | 1): number[] | null {
  const at = visible.indexOf(id);
  const neighbour = visible[at + dir];
  if (at < 0 || neighbour === undefined) return null;
  const rest = order.filter((x) => x !== id);
  const n = rest.indexOf(neighbour);
  if (n < 0) return null;
  rest.splice(dir < 0 ? n : n + 1, 0, id);
  return rest;
}

/** "Clay Tile (Spanish)" → "clay_tile_spanish". */
export const slugOf = (label: string) =>
  label.trim().toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 200);

/**
 * The stored value a new item suggests from its label: lists whose values are their labels (the
 * spec's own wording, e.g. gypsum "No Drywall") keep that; the others use a snake_case slug.
 */
export function suggestOptionValue(label: string, items: readonly { value: string; label: string }[]): string {
  const sameAsLabel = items.length > 0 && items.every((i) => i.value === i.label);
  return sameAsLabel ? label.trim() : slugOf(label);
}

/** An item's data → the form's inputs (a missing number is an empty input). */
export function optionDataFormValues(fields: readonly OptionDataField[], data: Record<string, unknown> | undefined): Record<string, OptionDataFormValue> {
  const out: Record<string, OptionDataFormValue> = {};
  for (const f of fields) {
    const v = data?.[f.key];
    if (f.type === 'boolean') out[f.key] = v === true;
    else if (f.type === 'number') out[f.key] = typeof v === 'number' ? v : null;
    else out[f.key] = typeof v === 'string' ? v : f.type === 'choice' ? null : '';
  }
  return out;
}

/**
 * The form's inputs → the item's data. Fields not declared are kept as they were; an empty
 * number is null, which the schema accepts only where null means something (else "required").
 */
export function optionDataFromForm(
  fields: readonly OptionDataField[],
  values: Record<string, OptionDataFormValue>,
  original: Record<string, unknown> = {},
): Record<string, unknown> {
  if (fields.length === 0) return { ...original };
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.type === 'boolean') out[f.key] = v === true;
    else if (f.type === 'number') out[f.key] = typeof v === 'number' && !Number.isNaN(v) ? v : null;
    else if (f.type === 'choice') out[f.key] = typeof v === 'string' && v ? v : null;
    else out[f.key] = typeof v === 'string' ? v.trim() : '';
  }
  return out;
}

/** One data value as grid text: "2.75 psf", "Yes", the choice's label, "—" when empty. */
export function formatOptionData(field: OptionDataField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'number':
      return typeof value === 'number' ? `${value.toLocaleString('en-US', { maximumFractionDigits: 6 })}${field.unit ? ` ${field.unit}` : ''}` : String(value);
    case 'choice':
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    case 'text':
      return String(value);
  }
}
