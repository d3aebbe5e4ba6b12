import { GROUND_FOUNDATIONS, INTERCONNECTION_METHODS, BACKUP_TYPES } from '../constants/options.constants.ts';
import { isCustomChoice } from './custom-choice.rules.ts';
import { CAD_INTAKE_GROUP_FLAGS, EXISTING_RSD_TYPES, LOAD_CALC_DATA_PERIODS, LOAD_CALC_METHODS, WALL_STUD_SPECIES, type CadIntakeFlag, type CadIntakeGroup } from './cad-intake.groups.ts';
import type { CadIntake, CadIntakeField } from './cad-intake.shape.ts';

// The CAD intake form's fields in display order, with their labels, kinds and options, and which are
// shown for given values (cad-intake.schema.ts).

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
export const CUSTOM_PAIRS = Object.fromEntries(
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
