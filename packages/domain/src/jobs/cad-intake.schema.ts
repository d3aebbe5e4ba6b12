import { z } from 'zod';
import {
  BACKUP_TYPES,
  GROUND_FOUNDATIONS,
  INTERCONNECTION_METHODS,
} from '../constants/options.constants.ts';
import { checkCustomPairs, isCustomChoice } from './custom-choice.rules.ts';
import { serviceEquipmentProblems } from './service-equipment.rules.ts';

/**
 * The CAD intake form of spec §3: what the designer needs to draw a plan set. Groups other than
 * general show only when their flag is on (needs_*, or existing_solar for the existing system).
 * Selects backed by an option list (`optionList`) store the item's value; the shape is checked
 * here, membership by the API against the database's lists (job-options.rules.ts: any active
 * item, or the value the job already holds). "Other"/"Custom" requires the custom_* text.
 */

export const CAD_INTAKE_GROUPS = [
  'general',
  'optimizer',
  'mci',
  'battery',
  'structural',
  'ground_mount',
  'existing_solar',
  'load_calculation',
] as const;
export type CadIntakeGroup = (typeof CAD_INTAKE_GROUPS)[number];

export const CAD_INTAKE_GROUP_LABELS: Record<CadIntakeGroup, string> = {
  general: 'General',
  optimizer: 'Optimizer',
  mci: 'MCI',
  battery: 'Battery',
  structural: 'Structural',
  ground_mount: 'Ground Mount',
  existing_solar: 'Existing Solar',
  load_calculation: 'Load Calculation (NEC Article 220)',
};

export type CadIntakeFlag =
  | 'needs_structural_cad'
  | 'needs_ground_mount'
  | 'needs_battery_info'
  | 'needs_optimizer'
  | 'needs_mci'
  | 'existing_solar'
  | 'mpu_required'
  | 'subpanel_routed'
  | 'needs_load_calculation';

/** The flag that shows each group; general is always shown. */
export const CAD_INTAKE_GROUP_FLAGS: Record<CadIntakeGroup, CadIntakeFlag | null> = {
  general: null,
  optimizer: 'needs_optimizer',
  mci: 'needs_mci',
  battery: 'needs_battery_info',
  structural: 'needs_structural_cad',
  ground_mount: 'needs_ground_mount',
  existing_solar: 'existing_solar',
  load_calculation: 'needs_load_calculation',
};

/** Stud species of NDS Table 12.3.3A the engine has (packages/engineering nds-withdrawal.table.ts). */
export const WALL_STUD_SPECIES = ['DF-L', 'SP', 'HF', 'SPF'] as const;

const text = z.string().trim().max(200);
const longText = z.string().trim().max(5000);
const count = z.number().int().min(0).max(100_000).nullable();
const amps = z.number().int().min(0).max(10_000).nullable();
/*
 * Fields added after jobs were stored (issue 25: energy storage backup and the Article 220 load
 * calculation): a stored intake without them is merged onto CAD_INTAKE_DEFAULTS before it is parsed.
 */
const laterAmps = amps;
const laterText = text;

/** The Article 220 dwelling load calculation methods the engine works out (NEC 220.82, 220.83, 220.87). */
export const LOAD_CALC_METHODS = ['NEC 220.82 Optional Method', 'NEC 220.83 Existing Dwelling', 'NEC 220.87 Measured Demand'] as const;
export const LOAD_CALC_DATA_PERIODS = ['12 Months', '30 Days'] as const;

/**
 * The existing PV system's rapid-shutdown type (issue 25, finding 6: one 690.56(C) placard per type): shut
 * down at the array (690.12 as from NEC 2017), only the conductors leaving it (NEC 2014), or none (before 2014).
 */
export const EXISTING_RSD_TYPES = ['690.12 compliant (array-level)', 'conductor-level only (2014)', 'none (pre-2014)'] as const;
export type ExistingRsdType = (typeof EXISTING_RSD_TYPES)[number];
/** The engine's name of each type (packages/engineering ZExistingPv). */
export const EXISTING_RSD_ENGINE: Record<ExistingRsdType, 'array-level' | 'conductor-level' | 'none'> = {
  '690.12 compliant (array-level)': 'array-level',
  'conductor-level only (2014)': 'conductor-level',
  'none (pre-2014)': 'none',
};

