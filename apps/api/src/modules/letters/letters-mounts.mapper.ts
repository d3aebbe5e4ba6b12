// The ground mount and the wall-mounted battery as the job has them (issue 28: split out of
// letters.service.ts): read from the CAD intake and the catalogue, or a refusal that names what to fill
// in and where. The request checks them before queueing; the run reads them again for the letter.
import { CAD_INTAKE_FIELDS, WALL_STUD_SPECIES } from '@sunstamp/domain/jobs/cad-intake.schema';
import { isEngineRefusal } from '@sunstamp/engineering/engine-refusal';
import { netPressureCoefficients } from '@sunstamp/engineering/structural/ground-mount.calc';
import type { AsceEdition } from '@sunstamp/engineering/tables/asce7-kz.table';
import type { LetterInputRaw } from '@sunstamp/planset/letters/letter-input.schema';
import type { JobWithRefs, Lines } from './letters-prepare.ts';

type GroundMount = NonNullable<LetterInputRaw['groundMount']>;
type WallBattery = NonNullable<LetterInputRaw['wallBattery']>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const listed = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const cadLabel = (name: string) => CAD_INTAKE_FIELDS.find((d) => d.name === name)?.label ?? name;
/** The CAD intake shows a group only with its flag on: say so when the value to fill in is hidden. */
const groupHint = (cad: Record<string, unknown>, flag: 'needs_ground_mount' | 'needs_battery_info') =>
  (cad[flag] === true ? '' : ` (Turn on ${cadLabel(flag)} in the CAD intake's General group to show the field.)`);
const modelOf = (l: Lines[number]) => `${l.manufacturer ?? ''} ${l.model ?? l.customModel ?? ''}`.trim();

/** The battery's wall bracket in the catalogue: the data key and what the refusal calls it. */
const WALL_MOUNT_FIELDS = [
  ['wallMountFasteners', 'lag screws'], ['wallMountTopRowFasteners', 'top-row lag screws'], ['wallMountRowSpacingIn', 'row spacing'],
  ['wallMountLagDiameterIn', 'lag diameter'], ['wallMountThreadPenetrationIn', 'thread penetration'], ['wallMountLagZLb', 'lateral design value Z'],
] as const;

/**
 * The wall-mounted battery as the job has it: the job's battery line with its catalogue weight,
 * depth and wall bracket (lag screws, rows, diameter, penetration, Z), and the studs' species from
 * the CAD intake (Battery); the engine's NDS tables give the species' G and the withdrawal value.
 * A refusal names what to fill in and where.
 */

