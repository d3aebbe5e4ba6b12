import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZJob, ZJobBody, type Job } from '../contracts/jobs.ts';
import { ARRAY_DEFAULTS, NEW_JOB_DEFAULTS } from './job-defaults.schema.ts';
import { CAD_INTAKE_DEFAULTS } from './cad-intake.schema.ts';
import { ZJobIntake, defaultJobIntake, jobIntakeBody, jobIntakeOf, type JobIntake } from './job-intake.schema.ts';

const ID = '7f0a3e0e-93c3-4c5e-9a7c-9d2f0c0b1a11';
const AHJ = { id: '0b9c6a5e-1f0e-4f43-8d7e-5f7f0c5e2a10', name: 'City of Austin', state: 'TX' };
const filled = (over: Partial<JobIntake> = {}): JobIntake => ({
  ...defaultJobIntake(),
  name: 'Smith residence',
  client_street_address: '1 Main St',
  services_requested: ['cad_packet'],
  ...over,
});

/** A job answer as GET /jobs/{id} gives it (checked against ZJob). */
function answer(over: Partial<Job> = {}): Job {
  const image = { id: ID, kind: 'attic', category: 'site', name: 'a.jpg', mime: 'image/jpeg', size: 1, array_index: 0, has_preview: true, created_at: '2026-01-01T00:00:00.000Z' };
  return ZJob.parse({
    id: ID, name: 'Casa Rivera', client_name: 'Ana Rivera', client_street_address: '5 Calle Sol', client_zip_code: '00901',
    client_city: { name: 'San Juan', state_id: 52 }, client_state: { id: 52, name: 'Puerto Rico', abbreviation: 'PR' },
    connection_type: null, structure_type: 'Single Family Residence', company: { id: ID, name: 'Acme Solar' },
    home_elevation: 12, latitude: 18.46, longitude: -66.1, company_verified_inspection: true, no_pictures: false,
    roof_type: 'Hip Roof', gypsum_type: 'No Drywall', enclosed: 'Enclosed', exposure_category: 'C', status: 'Draft', client_status: 'Draft',
    notes: ' gate code 1 ', services_requested: ['structural_roof_letter'], job_files_link: '',
    arrays: [{ ...ARRAY_DEFAULTS, panel_quantity: 10, attic_images: [image], beam_space_images: [], beam_size_images: [] }],
    requirements: [], cad_intake: { ...CAD_INTAKE_DEFAULTS, msp_rating: 200 }, parcel_info: null, ahj: AHJ, case_number: null, wet_stamp_order: null,
    site_photo_count: 2, structural_pages_to_stamp: '', electrical_pages_to_stamp: '', rejection_notice: null,
    assignee: null, created_by: null, is_active: true, revision_number: 0, is_overdue: false, pending_admin_hours: 0, waiting_on: null, action_needed: null, request: null, may_edit: true,
    job_files: [], panel_layout_images: [], allowed_transitions: [], submitted_at: null, tasks: [],
    created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });
}

describe('intake defaults', () => {
  it('start from the spec defaults with one array', () => {
    const v = defaultJobIntake();
    expect(v.roof_type).toBe(NEW_JOB_DEFAULTS.roof_type);
    expect(v.gypsum_type).toBe('No Drywall');
    expect(v.enclosed).toBe('Enclosed');
    expect(v.arrays).toEqual([ARRAY_DEFAULTS]);
    expect(v.arrays[0]!.beam_span).not.toBe(ARRAY_DEFAULTS.beam_span);
    expect(v.cad_intake).toEqual(CAD_INTAKE_DEFAULTS);
    expect(v.cad_intake.needs_structural_cad).toBe(true);
    expect(v.services_requested).not.toBe(NEW_JOB_DEFAULTS.services_requested);
    expect(defaultJobIntake(ID).company).toBe(ID);
    // Every field of the schema has a default, and the defaults are valid values.
    expect(Object.keys(v).sort()).toEqual(Object.keys(ZJobIntake.shape).sort());
    expect(ZJobIntake.safeParse(v).success).toBe(true);
  });
});