export const ROOF_FACES = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type RoofFace = (typeof ROOF_FACES)[number];
const FACE_WORDS: Record<string, RoofFace> = {
  NORTH: 'N', NORTHEAST: 'NE', EAST: 'E', SOUTHEAST: 'SE', SOUTH: 'S', SOUTHWEST: 'SW', WEST: 'W', NORTHWEST: 'NW',
};

/** The compass face (of eight) a roof plane faces, from its azimuth (degrees clockwise from north). */
export const compassFace = (azimuthDeg: number): RoofFace => ROOF_FACES[((Math.round(azimuthDeg / 45) % 8) + 8) % 8]!;

/**
 * The roof faces the existing array is on, as the intake gives them ("S, W", "south and west",
 * "south-west"): the compass directions the faces look to. Answers the faces, or the word it cannot read.
 */
export function parseRoofFaces(text: string): { ok: true; faces: RoofFace[] } | { ok: false; word: string } {
  const words = text.toUpperCase().replace(/\b(NORTH|SOUTH)-(EAST|WEST)\b/g, '$1$2').split(/[\s,;/&+]+|\bAND\b/).map((w) => w.replace(/\b(FACE|FACES|ROOF)\b/g, '').trim()).filter(Boolean);
  const faces: RoofFace[] = [];
  for (const w of words) {
    const f = (ROOF_FACES as readonly string[]).includes(w) ? (w as RoofFace) : FACE_WORDS[w];
    if (!f) return { ok: false, word: w };
    if (!faces.includes(f)) faces.push(f);
  }
  return { ok: true, faces };
}

const cadIntake = z.object({
  // general: the flags
  needs_structural_cad: z.boolean(),
  needs_ground_mount: z.boolean(),
  needs_battery_info: z.boolean(),
  needs_optimizer: z.boolean(),
  needs_mci: z.boolean(),
  existing_solar: z.boolean(),
  // general: site and contractor
  state: text,
  utility: text,
  custom_utility: text,
  contractor_license_num: text,
  // general: system
  module_type: text,
  custom_module_type: text,
  module_count: count,
  inverter_type: text,
  custom_inverter_type: text,
  inverter_count: count,
  connection_type: text,
  custom_connection_type: text,
  racking_type: text,
  custom_racking_type: text,
  preferred_racking_manufacturer: text,
  custom_preferred_racking_manufacturer: text,
  // general: electrical
  interconnection: text,
  custom_interconnection: text,
  main_breaker_derate: z.boolean(),
  msp_rating: amps,
  breaker_rating: amps,
  mpu_required: z.boolean(),
  mpu_model_number: text,
  new_msp_rating: amps,
  new_mb_rating: amps,
  subpanel_routed: z.boolean(),
  subpanel_rating: amps,
  subpanel_ocpd_rating: amps,
  main_panel_location: text,
  production_meter_location: text,
  cad_notes: longText,
  // optimizer
  optimizer_type: text,
  custom_optimizer_type: text,
  optimizer_count: count,
  // mci
  mci: text,
  custom_mci: text,
  mci_count: count,
  // battery
  battery_type: text,
  custom_battery_type: text,
  battery_count: count,
  battery_backup: z.union([z.enum(BACKUP_TYPES), z.literal('')]),
  /** The framing the battery's bracket is lagged into (NDS Table 12.3.3A species); the wall-mounted battery letter needs it. */
  battery_wall_stud_species: z.union([z.enum(WALL_STUD_SPECIES), z.literal('')]),
  /** Backup: the transfer equipment (backup gateway, transfer switch) and its continuous rating (702.5). */
  transfer_equipment_model: laterText,
  transfer_equipment_rating: laterAmps,
  /** Partial backup: the backup loads panel's busbar and the main-panel breaker that supplies it. */
  backup_panel_rating: laterAmps,
  backup_panel_breaker: laterAmps,
  /** Partial backup: the backup loads panel's calculated load, A (702.4). */
  backed_up_load: laterAmps,
  /** A load management system limits what the battery picks up (702.4; 750.30), to this many amperes. */
  backup_load_management: z.boolean(),
  backup_managed_load: laterAmps,
  // structural
  roof_material: text,
  custom_roof_material: text,
  roof_pitch: z.number().min(0).lt(90).nullable(),
  beam_shape: text,
  custom_beam_shape: text,
  beam_spacing: z.number().positive().max(120).nullable(),
  // ground mount
  foundation_type: text,
  custom_foundation_type: text,
  racking_pitch: z.number().min(0).lt(90).nullable(),
  /** The ground-mount letter's geometry (ASCE 7 free roof; posts and their foundations). */
  ground_mean_height: z.number().positive().max(60).nullable(),
  ground_table_depth: z.number().positive().max(100).nullable(),
  ground_post_spacing: z.number().positive().max(100).nullable(),
  ground_posts_per_column: z.number().int().min(1).max(10).nullable(),
  // existing solar
  existing_module_type: text,
  existing_module_count: count,
  existing_inverter_type: text,
  existing_inverter_count: count,
  existing_optimizer_type: text,
  existing_optimizer_count: count,
  existing_mci_type: text,
  existing_mci_count: count,
  existing_battery_type: text,
  existing_battery_count: count,
  existing_interconnection: text,
  custom_existing_interconnection: text,
  existing_msp_rating: amps,
  existing_breaker_rating: amps,
  /** Its rapid-shutdown type and the roof faces its array is on (issue 25: its own placard and roof diagram). */
  existing_rsd_type: z.union([z.enum(EXISTING_RSD_TYPES), z.literal('')]),
  existing_array_faces: laterText,
  // load calculation (NEC Article 220): needed with a main breaker derate, a main panel upgrade, whole-home backup
  needs_load_calculation: z.boolean(),
  load_calc_method: z.union([z.enum(LOAD_CALC_METHODS), z.literal('')]),
  load_calc_floor_area: z.number().positive().max(100_000).nullable(),
  load_calc_small_appliance_circuits: z.number().int().min(0).max(100).nullable(),
  load_calc_laundry_circuits: z.number().int().min(0).max(100).nullable(),
  /** One appliance a line, "Range: 12000" (nameplate VA); 220.87: the loads this job adds. */
  load_calc_appliances: longText,
  load_calc_ac_va: z.number().min(0).max(1_000_000).nullable(),
  load_calc_heating_va: z.number().min(0).max(1_000_000).nullable(),
  load_calc_heating_units: z.number().int().min(0).max(100).nullable(),
  load_calc_max_demand_kw: z.number().positive().max(10_000).nullable(),
  load_calc_data_period: z.union([z.enum(LOAD_CALC_DATA_PERIODS), z.literal('')]),
  load_calc_existing_renewable: z.boolean(),
});
export type CadIntake = z.infer<typeof cadIntake>;
export type CadIntakeField = keyof CadIntake;

