import { checkCustomPairs } from './custom-choice.rules.ts';
import { serviceEquipmentProblems } from './service-equipment.rules.ts';
import { parseRoofFaces } from './cad-intake.groups.ts';
import { cadIntake, type CadIntakeField } from './cad-intake.shape.ts';
import { CUSTOM_PAIRS, isCadIntakeFieldShown } from './cad-intake.fields.ts';

/**
 * The CAD intake form of spec §3: what the designer needs to draw a plan set. Groups other than
 * general show only when their flag is on (needs_*, or existing_solar for the existing system).
 * Selects backed by an option list (`optionList`) store the item's value; the shape is checked
 * here, membership by the API against the database's lists (job-options.rules.ts: any active
 * item, or the value the job already holds). "Other"/"Custom" requires the custom_* text.
 */
// In parts, offered whole from here: the groups, flags and fixed lists (cad-intake.groups.ts), the
// fields and their types (cad-intake.shape.ts), the form's field list and what it shows
// (cad-intake.fields.ts), a new job's values (cad-intake.defaults.ts); the rules across fields below.
export * from './cad-intake.groups.ts';
export type { CadIntake, CadIntakeField } from './cad-intake.shape.ts';
export * from './cad-intake.fields.ts';
export * from './cad-intake.defaults.ts';

/** Hidden groups are not validated: turning a flag off must not leave the form stuck. */
export const ZCadIntake = cadIntake.superRefine((values, ctx) => {
  checkCustomPairs(values, CUSTOM_PAIRS, ctx, (field) => isCadIntakeFieldShown(field as CadIntakeField, values));
  // Impossible panels (a main larger than its busbar, a rating that does not exist) are refused here,
  // field by field, so the intake answers 400 naming the field (issue 25).
  for (const p of serviceEquipmentProblems(values)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  if (isCadIntakeFieldShown('existing_array_faces', values) && values.existing_array_faces) {
    const faces = parseRoofFaces(values.existing_array_faces);
    if (!faces.ok) ctx.addIssue({ code: 'custom', path: ['existing_array_faces'], message: `"${faces.word}" is not a roof face: give the compass directions the faces look to (N, NE, E, SE, S, SW, W, NW), e.g. "S, W".` });
  }
});
