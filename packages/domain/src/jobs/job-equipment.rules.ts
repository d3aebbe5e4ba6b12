import { UUID_RE } from '../constants/ids.constants.ts';
import { z } from 'zod';
import type { EquipmentKind } from '../catalogue/equipment.schema.ts';
import type { CadIntake } from './cad-intake.schema.ts';

/**
 * The equipment a job names: one line per kind (module, inverter, optimizer, battery, MCI or
 * rapid-shutdown device, racking), each a catalogue model (`equipment_id`) or, when the model is
 * missing from the catalogue, the client's free text (`custom_model`, the spec's custom_* field)
 * until staff add it to the catalogue and link it. Quantities are per line; the module count must
 * agree with the arrays (job-checks.rules.ts).
 */
export const JOB_EQUIPMENT_KINDS = ['module', 'inverter', 'optimizer', 'battery', 'mci', 'racking'] as const satisfies readonly EquipmentKind[];
export type JobEquipmentKind = (typeof JOB_EQUIPMENT_KINDS)[number];

export const JOB_EQUIPMENT_LABELS: Record<JobEquipmentKind, string> = {
  module: 'Module',
  inverter: 'Inverter',
  optimizer: 'Optimizer',
  battery: 'Battery',
  mci: 'MCI / Rapid Shutdown',
  racking: 'Racking',
};

/** Kinds counted in units; racking is a system (its quantity is optional). */
export const COUNTED_KINDS: readonly JobEquipmentKind[] = ['module', 'inverter', 'optimizer', 'battery', 'mci'];


export const ZJobEquipmentLine = z
  .object({
    kind: z.enum(JOB_EQUIPMENT_KINDS),
    /** A catalogue item of the same kind; null when the model is given as text ("Other"). */
    equipment_id: z.string().regex(UUID_RE, 'Not an equipment id.').nullable(),
    /** "Other": the manufacturer and model as the client knows them. */
    custom_model: z.string().trim().max(200).default(''),
    quantity: z.number().int().min(0).max(100_000).nullable(),
  })
  .strict()
  .superRefine((l, ctx) => {
    if (!l.equipment_id && !l.custom_model) {
      ctx.addIssue({ code: 'custom', path: ['equipment_id'], message: 'Choose a model from the catalogue, or Other and type it.' });
    }
  });
export type JobEquipmentLineInput = z.input<typeof ZJobEquipmentLine>;
export type JobEquipmentLine = z.output<typeof ZJobEquipmentLine>;

/** The lines of a PUT: at most one per kind (a kind left out is removed from the job). */
export const ZJobEquipmentLines = z
  .array(ZJobEquipmentLine)
  .max(JOB_EQUIPMENT_KINDS.length)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      if (seen.has(l.kind)) ctx.addIssue({ code: 'custom', path: [i, 'kind'], message: `Only one ${JOB_EQUIPMENT_LABELS[l.kind]} line.` });
      seen.add(l.kind);
    });
  });

/** Σ panel_quantity over the arrays (arrays without a quantity count 0). */
export function arraysModuleCount(arrays: readonly { panel_quantity: number | null }[]): number {
  return arrays.reduce((n, a) => n + (a.panel_quantity ?? 0), 0);
}

/** A stable text of the lines for a history diff ("Module: REC Alpha Pure 405 × 24"). */
export function equipmentLineText(l: { kind: JobEquipmentKind; custom_model: string; quantity: number | null }, modelName: string | null): string {
  const name = modelName ?? (l.custom_model ? `${l.custom_model} (Other)` : '—');
  return `${JOB_EQUIPMENT_LABELS[l.kind]}: ${name}${l.quantity !== null ? ` × ${l.quantity}` : ''}`;
}

/**
 * The CAD intake fields the equipment lines answer: each counted kind's type (with its custom text)
 * and count. The lines are the one source; the intake never asks these, and the API writes them
 * from the lines whenever the lines are written, so the CAD form cannot contradict the equipment.
 */
export const CAD_EQUIPMENT_FIELDS = {
  module: { type: 'module_type', custom: 'custom_module_type', count: 'module_count', flag: null },
  inverter: { type: 'inverter_type', custom: 'custom_inverter_type', count: 'inverter_count', flag: null },
  optimizer: { type: 'optimizer_type', custom: 'custom_optimizer_type', count: 'optimizer_count', flag: 'needs_optimizer' },
  battery: { type: 'battery_type', custom: 'custom_battery_type', count: 'battery_count', flag: 'needs_battery_info' },
  mci: { type: 'mci', custom: 'custom_mci', count: 'mci_count', flag: 'needs_mci' },
} as const satisfies Partial<Record<JobEquipmentKind, { type: keyof CadIntake; custom: keyof CadIntake; count: keyof CadIntake; flag: keyof CadIntake | null }>>;

/** Every CAD intake field the lines answer (the web leaves them out of its form and body). */
export const CAD_FIELDS_FROM_EQUIPMENT: readonly (keyof CadIntake)[] = Object.values(CAD_EQUIPMENT_FIELDS).flatMap((f) => [f.type, f.custom, f.count]);

/**
 * The CAD intake with its equipment fields as the lines say: a catalogue model gives its type
 * (an item of the option list), "Other" gives Other with the model as its text, a kind without a
 * line is cleared; a line of optimizer, battery or MCI turns its needs_* flag on.
 */
export function cadIntakeWithEquipment(
  cad: CadIntake,
  lines: readonly { kind: JobEquipmentKind; custom_model: string; quantity: number | null; type: string | null }[],
): CadIntake {
  const out: Record<string, unknown> = { ...cad };
  for (const [kind, f] of Object.entries(CAD_EQUIPMENT_FIELDS) as [keyof typeof CAD_EQUIPMENT_FIELDS, (typeof CAD_EQUIPMENT_FIELDS)[keyof typeof CAD_EQUIPMENT_FIELDS]][]) {
    const line = lines.find((l) => l.kind === kind);
    const other = !!line && !line.type && !!line.custom_model;
    out[f.type] = line ? (other ? 'Other' : line.type ?? '') : '';
    out[f.custom] = other ? line.custom_model : '';
    out[f.count] = line ? line.quantity : null;
    if (line && f.flag) out[f.flag] = true;
  }
  return out as CadIntake;
}

/**
 * The arrays with the module model's technology (issue 29, item 11): a catalogue module model
 * names its technology (its `type`, an item of module_types), so the arrays' module type is the
 * model's and is not asked a second time. A value sent that contradicts it is overridden, on every
 * write (PUT /jobs, PUT /jobs/{id}/equipment, a revision), as the CAD form's equipment fields follow
 * the lines. Without a catalogue model (none, or Other) or a model without a type, the arrays keep
 * what the client chose. `changed` says whether any array's value differs from what was given.
 */
export function arraysWithModuleType<A extends { module_type: string | number | null }>(
  arrays: readonly A[],
  modelType: string | null | undefined,
): { arrays: A[]; changed: boolean } {
  if (!modelType) return { arrays: [...arrays], changed: false };
  let changed = false;
  const out = arrays.map((a) => {
    if (a.module_type === modelType) return a;
    changed = true;
    return { ...a, module_type: modelType };
  });
  return { arrays: out, changed };
}