export type CadIntakeFieldKind = 'bool' | 'text' | 'int' | 'float' | 'select';

export interface CadIntakeFieldDef {
  name: CadIntakeField;
  group: CadIntakeGroup;
  label: string;
  kind: CadIntakeFieldKind;
  /** Fixed options; "Other" in the list means the custom field may be needed. */
  options?: readonly string[];
  /**
   * Options come from this endpoint (spec §7 option lists, plus the states and utilities
   * directories); with a custom field the form adds "Other" when the list has no Other/Custom item.
   */
  optionList?: string;
  /** The free-text field filled when Other/Custom is chosen. */
  custom?: CadIntakeField;
  /** Shown only when this flag is on (besides the group's own flag). */
  showWhen?: CadIntakeFlag;
  unit?: string;
}

const f = (
  group: CadIntakeGroup,
  name: CadIntakeField,
  label: string,
  kind: CadIntakeFieldKind,
  extra: Partial<CadIntakeFieldDef> = {},
): CadIntakeFieldDef => ({ name, group, label, kind, ...extra });

const withOther = (list: readonly string[]) => (list.includes('Other') ? list : [...list, 'Other']);

/** Display order and metadata. Custom text fields are not listed: they follow their choice. */
export const CAD_INTAKE_FIELDS: readonly CadIntakeFieldDef[] = [
  f('general', 'needs_structural_cad', 'Structural CAD', 'bool'),
  f('general', 'needs_ground_mount', 'Ground Mount', 'bool'),
  f('general', 'needs_battery_info', 'Battery', 'bool'),
  f('general', 'needs_optimizer', 'Optimizers', 'bool'),
  f('general', 'needs_mci', 'MCI', 'bool'),
  f('general', 'existing_solar', 'Existing Solar', 'bool'),
  f('general', 'state', 'State', 'select', { optionList: 'states' }),
  f('general', 'utility', 'Utility', 'select', { optionList: 'utilities', custom: 'custom_utility' }),
  f('general', 'contractor_license_num', 'Contractor License Number', 'text'),
  f('general', 'module_type', 'Module Type', 'select', { optionList: 'module-types', custom: 'custom_module_type' }),
  f('general', 'module_count', 'Module Count', 'int'),
  f('general', 'inverter_type', 'Inverter Type', 'select', { optionList: 'inverter-types', custom: 'custom_inverter_type' }),
  f('general', 'inverter_count', 'Inverter Count', 'int'),
  f('general', 'connection_type', 'Connection Type', 'select', { optionList: 'connection-types', custom: 'custom_connection_type' }),
  f('general', 'racking_type', 'Racking Type', 'select', { optionList: 'racking-types', custom: 'custom_racking_type' }),
  f('general', 'preferred_racking_manufacturer', 'Preferred Racking Manufacturer', 'select', {
    optionList: 'racking-brands',
    custom: 'custom_preferred_racking_manufacturer',
  }),
  f('general', 'interconnection', 'Interconnection', 'select', { options: INTERCONNECTION_METHODS, custom: 'custom_interconnection' }),
  f('general', 'main_breaker_derate', 'Main Breaker Derate', 'bool'),
  f('general', 'msp_rating', 'MSP Rating', 'int', { unit: 'A' }),
  f('general', 'breaker_rating', 'Main Breaker Rating', 'int', { unit: 'A' }),
  f('general', 'mpu_required', 'Main Panel Upgrade Required', 'bool'),
  f('general', 'mpu_model_number', 'MPU Model Number', 'text', { showWhen: 'mpu_required' }),
  f('general', 'new_msp_rating', 'New MSP Rating', 'int', { showWhen: 'mpu_required', unit: 'A' }),
  f('general', 'new_mb_rating', 'New Main Breaker Rating', 'int', { showWhen: 'mpu_required', unit: 'A' }),
  f('general', 'subpanel_routed', 'Routed Through Subpanel', 'bool'),
  f('general', 'subpanel_rating', 'Subpanel Rating', 'int', { showWhen: 'subpanel_routed', unit: 'A' }),
  f('general', 'subpanel_ocpd_rating', 'Subpanel OCPD Rating', 'int', { showWhen: 'subpanel_routed', unit: 'A' }),
  f('general', 'main_panel_location', 'Main Panel Location', 'text'),
  f('general', 'production_meter_location', 'Production Meter Location', 'text'),
  f('general', 'cad_notes', 'CAD Notes', 'text'),
  f('optimizer', 'optimizer_type', 'Optimizer Type', 'select', { optionList: 'optimizer-types', custom: 'custom_optimizer_type' }),
  f('optimizer', 'optimizer_count', 'Optimizer Count', 'int'),
  f('mci', 'mci', 'MCI Type', 'select', { optionList: 'mci-types', custom: 'custom_mci' }),
  f('mci', 'mci_count', 'MCI Count', 'int'),
  f('battery', 'battery_type', 'Battery Type', 'select', { optionList: 'battery-types', custom: 'custom_battery_type' }),
  f('battery', 'battery_count', 'Battery Count', 'int'),
  f('battery', 'battery_backup', 'Battery Backup', 'select', { options: BACKUP_TYPES }),
  f('battery', 'battery_wall_stud_species', 'Wall Stud Species', 'select', { options: WALL_STUD_SPECIES }),
  f('battery', 'transfer_equipment_model', 'Backup Gateway / Transfer Switch Model', 'text'),
  f('battery', 'transfer_equipment_rating', 'Transfer Equipment Rating', 'int', { unit: 'A' }),
  f('battery', 'backup_panel_rating', 'Backup Loads Panel Rating', 'int', { unit: 'A' }),
  f('battery', 'backup_panel_breaker', 'Backup Panel Supply Breaker', 'int', { unit: 'A' }),
  f('battery', 'backed_up_load', 'Backed-Up Load (Calculated)', 'int', { unit: 'A' }),
  f('battery', 'backup_load_management', 'Load Management System', 'bool'),
  f('battery', 'backup_managed_load', 'Most Load Management Connects', 'int', { unit: 'A' }),
  f('structural', 'roof_material', 'Roof Material', 'select', { optionList: 'roof-materials', custom: 'custom_roof_material' }),
  f('structural', 'roof_pitch', 'Roof Pitch', 'float', { unit: '°' }),
  f('structural', 'beam_shape', 'Beam Shape', 'select', { optionList: 'beam-shapes', custom: 'custom_beam_shape' }),
  f('structural', 'beam_spacing', 'Beam Spacing', 'float', { unit: 'in' }),
  f('ground_mount', 'foundation_type', 'Foundation Type', 'select', {
    options: withOther(GROUND_FOUNDATIONS),
    custom: 'custom_foundation_type',
  }),
  f('ground_mount', 'racking_pitch', 'Racking Pitch', 'float', { unit: '°' }),
  f('ground_mount', 'ground_mean_height', 'Mean Array Height', 'float', { unit: 'ft' }),
  f('ground_mount', 'ground_table_depth', 'Table Depth (along the slope)', 'float', { unit: 'ft' }),
  f('ground_mount', 'ground_post_spacing', 'Post Spacing (along the row)', 'float', { unit: 'ft' }),
  f('ground_mount', 'ground_posts_per_column', 'Posts per Column', 'int'),
  f('existing_solar', 'existing_module_type', 'Existing Module Type', 'select', { optionList: 'module-types' }),
  f('existing_solar', 'existing_module_count', 'Existing Module Count', 'int'),
  f('existing_solar', 'existing_inverter_type', 'Existing Inverter Type', 'select', { optionList: 'inverter-types' }),
  f('existing_solar', 'existing_inverter_count', 'Existing Inverter Count', 'int'),
  f('existing_solar', 'existing_optimizer_type', 'Existing Optimizer Type', 'select', { optionList: 'optimizer-types' }),
  f('existing_solar', 'existing_optimizer_count', 'Existing Optimizer Count', 'int'),
  f('existing_solar', 'existing_mci_type', 'Existing MCI Type', 'select', { optionList: 'mci-types' }),
  f('existing_solar', 'existing_mci_count', 'Existing MCI Count', 'int'),
  f('existing_solar', 'existing_battery_type', 'Existing Battery Type', 'select', { optionList: 'battery-types' }),
  f('existing_solar', 'existing_battery_count', 'Existing Battery Count', 'int'),
  f('existing_solar', 'existing_interconnection', 'Existing Interconnection', 'select', {
    options: INTERCONNECTION_METHODS,
    custom: 'custom_existing_interconnection',
  }),
  f('existing_solar', 'existing_msp_rating', 'Existing MSP Rating', 'int', { unit: 'A' }),
  f('existing_solar', 'existing_breaker_rating', 'Existing Breaker Rating', 'int', { unit: 'A' }),
  f('existing_solar', 'existing_rsd_type', 'Existing Rapid Shutdown Type', 'select', { options: EXISTING_RSD_TYPES }),
  f('existing_solar', 'existing_array_faces', 'Existing Array Roof Face(s), e.g. "S, W"', 'text'),
  f('general', 'needs_load_calculation', 'Load Calculation', 'bool'),
  f('load_calculation', 'load_calc_method', 'Method', 'select', { options: LOAD_CALC_METHODS }),
  f('load_calculation', 'load_calc_floor_area', 'Floor Area', 'float', { unit: 'ft²' }),
  f('load_calculation', 'load_calc_small_appliance_circuits', 'Small-Appliance Circuits', 'int'),
  f('load_calculation', 'load_calc_laundry_circuits', 'Laundry Circuits', 'int'),
  f('load_calculation', 'load_calc_appliances', 'Appliances (one a line, "Range: 12000" VA)', 'text'),
  f('load_calculation', 'load_calc_ac_va', 'Air Conditioning', 'float', { unit: 'VA' }),
  f('load_calculation', 'load_calc_heating_va', 'Electric Space Heating', 'float', { unit: 'VA' }),
  f('load_calculation', 'load_calc_heating_units', 'Separately Controlled Heating Units', 'int'),
  f('load_calculation', 'load_calc_max_demand_kw', 'Maximum Demand (220.87)', 'float', { unit: 'kW' }),
  f('load_calculation', 'load_calc_data_period', 'Demand Data Period (220.87)', 'select', { options: LOAD_CALC_DATA_PERIODS }),
  f('load_calculation', 'load_calc_existing_renewable', 'Service Already Has PV or Peak Shaving', 'bool'),
];