export function batteryOf(lines: Lines, cadIntake: Record<string, unknown>): WallBattery | string {
  const b = lines.find((l) => l.kind === 'battery');
  if (!b) return 'The job names no battery: choose the battery on the job\'s equipment before the wall-mounted battery letter.';
  const name = modelOf(b);
  const d = (b.data ?? {}) as Record<string, unknown>;
  if (!b.model) return `The battery "${name}" is not a catalogue item: choose the battery from the catalogue on the job's equipment (its weight, depth and wall bracket come from there).`;
  const kg = num(d.weightKg);
  const mm = num(d.depthMm);
  if (kg === undefined || mm === undefined) return `The battery "${name}" has no ${kg === undefined ? 'weight' : 'depth'} in the catalogue: the wall-mounted battery letter needs the model's weight and depth.`;
  const missing = WALL_MOUNT_FIELDS.filter(([k]) => num(d[k]) === undefined).map(([, label]) => label);
  if (missing.length) return `The battery "${name}" has no wall bracket ${listed(missing)} in the catalogue: an admin enters them on the Catalogue page (Batteries, "${name}", the Wall bracket fields) from its installation manual before the wall-mounted battery letter.`;
  const fasteners = num(d.wallMountFasteners)!;
  const topRow = num(d.wallMountTopRowFasteners)!;
  if (topRow > fasteners) return `The battery "${name}" has ${topRow} top-row lag screws in the catalogue but ${fasteners} in all: correct its wall bracket on the Catalogue page.`;
  const species = str(cadIntake.battery_wall_stud_species);
  if (!(WALL_STUD_SPECIES as readonly string[]).includes(species)) return `The job's CAD intake (Battery) has no ${cadLabel('battery_wall_stud_species')}: choose the species of the studs the bracket is lagged into (${WALL_STUD_SPECIES.join(', ')}) before the wall-mounted battery letter.${groupHint(cadIntake, 'needs_battery_info')}`;
  return {
    model: name, weightLb: kg * LB_PER_KG, depthIn: mm / 25.4, count: Math.max(1, b.quantity ?? 1),
    fasteners, topRowFasteners: topRow, rowSpacingIn: num(d.wallMountRowSpacingIn)!, species: species as WallBattery['species'],
    diameterIn: num(d.wallMountLagDiameterIn)!, threadPenetrationIn: num(d.wallMountThreadPenetrationIn)!, lateralDesignValueLb: num(d.wallMountLagZLb)!,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The ground mount's geometry in the CAD intake (Ground Mount): the letter's field and the intake's. */
const GROUND_GEOMETRY = [
  ['tiltDeg', 'racking_pitch'], ['meanHeightFt', 'ground_mean_height'], ['arrayDepthFt', 'ground_table_depth'],
  ['postSpacingFt', 'ground_post_spacing'], ['postsPerColumn', 'ground_posts_per_column'],
] as const;
/** The racking's ground-mount data in the catalogue: the data key and what the refusal calls it. */
const GROUND_RACKING_FIELDS = [
  ['groundRackingWeightPsf', 'racking weight'], ['postAllowableUpliftLb', 'allowable uplift per post'],
  ['postAllowableCompressionLb', 'allowable downward load per post'], ['postAllowableLateralLb', 'allowable lateral load per post'],
] as const;
const LB_PER_KG = 2.20462;
export const asceEditionOf = (v: string | null | undefined): AsceEdition => (v?.match(/7-(10|16|22)/)?.[0] ?? '7-16') as AsceEdition;
const MM2_PER_FT2 = 92_903.04;

/**
 * The ground mount as the job has it: foundation, tilt and geometry from the CAD intake (Ground
 * Mount); racking, its weight and its post capacities from the job's racking line in the catalogue;
 * the modules' weight from the module's catalogue weight and size (dead load = both, psf of array).
 * The net pressure coefficients are the engine's (ASCE 7 free roof), which also refuses an array the
 * figure does not cover. A refusal names what to fill in and where.
 */
export function groundMountOf(r: JobWithRefs, lines: Lines, edition: AsceEdition): GroundMount | string {
  const cad = (r.job.cadIntake ?? {}) as Record<string, unknown>;
  const foundation = str(cad.foundation_type) === 'Other' ? str(cad.custom_foundation_type) : str(cad.foundation_type) || str(cad.custom_foundation_type);
  const geometry = Object.fromEntries(GROUND_GEOMETRY.map(([k, field]) => [k, num(cad[field])])) as Record<(typeof GROUND_GEOMETRY)[number][0], number | undefined>;
  const lacks = [...(foundation ? [] : ['foundation_type']), ...GROUND_GEOMETRY.filter(([k]) => geometry[k] === undefined).map(([, field]) => field)];
  if (lacks.length) return `The job's CAD intake (Ground Mount) has no ${listed(lacks.map(cadLabel))}: enter ${lacks.length > 1 ? 'them' : 'it'} on the job before the ground-mount letter.${groupHint(cad, 'needs_ground_mount')}`;
  const racking = lines.find((l) => l.kind === 'racking');
  if (!racking?.model) return 'The job names no racking from the catalogue: choose the ground-mount racking on the job\'s equipment (its catalogue item carries its weight and the post capacities).';
  const rackingName = modelOf(racking);
  const rd = (racking.data ?? {}) as Record<string, unknown>;
  const missing = GROUND_RACKING_FIELDS.filter(([k]) => num(rd[k]) === undefined).map(([, label]) => label);
  if (missing.length) return `The racking "${rackingName}" has no ground-mount ${listed(missing)} in the catalogue: an admin enters them on the Catalogue page (Racking, "${rackingName}", the Ground mount fields) from the racking maker's design before the ground-mount letter.`;
  const module = lines.find((l) => l.kind === 'module');
  if (!module?.model) return 'The job names no module from the catalogue: choose the module on the job\'s equipment (the dead load takes its weight and size).';
  const md = (module.data ?? {}) as Record<string, unknown>;
  const kg = num(md.weightKg);
  const areaMm2 = (num(md.lengthMm) ?? 0) * (num(md.widthMm) ?? 0);
  if (kg === undefined || !areaMm2) return `The module "${modelOf(module)}" has no ${kg === undefined ? 'weight' : 'length and width'} in the catalogue: the ground-mount letter's dead load needs them.`;
  const gm: GroundMount = {
    racking: rackingName, foundation,
    tiltDeg: geometry.tiltDeg!, meanHeightFt: geometry.meanHeightFt!, arrayDepthFt: geometry.arrayDepthFt!, postSpacingFt: geometry.postSpacingFt!, postsPerColumn: geometry.postsPerColumn!,
    deadLoadPsf: (kg * LB_PER_KG) / (areaMm2 / MM2_PER_FT2) + num(rd.groundRackingWeightPsf)!,
    allowableUpliftLb: num(rd.postAllowableUpliftLb)!, allowableCompressionLb: num(rd.postAllowableCompressionLb)!, allowableLateralLb: num(rd.postAllowableLateralLb)!,
  };
  try {
    netPressureCoefficients({ edition, tiltDeg: gm.tiltDeg, meanHeightFt: gm.meanHeightFt, arrayDepthFt: gm.arrayDepthFt });
  } catch (e) {
    if (isEngineRefusal(e)) return `${e.message} Check the CAD intake's Ground Mount values.`;
    throw e;
  }
  return gm;
}
