import type { z } from 'zod';
import type { JobCadFieldsBody, ZJobCadField } from '@sunstamp/domain/contracts/job-requirements';

/*
 * The "Design inputs" form of the job page: the dynamic CAD fields as the inputs hold
 * them (numbers as typed text, files as job file ids), what Save sends (only the fields that
 * changed), and where the server's field messages go. No React here.
 */

export type JobCadField = z.infer<typeof ZJobCadField>;
export type CadFieldValue = JobCadFieldsBody['values'][string];
/** What an input holds: the typed text, or the ids of the chosen job files. */
export type CadFieldDraft = string | string[];
export type CadFieldDrafts = Record<string, CadFieldDraft>;

/** The inputs' starting state from the server's values. */
export function cadFieldDraftsOf(fields: readonly JobCadField[]): CadFieldDrafts {
  const out: CadFieldDrafts = {};
  for (const f of fields) {
    if (f.type === 'files') out[f.key] = Array.isArray(f.value) ? f.value.map((x) => x.id) : [];
    else out[f.key] = f.value === null || Array.isArray(f.value) ? '' : String(f.value);
  }
  return out;
}

/** An input's value as the API takes it ('' and no files = null, the field cleared), or why it cannot be. */
export function parseCadFieldDraft(
  field: Pick<JobCadField, 'type'>,
  draft: CadFieldDraft | undefined,
): { value: CadFieldValue } | { error: string } {
  if (field.type === 'files') {
    const ids = Array.isArray(draft) ? draft : [];
    return { value: ids.length ? [...ids] : null };
  }
  const text = typeof draft === 'string' ? draft.trim() : '';
  if (text === '') return { value: null };
  if (field.type === 'text') return { value: text };
  const n = Number(text);
  if (!Number.isFinite(n)) return { error: 'Enter a number.' };
  if (field.type === 'int' && !Number.isInteger(n)) return { error: 'Enter a whole number.' };
  return { value: n };
}

const same = (a: CadFieldValue, b: CadFieldValue) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

/**
 * What Save sends: the fields whose input differs from the server's value (only those, so a save
 * never overwrites a field someone else changed meanwhile), and the inputs that do not parse.
 */
export function changedCadFieldValues(
  fields: readonly JobCadField[],
  drafts: Readonly<CadFieldDrafts>,
): { values: JobCadFieldsBody['values']; errors: Record<string, string> } {
  const saved = cadFieldDraftsOf(fields);
  const values: Record<string, CadFieldValue> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const next = parseCadFieldDraft(f, drafts[f.key]);
    if ('error' in next) {
      errors[f.key] = next.error;
      continue;
    }
    const before = parseCadFieldDraft(f, saved[f.key]);
    if (!('value' in before) || !same(before.value, next.value)) values[f.key] = next.value;
  }
  return { values, errors };
}

/**
 * The server's 400 `args` ({path: message}) beside their fields: `values.case_number`,
 * `values.parcel_info.parcel_id` or `values.cad_photos.attic_photos_on_cad.0` name a field (keys
 * hold dots themselves, so the longest key the path starts with wins); the rest is for the form.
 */
export function cadFieldErrorsOf(
  fieldErrors: Readonly<Record<string, string>>,
  keys: readonly string[],
): { byField: Record<string, string>; other: string[] } {
  const byKey = [...keys].sort((a, b) => b.length - a.length);
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const p = path.replace(/^values\./, '');
    const key = byKey.find((k) => p === k || p.startsWith(`${k}.`));
    if (key) byField[key] = byField[key] ? `${byField[key]} ${message}` : message;
    else other.push(message);
  }
  return { byField, other };
}

/** "Asked by: Building Permit Number Label, Parcel Info Block": the asking requirements' labels. */
export function askedByText(askedBy: readonly string[], labelOf: (key: string) => string | undefined): string {
  return `Asked by: ${askedBy.map((k) => labelOf(k) ?? k).join(', ')}`;
}