const FIELD_BY_NAME = new Map(CAD_INTAKE_FIELDS.map((d) => [d.name, d]));
const CUSTOM_PAIRS = Object.fromEntries(
  CAD_INTAKE_FIELDS.filter((d) => d.custom).map((d) => [d.name, d.custom as string]),
);

export function isCadIntakeGroupShown(group: CadIntakeGroup, values: Pick<CadIntake, CadIntakeFlag>): boolean {
  const flag = CAD_INTAKE_GROUP_FLAGS[group];
  return flag === null || values[flag];
}

/** Whether a field (or a custom_* field, through its choice) is shown for these values. */
export function isCadIntakeFieldShown(name: CadIntakeField, values: CadIntake): boolean {
  const def = FIELD_BY_NAME.get(name) ?? CAD_INTAKE_FIELDS.find((d) => d.custom === name);
  if (!def) return false;
  if (!isCadIntakeGroupShown(def.group, values)) return false;
  if (def.showWhen && !values[def.showWhen]) return false;
  if (def.custom === name && def.name !== name) return isCustomChoice(values[def.name]);
  return true;
}

export function visibleCadIntakeFields(values: CadIntake): CadIntakeFieldDef[] {
  return CAD_INTAKE_FIELDS.filter((d) => isCadIntakeFieldShown(d.name, values));
}

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

