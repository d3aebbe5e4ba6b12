import { z } from 'zod';
import { JOB_EQUIPMENT_KINDS, ZJobEquipmentLines } from '../jobs/job-equipment.rules.ts';

/** GET/PUT /jobs/{id}/equipment and GET /jobs/{id}/checks (job-equipment.rules.ts, job-checks.rules.ts). */

export const ZJobEquipmentBody = z.object({ lines: ZJobEquipmentLines }).strict();

export const ZJobEquipmentRef = z.object({
  id: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  type: z.string().nullable(),
  is_active: z.boolean(),
});

export const ZJobEquipmentLineOut = z.object({
  kind: z.enum(JOB_EQUIPMENT_KINDS),
  equipment_id: z.string().nullable(),
  custom_model: z.string(),
  quantity: z.number().int().nullable(),
  /** The catalogue item, when linked. */
  equipment: ZJobEquipmentRef.nullable(),
});
export type JobEquipmentLineOut = z.infer<typeof ZJobEquipmentLineOut>;

export const ZJobWarning = z.object({
  code: z.enum(['array_without_panels', 'module_count_mismatch', 'span_may_need_reinforcement', 'span_not_measurable', 'equipment_not_in_catalogue', 'module_type_mismatch', 'racking_type_mismatch', 'racking_brand_mismatch']),
  field: z.string(),
  message: z.string(),
});

export const ZJobEquipmentAnswer = z.object({
  lines: z.array(ZJobEquipmentLineOut),
  /** Σ panel_quantity over the job's arrays: what the module quantity must match. */
  arrays_module_count: z.number().int(),
  warnings: z.array(ZJobWarning),
});
export type JobEquipmentAnswer = z.infer<typeof ZJobEquipmentAnswer>;
