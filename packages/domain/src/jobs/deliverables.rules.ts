import {
  DELIVERABLE_KINDS, DELIVERABLE_KIND_CODES, VERIFICATION_ALPHABET, VERIFICATION_CODE_LENGTH, deliverableKindLabel,
  type DeliverableKind, type DeliverableState,
} from '../constants/deliverables.constants.ts';
import { REVISION_SUFFIX, serviceLabel, type ExtraServiceCode, type ServiceCode } from '../constants/services.constants.ts';
import { TASK_COMPLETION_LABELS, type TaskCompletion } from '../constants/job-events.constants.ts';
import type { JobStatus } from './workflow.rules.ts';

/**
 * Which deliverables a job's services require, and whether a job has them: the rule that keeps a
 * job from Design Completed, Pending Approval and Approved without the documents it was ordered for.
 */

/** One document a service needs: any of `kinds`, sealed by an engineer when `sealed`. */
export interface DeliverableNeed {
  kinds: readonly DeliverableKind[];
  sealed: boolean;
}

const need = (sealed: boolean, ...kinds: DeliverableKind[]): DeliverableNeed => ({ kinds, sealed });
const ENGINEERING_LETTERS: DeliverableKind[] = ['structural_roof_letter', 'structural_ground_mount_letter', 'electrical_letter', 'calculation_package'];

/**
 * Every service of spec §9 (and decisions.md's codes) mapped to the documents it requires. A
 * "(Revision)" variant needs what its service needs. Three services deliver no document of their
 * own: Wet Stamp (paper copies, tracked as a task: Pending Wet Stamp, copies, shipping),
 * Permit Submittal (an action at the AHJ) and Other (agreed case by case); their tasks are moved
 * by staff.
 */
export const SERVICE_DELIVERABLES: Record<ServiceCode | ExtraServiceCode, readonly DeliverableNeed[]> = {
  structural_roof_letter: [need(true, 'structural_roof_letter')],
  cad_stamp_structural: [need(true, 'plan_set')],
  cad_stamp_electrical: [need(true, 'plan_set')],
  structural_ground_mount_letter: [need(true, 'structural_ground_mount_letter')],
  cad_packet: [need(false, 'plan_set')],
  wet_stamp: [],
  post_install_letter: [need(true, 'post_install_letter')],
  wall_mounted_battery_letter: [need(true, 'wall_mounted_battery_letter')],
  electrical_load_calculations: [need(true, 'electrical_letter')],
  non_pv_design: [need(false, 'plan_set')],
  shade_report: [need(false, 'shade_report')],
  busbar_certification: [need(true, 'busbar_certification')],
  permit_submittal: [],
  cad_eng: [need(false, 'plan_set'), need(true, ...ENGINEERING_LETTERS)],
  commercial_engineering: [need(true, ...ENGINEERING_LETTERS)],
  commercial_electrical_evaluation: [need(true, 'electrical_letter')],
  large_residential_system: [need(false, 'plan_set')],
  custom_structural_ground_mount: [need(true, 'structural_ground_mount_letter')],
  commercial_cad_design: [need(false, 'plan_set')],
  other: [],
};

/** The needs of one stored service code ("…_revision" as its service; an unknown code needs nothing). */
export function needsOfService(code: string): readonly DeliverableNeed[] {
  const base = code.endsWith(REVISION_SUFFIX) ? code.slice(0, -REVISION_SUFFIX.length) : code;
  return (SERVICE_DELIVERABLES as Record<string, readonly DeliverableNeed[]>)[base] ?? [];
}

/** What the check reads of a deliverable: its kind, state and whether it was ever sealed. */
export interface DeliverableFacts {
  kind: string;
  state: DeliverableState;
  sealed: boolean;
}

export type DeliverableStage = 'ready' | 'released';

/** The stage a status needs: Design Completed needs the documents made (and sealed); Pending Approval and Approved need them released. */
export function stageFor(status: JobStatus): DeliverableStage | null {
  if (status === 'Design Completed') return 'ready';
  if (status === 'Pending Approval' || status === 'Approved') return 'released';
  return null;
}

function meets(d: DeliverableFacts, n: DeliverableNeed, stage: DeliverableStage): boolean {
  if (!n.kinds.includes(d.kind as DeliverableKind)) return false;
  if (stage === 'released' && d.state !== 'released') return false;
  return !n.sealed || d.sealed;
}

