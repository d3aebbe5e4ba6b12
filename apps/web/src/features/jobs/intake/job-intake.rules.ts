import { z } from 'zod';
import type { CadIntakeFieldDef } from '@sunstamp/domain/jobs/cad-intake.schema';
import { ZJobIntake, type JobIntake, type JobIntakeField } from '@sunstamp/domain/jobs/job-intake.schema';
import { isCustomChoice } from '@sunstamp/domain/jobs/custom-choice.rules';
import { wetStampOrderProblems } from '@sunstamp/domain/jobs/wet-stamp.rules';
import { friendlyZodMessage } from '../../../lib/form-resolver.ts';

/** The new-job intake stepper: address → arrays → CAD intake → equipment → services → files → review. */
export const INTAKE_STEPS = [
  { key: 'address', label: 'Address' },
  { key: 'arrays', label: 'Arrays' },
  { key: 'cad', label: 'CAD intake' },
  { key: 'equipment', label: 'Equipment' },
  { key: 'services', label: 'Services' },
  { key: 'files', label: 'Files' },
  { key: 'review', label: 'Review' },
] as const;
export type IntakeStepKey = (typeof INTAKE_STEPS)[number]['key'];
export const FILES_STEP = INTAKE_STEPS.findIndex((s) => s.key === 'files');
export const REVIEW_STEP = INTAKE_STEPS.findIndex((s) => s.key === 'review');
export const stepIndexOf = (key: IntakeStepKey) => INTAKE_STEPS.findIndex((s) => s.key === key);

const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
/**
 * The new-job page's subtitle, counted from the steps: the steps to fill, then the review (it said
 * "Six short steps" above a stepper and a "Step 1 of 7" that count seven).
 */
export function newJobIntro(steps: readonly { key: string }[] = INTAKE_STEPS): string {
  const fill = steps.filter((s) => s.key !== 'review').length;
  const count = COUNT_WORDS[fill] ?? String(fill);
  const review = steps.some((s) => s.key === 'review') ? ', then a review' : '';
  return `${count} short steps${review}. Nothing is sent to our team until you submit.`;
}

const required = (what: string) => z.string().trim().min(1, what).max(300);

export type StepOptions = {
  /** Staff and users of several companies choose the company; a one-company client does not. */
  needsCompany?: boolean;
};

/** The fields each form step holds (the files and review steps hold none). */
const STEP_FIELDS = {
  address: [
    'name', 'client_name', 'client_street_address', 'city', 'state', 'client_zip_code', 'company', 'latitude',
    'longitude', 'home_elevation', 'structure_type', 'roof_type', 'gypsum_type', 'enclosed', 'exposure_category',
    'notes', 'job_files_link', 'company_verified_inspection', 'no_pictures', 'parcel_info', 'ahj', 'case_number',
  ],
  arrays: ['arrays'],
  cad: ['cad_intake'],
  services: ['services_requested', 'wet_stamp_order'],
} as const satisfies Partial<Record<IntakeStepKey, readonly JobIntakeField[]>>;

const fieldsOf = (keys: readonly JobIntakeField[]) => Object.fromEntries(keys.map((k) => [k, true])) as Record<JobIntakeField, true>;
const intake = ZJobIntake.shape;

/**
 * What a step checks before the stepper moves on: its fields of the domain's intake schema
 * (ZJobIntake), with what the API's submit check needs (a name, a street, an array, a service).
 */
export function stepSchema(step: IntakeStepKey, opts: StepOptions = {}): z.ZodType<unknown> {
  switch (step) {
    case 'address':
      return ZJobIntake.pick(fieldsOf(STEP_FIELDS.address))
        .extend({
          name: required('Give the job a name.').pipe(intake.name),
          client_street_address: required('Enter the site address.').pipe(intake.client_street_address),
        })
        .superRefine((v, ctx) => {
          if (opts.needsCompany && !v.company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'Choose the company this job is for.' });
        });
    case 'arrays':
      return z.object({ arrays: intake.arrays.min(1, 'Add at least one array.') });
    case 'cad':
      return ZJobIntake.pick(fieldsOf(STEP_FIELDS.cad));
    case 'services':
      // The wet stamp's copies and shipping address are asked with the service (issue 29, item 11).
      return z
        .object({ services_requested: intake.services_requested.min(1, 'Choose at least one service.'), wet_stamp_order: intake.wet_stamp_order })
        .superRefine((v, ctx) => {
          for (const problem of wetStampOrderProblems(v.services_requested, v.wet_stamp_order)) {
            const [path, message] = Object.entries(problem)[0]!;
            ctx.addIssue({ code: 'custom', path: path.split('.'), message });
          }
        });
    default:
      return z.object({});
  }
}

/** The messages a step would show, keyed by field path ("arrays.0.beam_span"); {} when it passes. */
export function validateStep(step: IntakeStepKey, values: JobIntake, opts: StepOptions = {}): Record<string, string> {
  const r = stepSchema(step, opts).safeParse(values, { error: (i) => friendlyZodMessage(i as never) });
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The first step that does not pass, or -1: the review step points there before submitting. */
export function firstInvalidStep(values: JobIntake, opts: StepOptions = {}): number {
  return INTAKE_STEPS.findIndex((s) => Object.keys(validateStep(s.key, values, opts)).length > 0);
}

const ADDRESS_FIELDS = new Set<string>(STEP_FIELDS.address);

/** The step that holds a field path (a server error is shown there); -1 for none. */
export function stepOfField(path: string): number {
  const head = path.split('.')[0]!;
  const key: IntakeStepKey | null =
    head === 'arrays' ? 'arrays'
    : head === 'cad_intake' ? 'cad'
    : head === 'services_requested' || head === 'wet_stamp_order' ? 'services'
    : head === 'equipment' || head === 'lines' ? 'equipment'
    : ADDRESS_FIELDS.has(head) || head === 'ahj_id' ? 'address'
    : null;
  return key ? INTAKE_STEPS.findIndex((s) => s.key === key) : -1;
}

type Choice = { value: string; label: string; inactive?: boolean };

/**
 * What a select offers for its current value: a deactivated option is not offered, but a job that
 * holds it keeps it, under its label; a value the list does not have at all still shows as itself.
 */
export function offeredChoices(options: readonly Choice[], current: string): Choice[] {
  const offered = options.filter((o) => !o.inactive || o.value === current);
  return current && !offered.some((o) => o.value === current) ? [...offered, { value: current, label: current }] : offered;
}

const OTHER: Choice = { value: 'Other', label: 'Other' };

/**
 * A CAD select's options: fixed, or its option list as loaded (inactive items included: the
 * select offers them only to a job that holds one), with the custom choice last when the field
 * has a custom text. A list's own active Other/Custom item is kept (its value, e.g. the connection
 * types' `other` slug, is what the arrays store too); otherwise "Other" is added, which the API
 * accepts for any field with a custom text.
 */
export function cadSelectOptions(def: Pick<CadIntakeFieldDef, 'options' | 'custom'>, list: readonly Choice[] | undefined): Choice[] {
  const base: Choice[] = def.options ? def.options.map((o) => ({ value: o, label: o })) : [...(list ?? [])];
  if (!def.custom) return base;
  const custom = base.filter((o) => isCustomChoice(o.value));
  const rest = base.filter((o) => !isCustomChoice(o.value));
  if (custom.some((o) => !o.inactive)) return [...rest, ...custom];
  // No active Other/Custom item: "Other" is offered anyway; an inactive one stays for a job that holds it.
  return [...rest, ...custom.filter((o) => o.value !== OTHER.value), OTHER];
}
