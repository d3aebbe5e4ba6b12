import { UUID_RE } from '../constants/ids.constants.ts';
import { z } from 'zod';
import { ZDesignModel, ZRoofPlane } from '../design/design-model.schema.ts';

/*
 * GET/PUT /jobs/{id}/design and POST /jobs/{id}/design/auto-layout: the design model of the job's
 * current revision (design-model.schema.ts). Everyone who sees the job reads it; staff and the
 * assigned contractor write it. A write names the version it was based on (0 for the first save
 * of a revision) and is refused with 409 when another save came in between.
 */


/** The requirement that decides whether a designer may change the client's module layout (spec §3). */
export const LAYOUT_ALTERATION_KEY = 'layout_alteration';
export const LAYOUT_NEVER = 'Never alter layout';
export const LAYOUT_ASK = 'Request permission to alter layout';
export const LAYOUT_FREE = 'Alter layout as needed';

/** Where the answered model comes from: saved for this revision, carried from an earlier revision, or auto-filled from the job. */
export const ZDesignSource = z.enum(['saved', 'previous_revision', 'auto']);
export type DesignSource = z.infer<typeof ZDesignSource>;

/** The tracing image under the editor: a job file (image) placed on the plan, its left-top corner and width in feet. */
export const ZDesignBackground = z.object({
  file_id: z.string().regex(UUID_RE, 'Not a file id.'),
  x: z.number().finite().min(-10_000).max(10_000),
  y: z.number().finite().min(-10_000).max(10_000),
  width_ft: z.number().finite().positive().max(10_000),
  opacity: z.number().min(0).max(1).default(0.5),
}).strict();
export type DesignBackground = z.infer<typeof ZDesignBackground>;

/** The stored model, with size bounds a request must keep. */
export const ZDesignModelBody = ZDesignModel.superRefine((m, ctx) => {
  if (m.roofPlanes.length > 50) ctx.addIssue({ code: 'custom', path: ['roofPlanes'], message: 'At most 50 roof planes.' });
  if (m.modules.length > 2000) ctx.addIssue({ code: 'custom', path: ['modules'], message: 'At most 2000 modules.' });
  if (m.equipment.length > 100) ctx.addIssue({ code: 'custom', path: ['equipment'], message: 'At most 100 equipment locations.' });
});

export const ZDesignPutBody = z.object({
  version: z.number().int().min(0).max(2 ** 31 - 1),
  model: ZDesignModelBody,
  background: ZDesignBackground.nullable().optional(),
  /** The designer confirms the client agreed to the layout change ("Request permission to alter layout"). */
  layout_permission: z.boolean().optional(),
}).strict();
export type DesignPutBody = z.input<typeof ZDesignPutBody>;

export const ZDesignAutoLayoutBody = z.object({
  /** The planes to fill (the editor's current ones); the stored or the job's planes when absent. */
  roof_planes: z.array(ZRoofPlane).min(1).max(50).optional(),
}).strict();

export const ZDesignViolation = z.object({ module_id: z.string(), reason: z.string() });

export const ZDesignAnswer = z.object({
  job_id: z.string(),
  /** The job's name (else its client's), for the page's heading and the browser tab. */
  job_name: z.string(),
  revision: z.number().int(),
  /** 0 when nothing is saved for this revision yet. */
  version: z.number().int(),
  source: ZDesignSource,
  model: ZDesignModel,
  background: ZDesignBackground.nullable(),
  /** The job's module count: Σ panel quantity over its arrays. A saved design places exactly this many. */
  module_count: z.number().int(),
  /** The module's size (inches): the catalogue model's, or a typical 60-cell module when none is linked. */
  module_size: z.object({ length_in: z.number(), width_in: z.number(), from_catalogue: z.boolean() }),
  /** The job's electrical design: strings (string and optimizer inverters) or branch circuits (micro-inverters). */
  electrical_kind: z.enum(['strings', 'branch_circuits']),
  /** The job's layout_alteration requirement value. */
  layout_alteration: z.string(),
  /** A layout was saved before: changing its modules is what layout_alteration governs. */
  layout_saved: z.boolean(),
  may_edit: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Rooftop access of the layout (fire pathways and ridge setback of the AHJ's fire code). */
  access: z.object({
    fire_code: z.string(),
    section: z.string(),
    ridge_setback_in: z.number(),
    coverage: z.number(),
    violations: z.array(ZDesignViolation),
  }),
  /** Auto-fill only: modules that did not fit, per plane id. */
  short_by: z.record(z.string(), z.number()),
  /** The job's images the background may use. */
  images: z.array(z.object({ id: z.string(), name: z.string(), category: z.string() })),
});
export type DesignAnswer = z.infer<typeof ZDesignAnswer>;

/*
 * POST /jobs/{id}/design/check: the Design page's unsaved model through the plan-set run's own
 * input assembly and the engineering engine (staff, the assigned contractor). A run of this model
 * would be refused while a check fails; `message` says so with each failing check's remedy.
 */
export const ZDesignCheckBody = z.object({ model: ZDesignModelBody }).strict();
export type DesignCheckBody = z.input<typeof ZDesignCheckBody>;

export const ZElectricalKind = z.enum(['strings', 'branch_circuits']);

export const ZDesignEngineCheck = z.object({
  /** The engine's id, e.g. "electrical.string.S1.voltage". */
  id: z.string(),
  title: z.string(),
  /** The report section it belongs to ("DC system voltage (PV source circuits)"). */
  section: z.string(),
  pass: z.boolean(),
  /** The computed value with its unit ("412.6 V"), and the limit it is held to ("≤ 600 V"). */
  value: z.string(),
  limit: z.string().nullable(),
  remedy: z.string().nullable(),
  /** Where the rule is written: "NEC 2020 690.7(A)". */
  code_ref: z.string(),
  /** The string or branch circuit the check is about (S1, B2), when it is about one. */
  circuit_id: z.string().nullable(),
});
export type DesignEngineCheck = z.infer<typeof ZDesignEngineCheck>;

export const ZDesignCheckAnswer = z.object({
  /** pass: every check passes; fail: a check fails (generation refused); incomplete: the job lacks inputs; refused: the engine does not calculate this job. */
  status: z.enum(['pass', 'fail', 'incomplete', 'refused']),
  /** What a generation request would answer when it is refused (fail, incomplete), or the engine's refusal. */
  message: z.string().nullable(),
  /** incomplete: what the job lacks, field by field. */
  missing: z.array(z.object({ field: z.string(), message: z.string() })),
  kind: ZElectricalKind,
  /** Whose strings the engine got: the model's, or the run's own (the model has none). */
  electrical_source: z.enum(['design', 'auto']).nullable(),
  /** The run's own strings or branch circuits for this model: the editor's "Auto-assign". */
  auto_assignment: z.array(z.object({ id: z.string(), moduleIds: z.array(z.string()) })),
  /** Failing checks first, then the passing ones, each in the report's order. */
  checks: z.array(ZDesignEngineCheck),
  failures: z.number().int(),
  system_dc_kw: z.number().nullable(),
  system_ac_kw: z.number().nullable(),
  input_hash: z.string().nullable(),
});
export type DesignCheckAnswer = z.infer<typeof ZDesignCheckAnswer>;
