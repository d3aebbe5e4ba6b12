import type { LETTER_TYPE_VALUES } from '../contracts/letters.ts';

/*
 * Letters only where they apply (issue 23 §6): a letter whose subject the job does not have is
 * refused with the reason, before anything is calculated. The subject is read from the job itself
 * (its CAD intake, structure type, arrays and equipment), never from what a request types in.
 */

export type LetterTypeValue = (typeof LETTER_TYPE_VALUES)[number] | 'calculation_package';

export interface LetterJobFacts {
  structureType: string | null;
  cadIntake: Record<string, unknown>;
  /** The arrays' connection types (spec §3 array fields). */
  arrayConnections: readonly (string | null | undefined)[];
  /** Whether an equipment line of the job is a battery. */
  hasBatteryLine: boolean;
  /** The job's state (address, else AHJ). */
  state: string | null;
  revision: number;
}

const GROUND_CONNECTION = 'ground_mount_post';

/** Whether the job has a ground-mounted array: the CAD intake says so, the structure is a ground mount, or an array is on ground posts. */
export const hasGroundMount = (j: LetterJobFacts) =>
  j.cadIntake.needs_ground_mount === true || j.structureType === 'Ground Mount' || j.arrayConnections.some((c) => c === GROUND_CONNECTION);

/** Whether the job has an array on a roof (any array not on ground posts, when the structure is not a ground mount). */
export const hasRoofArray = (j: LetterJobFacts) =>
  j.structureType !== 'Ground Mount' && j.arrayConnections.some((c) => c !== GROUND_CONNECTION);

/** Whether the job has energy storage: a battery line, or the CAD intake's battery section. */
export const hasStorage = (j: LetterJobFacts) => j.hasBatteryLine || j.cadIntake.needs_battery_info === true;

/** Why this letter does not apply to the job, or null when it does. */
export function letterNotApplicable(type: LetterTypeValue, j: LetterJobFacts): string | null {
  switch (type) {
    case 'structural_ground_mount_letter':
      return hasGroundMount(j) ? null : 'The job has no ground-mounted array (its CAD intake, structure type and arrays are all on a roof): a ground-mount letter does not apply. Mark the ground mount on the job first if it has one.';
    case 'wall_mounted_battery_letter':
      return hasStorage(j) ? null : 'The job has no battery (no battery among its equipment and no battery in its CAD intake): a wall-mounted battery letter does not apply.';
    case 'structural_roof_letter':
    case 'post_install_letter':
      return hasRoofArray(j) ? null : 'The job has no array on a roof (every array is ground-mounted): a roof letter does not apply; choose the ground-mount letter.';
    case 'florida_statute_377_705':
      return j.state === 'FL' ? null : `The Florida Statute 377.705 certification applies to Florida jobs only; this job is in ${j.state ?? 'no state'}.`;
    case 'revision_letter':
      return j.revision > 0 ? null : 'The job has no revision yet: a revision letter describes a revision of the design.';
    default:
      return null;
  }
}