export const CAD_INTAKE_DEFAULTS: Readonly<CadIntake> = Object.freeze({
  needs_structural_cad: true,
  needs_ground_mount: false,
  needs_battery_info: false,
  needs_optimizer: false,
  needs_mci: false,
  existing_solar: false,
  state: '',
  utility: '',
  custom_utility: '',
  contractor_license_num: '',
  module_type: '',
  custom_module_type: '',
  module_count: null,
  inverter_type: '',
  custom_inverter_type: '',
  inverter_count: null,
  connection_type: '',
  custom_connection_type: '',
  racking_type: '',
  custom_racking_type: '',
  preferred_racking_manufacturer: '',
  custom_preferred_racking_manufacturer: '',
  interconnection: '',
  custom_interconnection: '',
  main_breaker_derate: false,
  msp_rating: null,
  breaker_rating: null,
  mpu_required: false,
  mpu_model_number: '',
  new_msp_rating: null,
  new_mb_rating: null,
  subpanel_routed: false,
  subpanel_rating: null,
  subpanel_ocpd_rating: null,
  main_panel_location: '',
  production_meter_location: '',
  cad_notes: '',
  optimizer_type: '',
  custom_optimizer_type: '',
  optimizer_count: null,
  mci: '',
  custom_mci: '',
  mci_count: null,
  battery_type: '',
  custom_battery_type: '',
  battery_count: null,
  battery_backup: '',
  battery_wall_stud_species: '',
  roof_material: '',
  custom_roof_material: '',
  roof_pitch: null,
  beam_shape: '',
  custom_beam_shape: '',
  beam_spacing: 24,
  foundation_type: '',
  custom_foundation_type: '',
  racking_pitch: null,
  ground_mean_height: null,
  ground_table_depth: null,
  ground_post_spacing: null,
  ground_posts_per_column: null,
  existing_module_type: '',
  existing_module_count: null,
  existing_inverter_type: '',
  existing_inverter_count: null,
  existing_optimizer_type: '',
  existing_optimizer_count: null,
  existing_mci_type: '',
  existing_mci_count: null,
  existing_battery_type: '',
  existing_battery_count: null,
  existing_interconnection: '',
  custom_existing_interconnection: '',
  existing_msp_rating: null,
  existing_breaker_rating: null,
  existing_rsd_type: '',
  existing_array_faces: '',
  transfer_equipment_model: '',
  transfer_equipment_rating: null,
  backup_panel_rating: null,
  backup_panel_breaker: null,
  backed_up_load: null,
  backup_load_management: false,
  backup_managed_load: null,
  needs_load_calculation: false,
  load_calc_method: '',
  load_calc_floor_area: null,
  load_calc_small_appliance_circuits: null,
  load_calc_laundry_circuits: null,
  load_calc_appliances: '',
  load_calc_ac_va: null,
  load_calc_heating_va: null,
  load_calc_heating_units: null,
  load_calc_max_demand_kw: null,
  load_calc_data_period: '',
  load_calc_existing_renewable: false,
});

export function createCadIntake(overrides: Partial<CadIntake> = {}): CadIntake {
  return { ...CAD_INTAKE_DEFAULTS, ...overrides };
}
