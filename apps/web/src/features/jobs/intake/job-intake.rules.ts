import { z } from 'zod';
import { ZParcelInfo, ZServiceCode, type Job, type JobBody, type ParcelInfo, type ZAhjRef } from '@sunstamp/domain/contracts/jobs';
import { ARRAY_DEFAULTS, NEW_JOB_DEFAULTS, ZJobArray, ZNewJob, createJobArray, type JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS, ZCadIntake, createCadIntake, type CadIntake, type CadIntakeFieldDef } from '@sunstamp/domain/jobs/cad-intake.schema';
import { isCustomChoice } from '@sunstamp/domain/jobs/custom-choice.rules';
import { friendlyZodMessage } from '../../../lib/form-resolver.ts';

/** The new-job intake stepper (issue 3): address → arrays → CAD intake → services → files → review. */
export const INTAKE_STEPS = [
  { key: 'address', label: 'Address' },
  { key: 'arrays', label: 'Arrays' },
  { key: 'cad', label: 'CAD intake' },
  { key: 'services', label: 'Services' },
  { key: 'files', label: 'Files' },
  { key: 'review', label: 'Review' },
] as const;
export type IntakeStepKey = (typeof INTAKE_STEPS)[number]['key'];
export const FILES_STEP = INTAKE_STEPS.findIndex((s) => s.key === 'files');
export const REVIEW_STEP = INTAKE_STEPS.findIndex((s) => s.key === 'review');

const newJob = ZNewJob.shape;

/** The whole intake form: the job fields of the PUT /jobs body the stepper edits. */
export type IntakeValues = {
  name: string;
  client_name: string;
  client_street_address: string;
  city: string;
  state: number | null;
  client_zip_code: string;
  company: string | null;
  latitude: number | null;
  longitude: number | null;
  home_elevation: number | null;
  structure_type: string | null;
  roof_type: z.infer<typeof newJob.roof_type>;
  gypsum_type: z.infer<typeof newJob.gypsum_type>;
  enclosed: z.infer<typeof newJob.enclosed>;
  exposure_category: z.infer<typeof newJob.exposure_category>;
  notes: string;
  job_files_link: string;
  company_verified_inspection: boolean;
  no_pictures: boolean;
  /** Filled by "Look up parcel" when the server has a parcel provider. */
  parcel_info: ParcelInfo | null;
  /** The job's AHJ (issue 4 §2): its requirements resolve last. Sent as `ahj_id`. */
  ahj: z.infer<typeof ZAhjRef> | null;
  arrays: JobArray[];
  cad_intake: CadIntake;
  services_requested: string[];
};

/** The spec's defaults (NEW_JOB_DEFAULTS, ARRAY_DEFAULTS, CAD_INTAKE_DEFAULTS) with one array to start from. */
export function defaultIntakeValues(company: string | null = null): IntakeValues {
  return {
    name: NEW_JOB_DEFAULTS.name,
    client_name: NEW_JOB_DEFAULTS.client_name,
    client_street_address: NEW_JOB_DEFAULTS.client_street_address,
    city: '',
    state: null,
    client_zip_code: NEW_JOB_DEFAULTS.client_zip_code,
    company: company ?? NEW_JOB_DEFAULTS.company,
    latitude: NEW_JOB_DEFAULTS.latitude,
    longitude: NEW_JOB_DEFAULTS.longitude,
    home_elevation: NEW_JOB_DEFAULTS.home_elevation,
    structure_type: null,
    roof_type: NEW_JOB_DEFAULTS.roof_type,
    gypsum_type: NEW_JOB_DEFAULTS.gypsum_type,
    enclosed: NEW_JOB_DEFAULTS.enclosed,
    exposure_category: NEW_JOB_DEFAULTS.exposure_category,
    notes: NEW_JOB_DEFAULTS.notes,
    job_files_link: NEW_JOB_DEFAULTS.job_files_link,
    company_verified_inspection: NEW_JOB_DEFAULTS.company_verified_inspection,
    no_pictures: NEW_JOB_DEFAULTS.no_pictures,
    parcel_info: null,
    ahj: null,
    arrays: [createJobArray()],
    cad_intake: createCadIntake(),
    services_requested: [],
  };
}

const required = (what: string) => z.string().trim().min(1, what).max(300);

export type StepOptions = {
  /** Staff and users of several companies choose the company; a one-company client does not. */
  needsCompany?: boolean;
};

/** What a step checks before the stepper moves on (the submit checks of the API come first). */
export function stepSchema(step: IntakeStepKey, opts: StepOptions = {}): z.ZodType<unknown> {
  switch (step) {
    case 'address':
      return z
        .object({
          name: required('Give the job a name.').pipe(newJob.name),
          client_name: newJob.client_name,
          client_street_address: required('Enter the site address.').pipe(newJob.client_street_address),
          city: z.string().trim().max(200),
          state: z.number().int().positive().nullable(),
          client_zip_code: newJob.client_zip_code,
          company: z.string().nullable(),
          latitude: newJob.latitude,
          longitude: newJob.longitude,
          home_elevation: newJob.home_elevation,
          structure_type: z.string().max(100).nullable(),
          roof_type: newJob.roof_type,
          gypsum_type: newJob.gypsum_type,
          enclosed: newJob.enclosed,
          exposure_category: newJob.exposure_category,
          notes: newJob.notes,
          job_files_link: newJob.job_files_link,
          parcel_info: ZParcelInfo.nullable(),
        })
        .superRefine((v, ctx) => {
          if (opts.needsCompany && !v.company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'Choose the company this job is for.' });
        });
    case 'arrays':
      return z.object({ arrays: z.array(ZJobArray).min(1, 'Add at least one array.').max(50) });
    case 'cad':
      return z.object({ cad_intake: ZCadIntake });
    case 'services':
      return z.object({ services_requested: z.array(ZServiceCode).min(1, 'Choose at least one service.').max(50) });
    default:
      return z.object({});
  }
}

