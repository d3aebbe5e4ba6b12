import { z } from 'zod';
import { BACKUP_TYPES } from '../constants/options.constants.ts';
import { EXISTING_RSD_TYPES, LOAD_CALC_DATA_PERIODS, LOAD_CALC_METHODS, WALL_STUD_SPECIES } from './cad-intake.groups.ts';

// The CAD intake's fields and their types, before the rules across fields (ZCadIntake, cad-intake.schema.ts).

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

export const cadIntake = z.object({
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
