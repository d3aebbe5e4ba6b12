import { z } from 'zod';
import { ZAhjRef, ZParcelInfo, ZServiceCode, type Job, type JobBody, type ParcelInfo } from '../contracts/jobs.ts';
import { ARRAY_DEFAULTS, NEW_JOB_DEFAULTS, ZJobArray, ZNewJob, createJobArray, type JobArray } from './job-defaults.schema.ts';
import { CAD_INTAKE_DEFAULTS, ZCadIntake, createCadIntake, type CadIntake } from './cad-intake.schema.ts';
import { CAD_FIELDS_FROM_EQUIPMENT } from './job-equipment.rules.ts';
import { ZWetStampOrder } from './wet-stamp.rules.ts';

/**
 * The job intake form (the web's new-job stepper): one schema for the values the form holds, the
 * checks of its steps (the web picks its fields per step) and the PUT /jobs body it sends
 * (ZJobIntakeBody, the same schema with the AHJ sent as its id). The fields are the body's, by
 * the body's names, except `ahj`, which the form keeps with its name for the picker. Field order
 * is the order the body sends them (the history names changed fields in that order).
 */
const newJob = ZNewJob.shape;

export const ZJobIntake = z.object({
  name: newJob.name,
  client_name: newJob.client_name,
  client_street_address: newJob.client_street_address,
  client_zip_code: newJob.client_zip_code,
  city: z.string().trim().max(200),
  state: z.number().int().positive().nullable(),
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
  company_verified_inspection: newJob.company_verified_inspection,
  no_pictures: newJob.no_pictures,
  /** Filled by "Look up parcel" when the server has a parcel provider. */
  parcel_info: ZParcelInfo.nullable(),
  /** The job's AHJ (its requirements resolve last), with the name the picker shows. Sent as `ahj_id`. */
  ahj: ZAhjRef.nullable(),
  /** The AHJ case number, asked when the AHJ prints it in the title block (sent as the body's case_number). */
  case_number: z.string().trim().max(100).nullable(),
  services_requested: z.array(ZServiceCode).max(50),
  /** The wet stamp's copies and shipping address, asked when the wet stamp is ordered (null otherwise). */
  wet_stamp_order: ZWetStampOrder.nullable(),
  arrays: z.array(ZJobArray).max(50),
  cad_intake: ZCadIntake,
});
/** The intake form's values. */
export type JobIntake = z.input<typeof ZJobIntake>;
export type JobIntakeField = keyof JobIntake;

/**
 * The body of the form's values, field by field in the schema's order: the AHJ as `ahj_id`; the
 * company only when chosen (the API picks a one-company client's itself) and the parcel only when
 * looked up (a parcel stored meanwhile by staff is kept).
 */
export type JobIntakeBody = Omit<z.output<typeof ZJobIntake>, 'ahj' | 'company' | 'parcel_info' | 'cad_intake'> & {
  /** The CAD form without the equipment types and counts: the equipment lines give those (job-equipment.rules.ts). */
  cad_intake: Partial<CadIntake>;
  company?: string;
  parcel_info?: ParcelInfo;
  ahj_id: string | null;
};
function withoutEquipmentFields(cad: CadIntake): Partial<CadIntake> {
  const out: Partial<CadIntake> = { ...cad };
  for (const k of CAD_FIELDS_FROM_EQUIPMENT) delete out[k];
  return out;
}
function bodyOf(v: JobIntake): JobIntakeBody {
  const body: Record<string, unknown> = {};
  for (const k of Object.keys(ZJobIntake.shape) as JobIntakeField[]) {
    if (k === 'ahj') body.ahj_id = v.ahj?.id ?? null;
    else if ((k === 'company' || k === 'parcel_info') && !v[k]) continue;
    else if (k === 'cad_intake') body[k] = withoutEquipmentFields(v.cad_intake as CadIntake);
    else body[k] = v[k];
  }
  return body as JobIntakeBody;
}

/** The form → the PUT /jobs body (text trimmed as the API stores it). */
export const ZJobIntakeBody = ZJobIntake.transform(bodyOf);

/**
 * The PUT /jobs body for the form, with the id when updating. A value the schema refuses (a step
 * not checked yet) is sent as it is: the API answers its field errors, which the form shows on
 * their step.
 */
export function jobIntakeBody(values: JobIntake, id?: string | null): JobBody {
  const parsed = ZJobIntakeBody.safeParse(values);
  const body = parsed.success ? parsed.data : bodyOf(values);
  return { ...(id ? { id } : {}), ...body } satisfies JobBody;
}

/** The spec's defaults (NEW_JOB_DEFAULTS, ARRAY_DEFAULTS, CAD_INTAKE_DEFAULTS) with one array to start from. */
export function defaultJobIntake(company: string | null = null): JobIntake {
  const fromNewJob = Object.fromEntries(
    Object.keys(ZJobIntake.shape).filter((k) => k in NEW_JOB_DEFAULTS).map((k) => [k, NEW_JOB_DEFAULTS[k as keyof typeof NEW_JOB_DEFAULTS]]),
  );
  return {
    ...(fromNewJob as Omit<JobIntake, 'city' | 'state' | 'structure_type' | 'parcel_info' | 'ahj' | 'cad_intake' | 'case_number' | 'wet_stamp_order'>),
    city: '',
    state: null,
    company: company ?? NEW_JOB_DEFAULTS.company,
    structure_type: null,
    parcel_info: null,
    ahj: null,
    case_number: null,
    services_requested: [],
    wet_stamp_order: null,
    arrays: [createJobArray()],
    cad_intake: createCadIntake(),
  };
}

/** The known keys of `source` over a copy of `defaults` (a key the source lacks keeps its default). */
function pick<T extends object>(defaults: Readonly<T>, source: Record<string, unknown>): T {
  const out = { ...defaults } as Record<string, unknown>;
  for (const k of Object.keys(defaults)) {
    const v = source[k];
    if (v !== undefined) out[k] = Array.isArray(v) ? [...v] : v;
  }
  return out as T;
}

/**
 * A saved job back into the form (resuming a draft, editing a submitted job): the fields the form
 * and the answer share by name, and the answer's objects (city, state, company, AHJ) as the
 * form's values. Arrays and the CAD form keep only their own fields (not the answer's images).
 */
export function jobIntakeOf(job: Job): JobIntake {
  const base = defaultJobIntake(job.company.id);
  const { arrays: _a, cad_intake: _c, company: _co, ...shared } = base;
  return {
    ...base,
    ...pick(shared, job as unknown as Record<string, unknown>),
    city: job.client_city?.name ?? '',
    state: job.client_state?.id ?? null,
    ahj: job.ahj && { id: job.ahj.id, name: job.ahj.name, state: job.ahj.state },
    wet_stamp_order: job.wet_stamp_order && { ...job.wet_stamp_order },
    arrays: job.arrays.length ? job.arrays.map((a) => pick<JobArray>(ARRAY_DEFAULTS, a as Record<string, unknown>)) : base.arrays,
    cad_intake: pick<CadIntake>(CAD_INTAKE_DEFAULTS, job.cad_intake),
  };
}