/** The messages a step would show, keyed by field path ("arrays.0.beam_span"); {} when it passes. */
export function validateStep(step: IntakeStepKey, values: IntakeValues, opts: StepOptions = {}): Record<string, string> {
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
export function firstInvalidStep(values: IntakeValues, opts: StepOptions = {}): number {
  return INTAKE_STEPS.findIndex((s) => Object.keys(validateStep(s.key, values, opts)).length > 0);
}

const ADDRESS_FIELDS = new Set<string>([
  'name', 'client_name', 'client_street_address', 'city', 'state', 'client_zip_code', 'company', 'latitude',
  'longitude', 'home_elevation', 'structure_type', 'roof_type', 'gypsum_type', 'enclosed', 'exposure_category',
  'notes', 'job_files_link', 'company_verified_inspection', 'no_pictures', 'parcel_info',
]);

/** The step that holds a field path (a server error is shown there); -1 for none. */
export function stepOfField(path: string): number {
  const head = path.split('.')[0]!;
  const key: IntakeStepKey | null =
    head === 'arrays' ? 'arrays'
    : head === 'cad_intake' ? 'cad'
    : head === 'services_requested' ? 'services'
    : ADDRESS_FIELDS.has(head) ? 'address'
    : null;
  return key ? INTAKE_STEPS.findIndex((s) => s.key === key) : -1;
}

/** The PUT /jobs body for the form: without an id it creates the draft, with one it updates it. */
export function toJobBody(v: IntakeValues, id?: string | null): JobBody {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(),
    client_name: v.client_name.trim(),
    client_street_address: v.client_street_address.trim(),
    client_zip_code: v.client_zip_code.trim(),
    city: v.city.trim(),
    state: v.state,
    // Left out when empty: the API picks a one-company client's company itself.
    ...(v.company ? { company: v.company } : {}),
    latitude: v.latitude,
    longitude: v.longitude,
    home_elevation: v.home_elevation,
    structure_type: v.structure_type,
    roof_type: v.roof_type,
    gypsum_type: v.gypsum_type,
    enclosed: v.enclosed,
    exposure_category: v.exposure_category,
    notes: v.notes,
    job_files_link: v.job_files_link.trim(),
    company_verified_inspection: v.company_verified_inspection,
    no_pictures: v.no_pictures,
    ...(v.parcel_info ? { parcel_info: { ...v.parcel_info } } : {}),
    ahj_id: v.ahj?.id ?? null,
    services_requested: [...v.services_requested],
    arrays: v.arrays.map((a) => ({ ...a, beam_span: [...a.beam_span] })),
    cad_intake: { ...v.cad_intake },
  };
}

const ARRAY_KEYS = Object.keys(ARRAY_DEFAULTS) as (keyof JobArray)[];
const CAD_KEYS = Object.keys(CAD_INTAKE_DEFAULTS) as (keyof CadIntake)[];

function pick<T extends object>(defaults: Readonly<T>, keys: readonly (keyof T)[], source: Record<string, unknown>): T {
  const out = { ...defaults } as T;
  for (const k of keys) if (source[k as string] !== undefined) (out as Record<string, unknown>)[k as string] = source[k as string];
  return out;
}

/** A saved job back into the form (resuming a draft): the answer's objects become the body's ids. */
export function intakeValuesOf(job: Job): IntakeValues {
  const base = defaultIntakeValues(job.company.id);
  return {
    ...base,
    ahj: job.ahj && { id: job.ahj.id, name: job.ahj.name, state: job.ahj.state },
    name: job.name,
    client_name: job.client_name,
    client_street_address: job.client_street_address,
    city: job.client_city?.name ?? '',
    state: job.client_state?.id ?? null,
    client_zip_code: job.client_zip_code,
    latitude: job.latitude,
    longitude: job.longitude,
    home_elevation: job.home_elevation,
    structure_type: job.structure_type,
    roof_type: job.roof_type as IntakeValues['roof_type'],
    gypsum_type: job.gypsum_type as IntakeValues['gypsum_type'],
    enclosed: job.enclosed as IntakeValues['enclosed'],
    exposure_category: job.exposure_category as IntakeValues['exposure_category'],
    notes: job.notes,
    job_files_link: job.job_files_link,
    company_verified_inspection: job.company_verified_inspection,
    no_pictures: job.no_pictures,
    parcel_info: job.parcel_info,
    arrays: job.arrays.length
      ? job.arrays.map((a) => {
          const arr = pick(ARRAY_DEFAULTS, ARRAY_KEYS, a as Record<string, unknown>);
          return { ...arr, beam_span: [...arr.beam_span] };
        })
      : base.arrays,
    cad_intake: pick(CAD_INTAKE_DEFAULTS, CAD_KEYS, job.cad_intake),
    services_requested: [...job.services_requested],
  };
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
