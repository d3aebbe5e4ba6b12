import { isClientRole, isInternalStaff } from '@sunstamp/domain/roles';
import { editRefusalOf, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { editEventOf } from '@sunstamp/domain/jobs/job-history.rules';
import { arraysModuleCount, arraysWithModuleType, cadIntakeWithEquipment, equipmentLineText, type JobEquipmentKind, type JobEquipmentLine } from '@sunstamp/domain/jobs/job-equipment.rules';
import type { CadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import { jobWarningsOf } from '@sunstamp/domain/jobs/job-checks.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import type { JobEquipmentAnswer, JobEquipmentLineOut } from '@sunstamp/domain/contracts/job-equipment';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { conflict, forbidden, invalidFields } from '../../platform/errors.ts';
import { structuralSpanLimit } from '../settings/settings.api.ts';
import { announceJobsChanged } from './jobs-count.cache.ts';
import { visibleJob } from './jobs-queries.service.ts';
import * as repo from './jobs.repository.ts';
import * as eqRepo from './jobs-equipment.repository.ts';

/**
 * A job's equipment (job-equipment.rules.ts) and the checks that warn but never block
 * (job-checks.rules.ts). Who may change the lines is who may edit the job in place (staff, or a
 * client while the job is theirs to edit); a revision carries its own lines (jobs-workflow).
 */

type Ctx = Pick<AppContext, 'caches' | 'database' | 'clock'>;

function lineOut(line: eqRepo.JobEquipmentRow, ref: eqRepo.EquipmentRefRow | null): JobEquipmentLineOut {
  return {
    kind: line.kind as JobEquipmentLineOut['kind'],
    equipment_id: line.equipmentId,
    custom_model: line.customModel,
    quantity: line.quantity,
    equipment: ref && ref.id ? { id: ref.id, manufacturer: ref.manufacturer, model: ref.model, type: ref.type, is_active: ref.isActive } : null,
  };
}

/** The answer for a job's stored lines and arrays. */
export async function equipmentAnswerOf(db: DbOrTx, jobId: string, arrays: readonly JobArray[], cad: unknown): Promise<JobEquipmentAnswer> {
  const [rows, limit] = [await eqRepo.linesOf(db, jobId), await structuralSpanLimit(db)];
  const lines = rows.map((r) => lineOut(r.line, r.ref));
  return { lines, arrays_module_count: arraysModuleCount(arrays), warnings: jobWarningsOf({ arrays, equipment: lines.map((l) => ({ ...l, type: l.equipment?.type ?? null })), cad: cad as CadIntake | null }, limit) };
}

export async function getJobEquipment(ctx: Ctx, p: Principal, id: string): Promise<JobEquipmentAnswer> {
  const { job } = await visibleJob(ctx.database.db, p, id);
  return equipmentAnswerOf(ctx.database.db, id, job.arrays as JobArray[], job.cadIntake);
}

/**
 * Checks lines against the catalogue: each id names an item of the line's kind, active, or the
 * item the job already names (deactivated since). Throws 400 naming the line's field.
 */
export async function checkedLines(db: DbOrTx, lines: readonly JobEquipmentLine[], current: readonly eqRepo.JobEquipmentRow[], prefix = 'lines') {
  const refs = new Map((await eqRepo.equipmentRefs(db, lines.flatMap((l) => (l.equipment_id ? [l.equipment_id] : [])))).map((r) => [r.id, r]));
  const bad: Record<string, string>[] = [];
  lines.forEach((l, i) => {
    if (!l.equipment_id) return;
    const ref = refs.get(l.equipment_id);
    const held = current.some((c) => c.kind === l.kind && c.equipmentId === l.equipment_id);
    if (!ref || ref.kind !== l.kind) bad.push({ [`${prefix}.${i}.equipment_id`]: `Not a ${l.kind} of the equipment catalogue.` });
    else if (!ref.isActive && !held) bad.push({ [`${prefix}.${i}.equipment_id`]: 'This model was withdrawn from the catalogue: choose another.' });
  });
  if (bad.length) throw invalidFields(bad);
  return { refs, rows: lines.map((l, position) => ({ kind: l.kind, equipmentId: l.equipment_id, customModel: l.equipment_id ? '' : l.custom_model, quantity: l.quantity, position })) };
}

/** The CAD intake with its equipment types and counts as these lines give them (written with the lines). */
export function cadIntakeOfLines(cad: unknown, rows: readonly Omit<eqRepo.JobEquipmentRow, 'jobId'>[], refs: Map<string, eqRepo.EquipmentRefRow>): CadIntake {
  return cadIntakeWithEquipment(cad as CadIntake, rows.map((r) => ({
    kind: r.kind as JobEquipmentKind, custom_model: r.customModel, quantity: r.quantity, type: r.equipmentId ? refs.get(r.equipmentId)?.type || null : null,
  })));
}

/** The technology of the module model the rows name from the catalogue (its type), or null (none, Other, or no type). */
export function moduleTypeOfRows(rows: readonly Omit<eqRepo.JobEquipmentRow, 'jobId'>[], refs: Map<string, eqRepo.EquipmentRefRow>): string | null {
  const module = rows.find((r) => r.kind === 'module' && r.equipmentId);
  return (module?.equipmentId && refs.get(module.equipmentId)?.type) || null;
}

/** The technology of the job's stored module model (one query), or null. */
export async function storedModuleType(db: DbOrTx, jobId: string): Promise<string | null> {
  const module = (await eqRepo.linesOf(db, jobId)).find((l) => l.line.kind === 'module' && l.ref?.id);
  return module?.ref?.type || null;
}

/** The lines as text, for a history diff: the lines removed and added between two sets. */
export function equipmentDiff(
  before: readonly { line: eqRepo.JobEquipmentRow; ref: eqRepo.EquipmentRefRow | null }[],
  after: readonly Omit<eqRepo.JobEquipmentRow, 'jobId'>[],
  refs: Map<string, eqRepo.EquipmentRefRow>,
): { from: string[]; to: string[] } | null {
  const name = (r: eqRepo.EquipmentRefRow | null | undefined) => (r && r.id ? `${r.manufacturer} ${r.model}` : null);
  const text = (l: Omit<eqRepo.JobEquipmentRow, 'jobId'>, ref: eqRepo.EquipmentRefRow | null | undefined) =>
    equipmentLineText({ kind: l.kind as JobEquipmentLine['kind'], custom_model: l.customModel, quantity: l.quantity }, name(ref));
  const from = before.map((b) => text(b.line, b.ref));
  const to = after.map((a) => text(a, a.equipmentId ? refs.get(a.equipmentId) : null));
  const removed = from.filter((x) => !to.includes(x));
  const added = to.filter((x) => !from.includes(x));
  return removed.length || added.length ? { from: removed, to: added } : null;
}

export async function putJobEquipment(ctx: Ctx, p: Principal, id: string, lines: JobEquipmentLine[]): Promise<JobEquipmentAnswer> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!(isInternalStaff(p.role) || isClientRole(p.role))) throw forbidden();
  const refusal = editRefusalOf(job.status as JobStatus, p.role, job.isActive);
  if (refusal === 'inactive') throw conflict('This job is deactivated.');
  if (refusal === 'cancelled') throw conflict('A cancelled job can no longer be edited.');
  if (refusal) throw conflict('This job is with our team: request a revision to change it.');
  const before = await eqRepo.linesOf(db, id);
  const { refs, rows } = await checkedLines(db, lines, before.map((b) => b.line));
  const diff = equipmentDiff(before, rows, refs);
  let arrays = job.arrays as JobArray[];
  if (diff) {
    const now = ctx.clock.now();
    await db.transaction(async (tx) => {
      const locked = await repo.lockJob(tx, id);
      if (!locked?.isActive || locked.status !== job.status) throw conflict('This job changed while it was being edited: reload it and try again.');
      await eqRepo.replaceLines(tx, id, rows);
      // The arrays' module type is the module model's (issue 29, item 11): a new model sets it.
      const typed = arraysWithModuleType(locked.arrays as JobArray[], moduleTypeOfRows(rows, refs));
      arrays = typed.arrays;
      // The CAD intake's equipment types and counts follow the lines (one source: the lines).
      await repo.updateJob(tx, id, { updatedAt: now, cadIntake: cadIntakeOfLines(locked.cadIntake, rows, refs), ...(typed.changed ? { arrays } : {}) });
      await repo.insertHistory(tx, {
        jobId: id, event: editEventOf(job.status as JobStatus), actorId: p.id, actorRole: p.role,
        data: { fields: typed.changed ? ['equipment', 'arrays'] : ['equipment'], equipment: diff }, at: now,
      });
    });
    await announceJobsChanged(ctx);
  }
  return equipmentAnswerOf(db, id, arrays, job.cadIntake);
}
