import { COUNTED_KINDS, JOB_EQUIPMENT_KINDS, arraysModuleCount, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import type { JobEquipmentLineOut } from '@sunstamp/domain/contracts/job-equipment';

/**
 * The intake's equipment step: one row per kind, each a catalogue model, "Other" with the model
 * typed, or nothing. Optimizer, battery and MCI rows follow the CAD form's flags; module and
 * inverter are always asked; racking when the job needs structural CAD or a ground mount.
 */
export type EquipmentRow = {
  kind: JobEquipmentKind;
  /** The chosen catalogue item (id and the name the picker shows), or null. */
  equipment: { id: string; manufacturer: string; model: string; type?: string | null } | null;
  other: boolean;
  custom_model: string;
  quantity: number | null;
};

export const emptyRow = (kind: JobEquipmentKind): EquipmentRow => ({ kind, equipment: null, other: false, custom_model: '', quantity: null });

/** The rows of the stored lines (every kind, empty where the job names nothing). */
export function rowsOf(lines: readonly JobEquipmentLineOut[]): EquipmentRow[] {
  return JOB_EQUIPMENT_KINDS.map((kind) => {
    const l = lines.find((x) => x.kind === kind);
    if (!l) return emptyRow(kind);
    return {
      kind,
      equipment: l.equipment ? { id: l.equipment.id, manufacturer: l.equipment.manufacturer, model: l.equipment.model, type: l.equipment.type } : null,
      other: !l.equipment_id && !!l.custom_model,
      custom_model: l.custom_model,
      quantity: l.quantity,
    };
  });
}

/** The lines to PUT: the rows with a model (a catalogue item, or Other with its text). */
export function linesOf(rows: readonly EquipmentRow[]) {
  return rows
    .filter((r) => r.equipment || (r.other && r.custom_model.trim()))
    .map((r) => ({
      kind: r.kind,
      equipment_id: r.equipment && !r.other ? r.equipment.id : null,
      custom_model: r.other ? r.custom_model.trim() : '',
      quantity: r.quantity,
    }));
}

/** The row kinds to show for the CAD form's flags (a row holding a model is always shown). */
export function shownKinds(
  flags: { needs_optimizer: boolean; needs_battery_info: boolean; needs_mci: boolean; needs_structural_cad: boolean; needs_ground_mount: boolean },
  rows: readonly EquipmentRow[],
): JobEquipmentKind[] {
  const wanted: Record<JobEquipmentKind, boolean> = {
    module: true,
    inverter: true,
    optimizer: flags.needs_optimizer,
    battery: flags.needs_battery_info,
    mci: flags.needs_mci,
    racking: flags.needs_structural_cad || flags.needs_ground_mount,
  };
  return JOB_EQUIPMENT_KINDS.filter((k) => wanted[k] || rows.some((r) => r.kind === k && (r.equipment || r.other)));
}

/** Rows with the module quantity filled from the arrays when the client has not typed one. */
export function withModuleCount(rows: readonly EquipmentRow[], arrays: readonly { panel_quantity: number | null }[]): EquipmentRow[] {
  const total = arraysModuleCount(arrays);
  return rows.map((r) => (r.kind === 'module' && r.quantity === null && total > 0 ? { ...r, quantity: total } : r));
}

/** The warning under the module row when its count disagrees with the arrays, or null. */
export function moduleCountWarning(rows: readonly EquipmentRow[], arrays: readonly { panel_quantity: number | null }[]): string | null {
  const m = rows.find((r) => r.kind === 'module');
  const total = arraysModuleCount(arrays);
  if (!m || m.quantity === null || m.quantity === total) return null;
  return `The arrays hold ${total} panels, but the module count is ${m.quantity}. Correct one of them, or explain the difference in the CAD notes.`;
}

/** The problems that stop the step: a quantity missing on a counted kind, or Other without its text. */
export function rowProblems(rows: readonly EquipmentRow[], shown: readonly JobEquipmentKind[]): Partial<Record<JobEquipmentKind, string>> {
  const out: Partial<Record<JobEquipmentKind, string>> = {};
  for (const r of rows) {
    if (!shown.includes(r.kind)) continue;
    if (r.other && !r.custom_model.trim()) out[r.kind] = 'Type the manufacturer and model.';
    else if ((r.equipment || r.other) && COUNTED_KINDS.includes(r.kind) && r.quantity === null) out[r.kind] = 'Enter how many.';
  }
  return out;
}

/**
 * The module model that sets the arrays' module type (issue 29, item 11): the module row's catalogue
 * model when it names a technology; null for none, Other, or a model without one (the arrays ask).
 */
export function moduleModelOf(rows: readonly EquipmentRow[]): { name: string; type: string } | null {
  const r = rows.find((x) => x.kind === 'module');
  if (!r || r.other || !r.equipment?.type) return null;
  return { name: `${r.equipment.manufacturer} ${r.equipment.model}`, type: r.equipment.type };
}