describe('the PUT /jobs body', () => {
  it('is a valid body, with the id only when updating and no company when unset', () => {
    const body = jobIntakeBody(filled({ state: 44, city: 'Austin', latitude: 30.27, longitude: -97.74 }));
    expect(ZJobBody.safeParse(body).success).toBe(true);
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('company');
    expect(body).not.toHaveProperty('parcel_info');
    expect(jobIntakeBody(filled({ company: ID }), ID)).toMatchObject({ id: ID, company: ID });
  });
  it('sends the AHJ as ahj_id (null: none chosen) and never the picker\'s object', () => {
    expect(jobIntakeBody(filled({}))).toMatchObject({ ahj_id: null });
    const body = jobIntakeBody(filled({ ahj: AHJ }));
    expect(body).toMatchObject({ ahj_id: AHJ.id });
    expect(body).not.toHaveProperty('ahj');
    expect(ZJobBody.safeParse(body).success).toBe(true);
  });
  it('trims text as the API stores it (the notes keep their spaces) and keeps the fields in the form\'s order', () => {
    const body = jobIntakeBody(filled({ name: '  Smith  ', city: ' Austin ', job_files_link: ' https://x.test/a ', notes: ' n ', parcel_info: {
      parcel_id: '1', county_name: null, muni_name: null, zoning: null, acreage_calc: null, bldg_sqft: null, roof_height: null, legal_desc1: null,
    } }), ID);
    expect(body).toMatchObject({ name: 'Smith', city: 'Austin', job_files_link: 'https://x.test/a', notes: ' n ' });
    expect(Object.keys(body)).toEqual([
      'id', 'name', 'client_name', 'client_street_address', 'client_zip_code', 'city', 'state', 'latitude', 'longitude',
      'home_elevation', 'structure_type', 'roof_type', 'gypsum_type', 'enclosed', 'exposure_category', 'notes', 'job_files_link',
      'company_verified_inspection', 'no_pictures', 'parcel_info', 'ahj_id', 'case_number', 'services_requested', 'wet_stamp_order', 'arrays', 'cad_intake',
    ]);
  });
  it('sends a value the form has not checked yet as it is, for the API to answer by field', () => {
    const body = jobIntakeBody(filled({ arrays: [{ ...ARRAY_DEFAULTS, roof_pitch: 95 }], ahj: AHJ }), ID);
    expect(body).toMatchObject({ id: ID, ahj_id: AHJ.id, arrays: [{ roof_pitch: 95 }] });
    expect(body).not.toHaveProperty('ahj');
  });
  it('any valid form gives a body the API\'s contract accepts (property)', () => {
    const text = fc.string({ maxLength: 40 });
    fc.assert(fc.property(
      fc.record({ name: text, client_name: text, client_street_address: text, city: text, notes: text, state: fc.option(fc.integer({ min: 1, max: 60 })),
        latitude: fc.option(fc.double({ min: -90, max: 90, noNaN: true })), company: fc.option(fc.constant(ID)), ahj: fc.option(fc.constant(AHJ)) }),
      (over) => {
        const values = filled(over);
        fc.pre(ZJobIntake.safeParse(values).success);
        expect(ZJobBody.safeParse(jobIntakeBody(values, ID)).success).toBe(true);
      },
    ), { numRuns: 200 });
  });
});

describe('a saved job back into the form', () => {
  it('takes the answer\'s objects as the form\'s values and drops what the form does not hold', () => {
    const v = jobIntakeOf(answer());
    expect(v).toMatchObject({
      name: 'Casa Rivera', city: 'San Juan', state: 52, company: ID, ahj: AHJ, home_elevation: 12, roof_type: 'Hip Roof',
      notes: ' gate code 1 ', company_verified_inspection: true, services_requested: ['structural_roof_letter'], parcel_info: null,
    });
    expect(v.arrays).toEqual([{ ...ARRAY_DEFAULTS, panel_quantity: 10 }]);
    expect(v.cad_intake).toEqual({ ...CAD_INTAKE_DEFAULTS, msp_rating: 200 });
    expect(Object.keys(v).sort()).toEqual(Object.keys(ZJobIntake.shape).sort());
  });
  it('starts a job without arrays with one, and fills fields a stored form lacks with their defaults', () => {
    const v = jobIntakeOf(answer({ arrays: [], cad_intake: { msp_rating: 100 }, client_city: null, client_state: null, ahj: null }));
    expect(v.arrays).toEqual([ARRAY_DEFAULTS]);
    expect(v.cad_intake).toEqual({ ...CAD_INTAKE_DEFAULTS, msp_rating: 100 });
    expect(v).toMatchObject({ city: '', state: null, ahj: null });
  });
  it('round-trips: the body of a loaded job sends back what the job holds', () => {
    const job = answer();
    const body = jobIntakeBody(jobIntakeOf(job), job.id);
    expect(body).toMatchObject({ id: job.id, company: ID, state: 52, city: 'San Juan', ahj_id: AHJ.id, name: job.name, notes: job.notes });
    expect(ZJobBody.safeParse(body).success).toBe(true);
  });
});