export interface MissingDeliverable {
  service: string;
  need: DeliverableNeed;
}

/** The services' needs no deliverable of the current revision meets at `stage`. */
export function missingDeliverables(
  services: readonly string[], deliverables: readonly DeliverableFacts[], stage: DeliverableStage,
): MissingDeliverable[] {
  const out: MissingDeliverable[] = [];
  for (const service of services) {
    for (const n of needsOfService(service)) {
      if (!deliverables.some((d) => meets(d, n, stage))) out.push({ service, need: n });
    }
  }
  return out;
}

/** "a released, sealed plan set", "a structural roof letter or …": what a need asks for, in words. */
export function describeNeed(n: DeliverableNeed, stage: DeliverableStage): string {
  const what = n.kinds.map((k) => deliverableKindLabel(k).toLowerCase()).join(' or ');
  const adjectives = [stage === 'released' ? 'released' : null, n.sealed ? 'sealed' : null].filter(Boolean).join(', ');
  return `a ${adjectives ? `${adjectives} ` : ''}${what}`;
}

/** One sentence per missing document, naming the service that needs it. */
export function missingSentences(missing: readonly MissingDeliverable[], stage: DeliverableStage): string[] {
  return missing.map((m) => `${serviceLabel(m.service)} needs ${describeNeed(m.need, stage)}.`);
}

/** Whether a deliverable of `kind` must be sealed before release, given the job's services. */
export function mustBeSealed(services: readonly string[], kind: string): string | null {
  for (const service of services) {
    for (const n of needsOfService(service)) {
      if (n.sealed && n.kinds.length === 1 && n.kinds[0] === kind) return service;
    }
  }
  return null;
}

/** The services a deliverable of `kind` serves on this job. */
export function servicesServedBy(services: readonly string[], kind: string): string[] {
  return services.filter((s) => needsOfService(s).some((n) => n.kinds.includes(kind as DeliverableKind)));
}

/**
 * A service's task after a deliverable change: Completed when every need is met by released
 * documents, In Progress when a document for it exists, otherwise as it was (a generator's Failed
 * stays until a document arrives).
 */
export function taskAfterDeliverables(service: string, current: TaskCompletion, deliverables: readonly DeliverableFacts[]): TaskCompletion {
  const needs = needsOfService(service);
  if (!needs.length) return current;
  if (needs.every((n) => deliverables.some((d) => meets(d, n, 'released')))) return 'completed';
  if (needs.some((n) => deliverables.some((d) => n.kinds.includes(d.kind as DeliverableKind)))) return 'in_progress';
  return current === 'completed' ? 'in_progress' : current;
}

/** A job's tasks: one per requested service, in the job's order, blank (Not Completed) unless stored. */
export function tasksOf(services: readonly string[], stored: Record<string, unknown> | null | undefined): { service: string; status: TaskCompletion }[] {
  const seen = new Set<string>();
  const out: { service: string; status: TaskCompletion }[] = [];
  for (const s of services) {
    if (seen.has(s)) continue;
    seen.add(s);
    const v = stored?.[s];
    out.push({ service: s, status: v === 'in_progress' || v === 'completed' || v === 'failed' ? v : '' });
  }
  return out;
}

/** The tasks as the API answers them: with the service's label and the spec's completion label. */
export const taskAnswersOf = (services: readonly string[], stored: Record<string, unknown> | null | undefined) =>
  tasksOf(services, stored).map((t) => ({
    service: t.service, service_label: serviceLabel(t.service), status: t.status, status_label: TASK_COMPLETION_LABELS[t.status],
  }));

export const isDeliverableKind = (k: string): k is DeliverableKind => Object.prototype.hasOwnProperty.call(DELIVERABLE_KINDS, k);

/** Which kinds a staff member may pick when marking a file: all of them, plan set first. */
export const MARKABLE_KINDS: readonly DeliverableKind[] = DELIVERABLE_KIND_CODES;

/** A verification code as typed: upper case, without spaces or dashes, I/L read as 1 and O as 0 (Crockford). */
export function normaliseVerificationCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

export function isVerificationCode(code: string): boolean {
  if (code.length !== VERIFICATION_CODE_LENGTH) return false;
  for (const c of code) if (!VERIFICATION_ALPHABET.includes(c)) return false;
  return true;
}

/** As printed on a document: groups of five joined by dashes. */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,5}/g)?.join('-') ?? code;
}
