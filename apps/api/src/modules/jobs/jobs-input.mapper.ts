import type { z } from 'zod';
import { isClientRole, isInternalStaff } from '@sunstamp/domain/roles';
import { changedJobFields } from '@sunstamp/domain/jobs/job-diff.rules';
import { ARRAY_DEFAULTS, ZJobArray, type JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS, ZCadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import { framingOptionsFor } from '@sunstamp/domain/jobs/framing.rules';
import {
  cadDirectoryLookups, cadDirectoryProblems, isUtilityId, optionChoiceProblems, type OptionChoices, type OptionLookup,
} from '@sunstamp/domain/jobs/job-options.rules';
import type { ParcelInfo, ZJobBody } from '@sunstamp/domain/contracts/jobs';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { unprocessable, invalidFields } from '../../platform/errors.ts';
import { stateContradictions } from './jobs-consistency.ts';
import * as repo from './jobs.repository.ts';

/**
 * A PUT /jobs body (contracts/jobs.ts ZJobBody) → the job's column values, checked: references,
 * option fields against the database's option lists, arrays and the CAD intake form completed
 * with their defaults and validated, and the spec §5 rules on the job as it will be. A lookup
 * runs only for a value that changes: a stored state, AHJ or company was checked when it was
 * written, and the span limit (settings) is read only when the arrays change. The intake re-sends
 * the whole form on every step, so an unchanged re-send reads nothing here.
 */

export type ParsedJobBody = z.output<typeof ZJobBody>;
type Args = Record<string, string>[];

function zodArgs(prefix: string, error: z.ZodError): Args {
  return error.issues.map((i) => ({ [[prefix, ...i.path.map(String)].filter(Boolean).join('.')]: i.message }));
}

/** Body fields stored as they come, and their columns. */
const SIMPLE_FIELDS = {
  name: 'name',
  client_name: 'clientName',
  client_street_address: 'clientStreetAddress',
  client_zip_code: 'clientZipCode',
  city: 'clientCity',
  home_elevation: 'homeElevation',
  latitude: 'latitude',
  longitude: 'longitude',
  company_verified_inspection: 'companyVerifiedInspection',
  no_pictures: 'noPictures',
  roof_type: 'roofType',
  gypsum_type: 'gypsumType',
  enclosed: 'enclosed',
  exposure_category: 'exposureCategory',
  notes: 'notes',
  services_requested: 'servicesRequested',
  job_files_link: 'jobFilesLink',
  requirements: 'requirements',
  site_photo_count: 'sitePhotoCount',
  structural_pages_to_stamp: 'structuralPagesToStamp',
  electrical_pages_to_stamp: 'electricalPagesToStamp',
  rejection_notice: 'rejectionNotice',
  structure_type: 'structureType',
} as const satisfies Partial<Record<keyof ParsedJobBody, keyof repo.JobInsert>>;

/** Body field → the column its value lands in (jobValuesOf and resolveCompany fill them). */
export const BODY_COLUMNS = {
  ...SIMPLE_FIELDS,
  state: 'clientStateId',
  connection_type_id: 'connectionType',
  arrays: 'arrays',
  cad_intake: 'cadIntake',
  parcel_info: 'parcelInfo',
  ahj_id: 'ahjId',
  company: 'companyId',
  case_number: 'cadFields',
  wet_stamp_order: 'wetStampOrder',
} as const satisfies Partial<Record<keyof ParsedJobBody, keyof repo.JobInsert>>;
export type BodyField = keyof typeof BODY_COLUMNS;

export const EMPTY_PARCEL: ParcelInfo = {
  parcel_id: null, county_name: null, muni_name: null, zoning: null,
  acreage_calc: null, bldg_sqft: null, roof_height: null, legal_desc1: null,
};

/** A stored job's option fields, as the option rule compares them ("the value it already holds"). */
const storedChoices = (job: repo.JobRow): OptionChoices => ({
  connection_type_id: job.connectionType,
  structure_type: job.structureType,
  gypsum_type: job.gypsumType,
  arrays: job.arrays as JobArray[],
  cad_intake: job.cadIntake as Record<string, unknown>,
});

/**
 * The column values of a body (only the fields sent), for a new job (`current` undefined) or an
 * existing one. Throws 400 for a bad or unknown value, 422 for a broken design rule.
 */
export async function jobValuesOf(db: DbOrTx, body: ParsedJobBody, current: repo.JobRow | undefined, lists: OptionLookup): Promise<Partial<repo.JobInsert>> {
  const set: Partial<repo.JobInsert> = {};
  const bad: Args = [];
  for (const [k, col] of Object.entries(SIMPLE_FIELDS)) {
    const v = body[k as keyof ParsedJobBody];
    if (v !== undefined) (set as Record<string, unknown>)[col] = v;
  }
  if (body.state !== undefined) {
    // The state the job already holds exists (a foreign key): only a new one is looked up.
    if (body.state === null || body.state === current?.clientStateId) set.clientStateId = body.state;
    else if (!(await repo.getState(db, body.state))) bad.push({ state: 'Unknown state.' });
    else set.clientStateId = body.state;
  }
  if (body.connection_type_id !== undefined) set.connectionType = body.connection_type_id;
  if (body.ahj_id !== undefined) {
    // An active AHJ, or the one the job already holds (deactivated since or not).
    if (body.ahj_id === null || body.ahj_id === current?.ahjId) set.ahjId = body.ahj_id;
    else if ((await repo.getAhjRow(db, body.ahj_id))?.isActive) set.ahjId = body.ahj_id;
    else bad.push({ ahj_id: 'Unknown or inactive AHJ.' });
  }
  // Each array as it will be stored, by its index ({} for one that failed its shape check).
  let arrayChoices: Partial<JobArray>[] | undefined;
  if (body.arrays !== undefined) {
    const arrays: JobArray[] = [];
    arrayChoices = body.arrays.map((a, i) => {
      const parsed = ZJobArray.safeParse({ ...ARRAY_DEFAULTS, beam_span: [...ARRAY_DEFAULTS.beam_span], ...a });
      if (parsed.success) arrays.push(parsed.data);
      else bad.push(...zodArgs(`arrays.${i}`, parsed.error));
      return parsed.success ? parsed.data : {};
    });
    set.arrays = arrays;
  }
  if (body.cad_intake !== undefined) {
    // Onto the defaults: an intake stored before a field existed (issue 25's) still parses.
    const base = { ...CAD_INTAKE_DEFAULTS, ...((current?.cadIntake as object | undefined) ?? {}) };
    const parsed = ZCadIntake.safeParse({ ...base, ...body.cad_intake });
    if (parsed.success) set.cadIntake = parsed.data;
    else bad.push(...zodArgs('cad_intake', parsed.error));
  }
  if (body.case_number !== undefined) {
    // The dynamic CAD field the designer fills too (PUT /jobs/{id}/cad-fields): the other keys stay.
    const cadFields = { ...((current?.cadFields as Record<string, unknown> | undefined) ?? {}) };
    if (body.case_number === null) delete cadFields.case_number;
    else cadFields.case_number = body.case_number;
    set.cadFields = cadFields;
  }
  if (body.wet_stamp_order !== undefined) set.wetStampOrder = body.wet_stamp_order;
  if (body.parcel_info !== undefined) {
    set.parcelInfo = body.parcel_info === null ? null : { ...EMPTY_PARCEL, ...((current?.parcelInfo as object | null) ?? {}), ...body.parcel_info };
  }
  // Option fields: the parts sent, arrays and CAD form as they will be stored (a CAD form that failed its shape check is skipped).
  bad.push(...optionChoiceProblems({
    connection_type_id: body.connection_type_id,
    structure_type: body.structure_type,
    gypsum_type: body.gypsum_type,
    arrays: arrayChoices,
    cad_intake: set.cadIntake as Record<string, unknown> | undefined,
  }, current && storedChoices(current), lists));
  // The CAD form's utility and state name directory rows: looked up only when changed (one query each at most).
  const lookups = cadDirectoryLookups(set.cadIntake as Record<string, unknown> | undefined, current?.cadIntake as Record<string, unknown> | undefined);
  if (lookups.utility !== undefined || lookups.state !== undefined) {
    // In turn, not together: `db` may be a transaction's one connection.
    const utility = lookups.utility !== undefined && isUtilityId(lookups.utility) && (await repo.utilityIsActive(db, lookups.utility));
    const state = lookups.state !== undefined && (await repo.stateAbbreviationExists(db, lookups.state));
    bad.push(...cadDirectoryProblems(lookups, { utility, state }));
  }
  // The CAD form's state, the utility and the AHJ must be the site's state.
  if (!bad.length) bad.push(...(await stateContradictions(db, set, current)));
  if (bad.length) throw invalidFields(bad);

  // Spec §5 rules on the job as it will be.
  const structureType = set.structureType !== undefined ? set.structureType : current?.structureType ?? null;
  const arrays = (set.arrays ?? current?.arrays ?? []) as JobArray[];
  if (set.arrays !== undefined || set.structureType !== undefined) {
    const framing = framingOptionsFor(structureType);
    arrays.forEach((a, i) => {
      if (a.frame_shape !== null && !a.nonstandard_framing && !framing.includes(a.frame_shape)) {
        bad.push({ [`arrays.${i}.frame_shape`]: `Choose one of: ${framing.join(', ')}.` });
      }
    });
  }
  // The span check does not refuse a job: it warns, and staff review it (job-checks.rules.ts, GET /jobs/{id}/equipment).
  if (bad.length) throw unprocessable('The job breaks a design rule.', bad);
  return set;
}

/** The company a job is for: the one asked for if the principal may use it, else the current or a one-company client's. */
export async function resolveCompany(db: DbOrTx, p: Principal, requested: string | null | undefined, current?: string): Promise<string> {
  if (requested === undefined || requested === null) {
    if (current) return current;
    if (isClientRole(p.role) && p.companyIds.length === 1) return p.companyIds[0]!;
    throw invalidFields([{ company: 'Choose the company this job is for.' }]);
  }
  if (requested === current) return requested;
  const ok = isInternalStaff(p.role) ? !!(await repo.getCompanyRow(db, requested)) : p.companyIds.includes(requested);
  if (!ok) throw invalidFields([{ company: 'Unknown company.' }]);
  return requested;
}

/**
 * The body fields whose value really changes the stored job: each compared as it will be stored
 * (defaults filled, validated) with the stored value, normalised by the domain diff rule. The
 * services are a set: their order is no change.
 */
export function changedFieldsOf(body: ParsedJobBody, set: Partial<repo.JobInsert>, job: repo.JobRow): BodyField[] {
  const incoming: Partial<Record<BodyField, unknown>> = {};
  const stored: Partial<Record<BodyField, unknown>> = {};
  for (const k of Object.keys(body)) {
    if (!(k in BODY_COLUMNS)) continue;
    const col = BODY_COLUMNS[k as BodyField];
    if (set[col] === undefined) continue;
    incoming[k as BodyField] = set[col];
    stored[k as BodyField] = job[col as keyof repo.JobRow];
  }
  return changedJobFields(incoming, stored, { unordered: ['services_requested'] });
}

/** The columns of the changed fields, with their new values. */
export function changedColumnsOf(fields: readonly BodyField[], set: Partial<repo.JobInsert>): Partial<repo.JobInsert> {
  const changed: Partial<repo.JobInsert> = {};
  for (const f of fields) (changed as Record<string, unknown>)[BODY_COLUMNS[f]] = set[BODY_COLUMNS[f]];
  return changed;
}
