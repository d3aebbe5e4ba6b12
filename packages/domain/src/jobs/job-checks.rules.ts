import type { JobArray } from './job-defaults.schema.ts';
import { checkStructuralSpan, type SpanLimit } from './structural-span.rules.ts';
import { arraysModuleCount, type JobEquipmentKind } from './job-equipment.rules.ts';
import { MODULE_TYPES, RACKING_TYPES } from '../catalogue/option-lists.data.ts';

/**
 * The checks a job's data gets that do not block saving or submitting: the client sees each as
 * a warning on the intake's review step and the job page; staff review them (a job that may need
 * reinforcement goes on to Pending Reinforcements, it is never refused). Codes are stable for
 * tests and the web.
 */
export type JobWarningCode = 'array_without_panels' | 'module_count_mismatch' | 'span_may_need_reinforcement' | 'span_not_measurable' | 'equipment_not_in_catalogue'
  | 'module_type_mismatch' | 'racking_type_mismatch' | 'racking_brand_mismatch';

export interface JobWarning {
  code: JobWarningCode;
  /** The field the warning is about, as the body names it (arrays.1.panel_quantity, equipment.module.quantity). */
  field: string;
  message: string;
}

export interface JobCheckInput {
  arrays: readonly JobArray[];
  /** `type`: the catalogue model's option item (a module's technology), when the line names one. */
  equipment: readonly { kind: JobEquipmentKind; equipment_id: string | null; custom_model: string; quantity: number | null; type?: string | null }[];
  /** The CAD intake's preference, checked against the racking model when the job names one. */
  cad?: { preferred_racking_manufacturer?: string | null } | null;
}

const optionLabel = (list: { items: readonly { value: string; label: string }[] }, v: string) => list.items.find((i) => i.value === v)?.label ?? v;
const moduleTypeLabel = (v: string) => optionLabel(MODULE_TYPES, v);

export function jobWarningsOf(job: JobCheckInput, spanLimit: SpanLimit): JobWarning[] {
  const out: JobWarning[] = [];
  job.arrays.forEach((a, i) => {
    if (!a.panel_quantity) {
      out.push({ code: 'array_without_panels', field: `arrays.${i}.panel_quantity`, message: `Array ${i + 1} has no panels: enter its panel quantity or remove it.` });
    }
  });
  const module = job.equipment.find((l) => l.kind === 'module');
  const total = arraysModuleCount(job.arrays);
  if (module && module.quantity !== null && module.quantity !== total) {
    out.push({
      code: 'module_count_mismatch',
      field: 'equipment.module.quantity',
      message: `The module count (${module.quantity}) does not match the arrays' panels (${total}).`,
    });
  }
  // An array's module technology that is not the module model's (the model is what is installed).
  const modelType = module?.equipment_id && module.type ? module.type : null;
  if (modelType) {
    job.arrays.forEach((a, i) => {
      if (typeof a.module_type === 'string' && a.module_type !== modelType) {
        out.push({
          code: 'module_type_mismatch',
          field: `arrays.${i}.module_type`,
          message: `Array ${i + 1} says ${moduleTypeLabel(a.module_type)}, but the module model is ${moduleTypeLabel(modelType)}: the model is what is installed.`,
        });
      }
    });
  }
  // The same for racking: each array's racking type, and the CAD form's preferred manufacturer.
  const racking = job.equipment.find((l) => l.kind === 'racking');
  const rackType = racking?.equipment_id && racking.type ? racking.type : null;
  if (rackType) {
    job.arrays.forEach((a, i) => {
      if (typeof a.racking_type === 'string' && a.racking_type !== rackType) {
        out.push({
          code: 'racking_type_mismatch',
          field: `arrays.${i}.racking_type`,
          message: `Array ${i + 1} says ${optionLabel(RACKING_TYPES, a.racking_type)}, but the racking model is ${optionLabel(RACKING_TYPES, rackType)}: the model is what is installed.`,
        });
      }
    });
    const brand = RACKING_TYPES.items.find((i) => i.value === rackType)?.brand;
    const preferred = job.cad?.preferred_racking_manufacturer ?? '';
    if (brand && brand !== 'Other' && preferred && preferred !== 'Other' && preferred !== brand) {
      out.push({
        code: 'racking_brand_mismatch',
        field: 'cad_intake.preferred_racking_manufacturer',
        message: `The preferred racking manufacturer is ${preferred}, but the racking model is ${brand}'s: the model is what is installed.`,
      });
    }
  }
  for (const l of job.equipment) {
    if (!l.equipment_id && l.custom_model) {
      out.push({
        code: 'equipment_not_in_catalogue',
        field: `equipment.${l.kind}.custom_model`,
        message: `"${l.custom_model}" is not in our catalogue yet: our team will add its datasheet before design.`,
      });
    }
  }
  job.arrays.forEach((a, i) => {
    const r = checkStructuralSpan({ beamSpans: a.beam_span, pitchDegrees: a.roof_pitch, modulesOnRafter: a.num_panels_on_rafter, orientation: a.orientation }, spanLimit);
    if (r.reason === 'too_short') {
      out.push({
        code: 'span_may_need_reinforcement',
        field: `arrays.${i}.beam_span`,
        message: `Array ${i + 1}: the spans add up to ${r.slopedLengthIn.toFixed(1)} in along the slope; ${a.num_panels_on_rafter} modules need at least ${r.limitIn.toFixed(0)} in. `
          + 'Our engineers will review it: the roof may need reinforcement. You can still submit.',
      });
    } else if (r.reason === 'invalid_input') {
      out.push({ code: 'span_not_measurable', field: `arrays.${i}.beam_span`, message: `Array ${i + 1}: the spans or pitch cannot be measured; our engineers will check them.` });
    }
  });
  return out;
}
