import { z } from 'zod';
import {
  ENCLOSURES,
  EXPOSURE_CATEGORIES,
  ORIENTATIONS,
  ROOF_TYPES,
} from '../constants/options.constants.ts';
import { ZJobStatus } from './workflow.rules.ts';
import { checkCustomPairs } from './custom-choice.rules.ts';

/**
 * New-job and array defaults, exactly as spec §3. Units follow the original forms: beam spacing,
 * overhang, collar tie and spans in inches, height from ground in feet, roof pitch in degrees.
 */

/**
 * A reference to an option list entry (id) or its stored value. Only the shape is checked here;
 * which values a job may hold is the database's option list (job-options.rules.ts).
 */
export const ZOptionRef = z.union([z.number().int(), z.string().min(1)]).nullable();

export const ZTrussPoint = z.object({ x: z.number(), y: z.number() });

/** The most modules one rafter can carry in a layout (a 40 ft rafter, modules 3.3 ft across in landscape: 12). */
export const MAX_PANELS_ON_RAFTER = 12;

const array = z.object({
  panel_quantity: z.number().int().min(0).nullable(),
  roof_material: ZOptionRef,
  connection_type: ZOptionRef,
  custom_connection_type: z.string().max(200),
  beam_spacing: z.number().positive().max(120),
  /** Modules along one rafter: a rafter holds a handful (issue 29: 999 was accepted). */
  num_panels_on_rafter: z.number().int().min(0).max(MAX_PANELS_ON_RAFTER).nullable(),
  height_from_ground: z.number().min(0).max(1000),
  panel_to_eave: z.number().min(0),
  orientation: z.enum(ORIENTATIONS),
  /** A framing option (framing.rules.ts). */
  frame_shape: z.string().max(100).nullable(),
  nonstandard_framing: z.boolean(),
  custom_beam_shape: z.string().max(200),
  roof_pitch: z.number().min(0).lt(90),
  roof_overhang: z.number().min(0),
  ballast_weight: z.number().min(0),
  module_type: ZOptionRef,
  racking_type: ZOptionRef,
  custom_racking_type: z.string().max(200),
  beam_span: z.array(z.number().positive()).min(1).max(20),
  beam_shape: ZOptionRef,
  collar_tie: z.number().min(0),
  truss_builder_coords: z.array(ZTrussPoint).nullable(),
  /** The framing's species and grade (option list material_grades, e.g. 'dfl_no2'); absent: DF-L No. 2, printed as assumed. */
  material_grade: ZOptionRef.optional(),
  /** The existing roofing and sheathing, psf of roof surface, where staff know it; absent: the roofing's ASCE 7 Table C3-1 value. */
  roof_dead_load_psf: z.number().min(0).max(60).nullable().optional(),
  /** Framing facts staff verified (site survey, attic photos): printed as verified, the rest as assumed (issue 24). */
  framing_verified: z.array(z.enum(['size', 'spacing', 'spans', 'species', 'grade', 'roof-dead-load', 'panel-height'])).max(7).optional(),
});

/** An array's choices whose Other/Custom needs the matching custom_* text. */
export const ARRAY_CUSTOM_PAIRS = {
  connection_type: 'custom_connection_type',
  racking_type: 'custom_racking_type',
  beam_shape: 'custom_beam_shape',
  frame_shape: 'custom_beam_shape',
} as const;

/** Non-standard framing is described in custom_beam_shape; Other/Custom choices need their text. */
export const ZJobArray = array.superRefine((a, ctx) => {
  checkCustomPairs(a, ARRAY_CUSTOM_PAIRS, ctx);
  if (a.nonstandard_framing && a.custom_beam_shape.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['custom_beam_shape'], message: 'Please describe the framing' });
  }
});
export type JobArray = z.infer<typeof ZJobArray>;

export const ARRAY_DEFAULTS: Readonly<JobArray> = Object.freeze({
  panel_quantity: null,
  roof_material: null,
  connection_type: null,
  custom_connection_type: '',
  beam_spacing: 24,
  num_panels_on_rafter: null,
  height_from_ground: 20,
  panel_to_eave: 0,
  orientation: 'Portrait',
  frame_shape: null,
  nonstandard_framing: false,
  custom_beam_shape: '',
  roof_pitch: 26,
  roof_overhang: 18,
  ballast_weight: 0,
  module_type: null,
  racking_type: null,
  custom_racking_type: '',
  beam_span: [168],
  beam_shape: null,
  collar_tie: 30,
  truss_builder_coords: null,
});

/** A fresh array with the defaults; copies the list fields so forms may mutate them. */
export function createJobArray(overrides: Partial<JobArray> = {}): JobArray {
  return { ...ARRAY_DEFAULTS, beam_span: [...ARRAY_DEFAULTS.beam_span], ...overrides };
}

/** A requirement chosen on the job: its key and value (the catalogue defines both). */
export const ZJobRequirement = z.object({ key: z.string().min(1).max(200), value: z.unknown() });

export const ZNewJob = z.object({
  name: z.string().trim().max(200),
  client_name: z.string().trim().max(200),
  client_street_address: z.string().trim().max(300),
  client_zip_code: z.string().trim().max(20),
  company: z.string().nullable(),
  home_elevation: z.number().nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  company_verified_inspection: z.boolean(),
  no_pictures: z.boolean(),
  roof_type: z.enum(ROOF_TYPES),
  /** A gypsum-types value: any active item of the database's list (job-options.rules.ts). */
  gypsum_type: z.string().trim().min(1).max(200),
  status: ZJobStatus,
  enclosed: z.enum(ENCLOSURES),
  exposure_category: z.enum(EXPOSURE_CATEGORIES).nullable(),
  notes: z.string().max(10_000),
  services_requested: z.array(z.string().min(1).max(100)).max(50),
  job_files_link: z.string().trim().max(2000),
  arrays: z.array(ZJobArray).max(50),
  requirements: z.array(ZJobRequirement).max(2000),
});
export type NewJob = z.infer<typeof ZNewJob>;

export const NEW_JOB_DEFAULTS: Readonly<NewJob> = Object.freeze({
  name: '',
  client_name: '',
  client_street_address: '',
  client_zip_code: '',
  company: null,
  home_elevation: null,
  latitude: null,
  longitude: null,
  company_verified_inspection: false,
  no_pictures: false,
  roof_type: 'Gable Roof',
  gypsum_type: 'No Drywall',
  status: 'Draft',
  enclosed: 'Enclosed',
  exposure_category: null,
  notes: '',
  services_requested: [],
  job_files_link: '',
  arrays: [],
  requirements: [],
});

export function createNewJob(overrides: Partial<NewJob> = {}): NewJob {
  return { ...NEW_JOB_DEFAULTS, services_requested: [], arrays: [], requirements: [], ...overrides };
}
