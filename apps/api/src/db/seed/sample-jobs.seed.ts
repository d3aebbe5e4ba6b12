import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@sunstamp/domain/roles';
import {
  findTransition, statusBeforePendingClient, type JobStatus, clientStatusOf,
} from '@sunstamp/domain/jobs/workflow.rules';
import { monthKey, monthStatsDelta } from '@sunstamp/domain/jobs/month-stats.rules';
import { overdueAtOf, pendingBookkeeping } from '@sunstamp/domain/jobs/pending-admin.rules';
import { historyEventOf } from '@sunstamp/domain/jobs/job-history.rules';
import { creditedPeople, stepCredits } from '@sunstamp/domain/jobs/step-credits.rules';
import { createJobArray, ZJobArray, type JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import { CAD_INTAKE_DEFAULTS, ZCadIntake, type CadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import { RACKING_TYPES } from '@sunstamp/domain/catalogue/option-lists.data';
import { REVISION_REASONS } from '@sunstamp/domain/constants/revision.constants';
import type { ServiceCode } from '@sunstamp/domain/constants/services.constants';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { Database } from '../client.ts';
import { companies, equipment, jobEquipment, jobHistory, jobRevisions, jobs, states, userMonthStats, users } from '../schema.ts';
import { JOB_EQUIPMENT_KINDS, type JobEquipmentKind } from '@sunstamp/domain/jobs/job-equipment.rules';
import { seedSampleDirectory, type SampleAhjName, type SampleUtilityName } from './sample-directory.seed.ts';

/**
 * Sample jobs for the demo workspace, so /jobs is not empty on first look: Acme Solar and
 * Brightside Energy jobs across the workflow, each with the history the workflow would have
 * written. Every step is checked against the domain's transition table for the actor's role (a
 * step the table refuses throws), and the overdue bookkeeping, events and month stats come from
 * the domain's rules the jobs services use too (pending-admin, job-history and month-stats rules). Times are relative to `now`, so on a fresh install
 * exactly one job (Okafor) is overdue.
 *
 * Most jobs name a demo AHJ and a demo utility (sample-directory.seed.ts, seeded in the same
 * transaction with their requirement values), so their Requirements section shows where each
 * value comes from; the others keep a custom utility and no AHJ, as many real jobs do.
 *
 * Rows are written with a few multi-row inserts in one transaction (a few milliseconds on PGlite):
 * this runs on the cold start of every new demo install.
 */

type Who = 'admin' | 'support' | 'drafter' | 'acmeOwner' | 'acmeUser' | 'brightOwner';
const EMAIL: Record<Who, string> = {
  admin: 'admin@sunstamp.test',
  support: 'support@sunstamp.test',
  drafter: 'drafter@sunstamp.test',
  acmeOwner: 'owner@acme-solar.test',
  acmeUser: 'installer@acme-solar.test',
  brightOwner: 'owner@brightside.test',
};

/** One thing that happened to the job, `h` hours before now (steps go forward in time). */
export type SampleStep =
  | { h: number; by: Who; do: 'create' }
  | { h: number; by: Who; do: 'draft'; fields: string[] }
  | { h: number; by: Who; do: 'move'; to: JobStatus; note?: string }
  | { h: number; by: Who; do: 'assign'; to: Who; note?: string }
  | { h: number; by: Who; do: 'revision'; reason: keyof typeof REVISION_REASONS; note: string };

export interface SampleJob {
  company: 'Acme Solar' | 'Brightside Energy';
  name: string;
  client: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  structure: string;
  roofType?: 'Gable Roof' | 'Hip Roof' | 'Flat Roof';
  gypsum?: string;
  exposure?: 'B' | 'C' | 'D';
  /** A demo AHJ (the job's ahj_id) and a demo utility (its CAD intake's `utility`, the utility's id). */
  ahj?: SampleAhjName;
  utility?: SampleUtilityName;
  services: ServiceCode[];
  notes?: string;
  arrays: Partial<JobArray>[];
  /** Catalogue equipment ids (SEED_EQUIPMENT): module, inverter (or a battery with its inverter built in), then any optimizer, battery, MCI, racking. */
  equipment: string[];
  cad: Partial<CadIntake>;
  /**
   * The dynamic CAD fields its AHJ and utility ask for (`jobs.cad_fields`): a job past pre-check
   * has them, or its plan set could not be generated. Not the building permit number: it is issued
   * after the set is approved, so the title block leaves a line to write it in.
   */
  cadFields?: Record<string, string | number>;
  /** The wet stamp's copies and shipping address, as a client orders them with the service. */
  wetStampOrder?: { copies: number; recipient: string; street: string; city: string; state: string; zip: string };
  steps: SampleStep[];
}

const equipmentById = new Map(SEED_EQUIPMENT.map((e) => [e.id, e]));
function equipmentOf(id: string) {
  const e = equipmentById.get(id);
  if (!e) throw new Error(`sample jobs: no seeded equipment ${id}`);
  return e;
}

const shingleArray = (o: Partial<JobArray>): Partial<JobArray> => ({
  roof_material: 'asphalt_shingle',
  connection_type: 'flashed_l_foot',
  racking_type: 'ironridge_xr10',
  frame_shape: '2x6',
  beam_shape: '2x6',
  num_panels_on_rafter: 2,
  ...o,
});

/**
 * The contractors' licence numbers by state, as a client types them on the CAD intake (the title
 * block prints them). Acme's match its title-block note (sample-directory.seed.ts). Fictional.
 */
const LICENCE = {
  acmeTx: 'TX ECL 31987',
  acmeAz: 'AZ ROC 334512',
  brightCo: 'CO EC.0018421',
} as const;

/**
 * The demo's sample jobs, oldest history first within each job.
 *
 * Every job past Pending Pre-Check is a complete, passing design, so Generate on it draws a plan
 * set (demo-generation.seed.test.ts): an AHJ with design criteria, a module, an inverter and a
 * racking model from the catalogue, the CAD intake's licence, panel ratings and interconnection,
 * and module-level rapid shutdown wherever a string inverter is used (SolarEdge optimizers; the
 * micro-inverters are module-level by design). SolarEdge strings stay at 8 optimizers (the data
 * sheet's single-phase minimum): the engine takes n × the optimizer's 60 V maximum output against
 * the inverter's 480 V (NEC 690.7(B)), so longer strings would fail.
 */
export const SAMPLE_JOBS: readonly SampleJob[] = [
  {
    company: 'Acme Solar', name: 'Nguyen Residence', client: 'Linh Nguyen',
    street: '4512 Avenue H', city: 'Austin', state: 'TX', zip: '78751', lat: 30.30841, lng: -97.72358,
    structure: 'Single Family Residence', exposure: 'B', ahj: 'City of Austin', utility: 'Austin Energy',
    services: ['cad_packet', 'structural_roof_letter'],
    notes: 'Homeowner works from home; call before arriving. Gate code 4512.',
    arrays: [
      shingleArray({ panel_quantity: 14, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [168] }),
      shingleArray({ panel_quantity: 6, module_type: 'mono_topcon', roof_pitch: 18.4, beam_span: [144], orientation: 'Landscape', num_panels_on_rafter: 1 }),
    ],
    equipment: ['qcells-q-tron-blk-m-g2-plus-425', 'enphase-iq8plus-72-2-us', 'ironridge-xr10'],
    cad: {
      msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP', main_panel_location: 'Garage, east wall',
      contractor_license_num: LICENCE.acmeTx,
    },
    cadFields: { case_number: '2026-041877 PR' },
    steps: [
      { h: 27, by: 'acmeUser', do: 'create' },
      { h: 26.5, by: 'acmeUser', do: 'draft', fields: ['arrays', 'cad_intake'] },
    ],
  },
  {
    // Just submitted, in Pending Pre-Check: no AHJ yet (Round Rock is not in the demo directory) and
    // no racking model or licence, as many submissions arrive; pre-check asks for them, so Generate
    // answers 422 naming what is missing. Realistic on purpose.
    company: 'Acme Solar', name: 'Patel Residence', client: 'Raj and Priya Patel',
    street: '1709 Oxford Blvd', city: 'Round Rock', state: 'TX', zip: '78664', lat: 30.51622, lng: -97.65521,
    structure: 'Single Family Residence', roofType: 'Hip Roof', gypsum: '1/2"', exposure: 'B',
    utility: 'Oncor',
    services: ['structural_roof_letter', 'cad_stamp_structural'],
    arrays: [shingleArray({ panel_quantity: 17, module_type: 'mono_perc', roof_pitch: 22.6, beam_span: [156] })],
    equipment: ['qcells-q-peak-duo-blk-ml-g10-plus-400', 'enphase-iq8m-72-2-us'],
    cad: { msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP', main_panel_location: 'Exterior, north side' },
    steps: [
      { h: 5, by: 'acmeOwner', do: 'create' },
      { h: 4.5, by: 'acmeOwner', do: 'draft', fields: ['arrays', 'cad_intake', 'services_requested'] },
      { h: 2, by: 'acmeOwner', do: 'move', to: 'Pending Pre-Check' },
    ],
  },
  {
    // The overdue one: pending our team for 14 hours, over the 8 hours without a CAD packet.
    company: 'Acme Solar', name: 'Okafor Residence', client: 'Chidi Okafor',
    street: '3420 E Campbell Ave', city: 'Phoenix', state: 'AZ', zip: '85018', lat: 33.50174, lng: -112.00782,
    structure: 'Single Family Residence', roofType: 'Hip Roof', gypsum: '1/2"', exposure: 'C',
    ahj: 'City of Phoenix', utility: 'Arizona Public Service',
    services: ['structural_roof_letter', 'cad_stamp_electrical'],
    arrays: [
      // A concrete tile roof (about 18.6 psf with sheathing and rafters) on 2x6 rafters braced by a purlin at mid-span:
      // the NDS rafter check of the 15 ft run without it fails, as the IRC rafter tables would (issue 24).
      { roof_material: 'concrete_tile', connection_type: 'tile_hook', racking_type: 'ironridge_xr100', frame_shape: '2x6', beam_shape: '2x6',
        panel_quantity: 16, num_panels_on_rafter: 2, module_type: 'mono_perc', roof_pitch: 22.6, beam_span: [90, 90] },
      { roof_material: 'concrete_tile', connection_type: 'tile_hook', racking_type: 'ironridge_xr100', frame_shape: '2x6', beam_shape: '2x6',
        panel_quantity: 8, num_panels_on_rafter: 2, module_type: 'mono_perc', roof_pitch: 22.6, beam_span: [90, 90] },
    ],
    // 24 optimizers: three strings of 8 (16 on the first array, 8 on the second).
    equipment: ['canadian-solar-cs6r-410ms', 'solaredge-se7600h-us', 'solaredge-s440', 'ironridge-xr100'],
    cad: {
      contractor_license_num: LICENCE.acmeAz,
      msp_rating: 225, breaker_rating: 200, interconnection: 'PV Breaker in MSP with Main Breaker Derate',
      main_breaker_derate: true, needs_optimizer: true, main_panel_location: 'Exterior, west wall',
      // The derate comes with its Article 220 calculation (220.87: twelve months of the utility's demand data).
      needs_load_calculation: true, load_calc_method: 'NEC 220.87 Measured Demand', load_calc_max_demand_kw: 14.2, load_calc_data_period: '12 Months',
    },
    cadFields: { num_stories: 1 },
    steps: [
      { h: 20, by: 'acmeUser', do: 'create' },
      { h: 14, by: 'acmeUser', do: 'move', to: 'Pending Pre-Check' },
      { h: 12, by: 'support', do: 'move', to: 'Pending Design', note: 'Photos and spans check out.' },
      { h: 11.8, by: 'support', do: 'assign', to: 'drafter' },
    ],
  },
  {
    company: 'Acme Solar', name: 'Garcia Residence', client: 'Elena Garcia',
    street: '1841 E Copper St', city: 'Tucson', state: 'AZ', zip: '85719', lat: 32.25044, lng: -110.94385,
    structure: 'Single Family Residence', roofType: 'Flat Roof', exposure: 'C', ahj: 'City of Tucson', utility: 'Tucson Electric Power',
    services: ['cad_packet', 'structural_roof_letter', 'wet_stamp'],
    wetStampOrder: { copies: 2, recipient: 'Acme Solar LLC', street: '2210 E Broadway Blvd', city: 'Tucson', state: 'AZ', zip: '85719' },
    // A flashed membrane mount lagged to the joists: the ballast calculation (0.6D + 0.6W, ASCE 7
    // §29.4.4 pressures) asks far more than the 4.5 psf this roof was to carry, and without the
    // racking maker's wind-tunnel uplift a ballasted array here is a failing design.
    arrays: [
      { roof_material: 'tpo_membrane', connection_type: 'membrane_mount', racking_type: 'unirac_solarmount', frame_shape: '2x8', beam_shape: '2x8',
        panel_quantity: 18, num_panels_on_rafter: 1, module_type: 'mono_perc', roof_pitch: 2, beam_span: [192], orientation: 'Landscape' },
    ],
    // Micro-inverters: module-level rapid shutdown (NEC 690.12) without a separate device.
    equipment: ['qcells-q-peak-duo-blk-ml-g10-plus-400', 'enphase-iq8plus-72-2-us', 'unirac-solarmount'],
    cad: {
      msp_rating: 125, breaker_rating: 100, interconnection: 'Supply Side Tap in MSP', main_panel_location: 'Carport post',
      contractor_license_num: LICENCE.acmeAz,
    },
    steps: [
      { h: 50, by: 'acmeUser', do: 'create' },
      { h: 30, by: 'acmeUser', do: 'move', to: 'Pending Pre-Check' },
      { h: 28, by: 'support', do: 'move', to: 'Pending Client', note: 'Please upload attic or roof-deck photos showing the joist size and spacing, and confirm the parapet height.' },
    ],
  },
  {
    company: 'Acme Solar', name: 'Thompson Residence', client: 'Mark Thompson',
    street: '318 Cedar St', city: 'San Antonio', state: 'TX', zip: '78210', lat: 29.40967, lng: -98.48598,
    structure: 'Single Family Residence', exposure: 'B', ahj: 'City of San Antonio', utility: 'CPS Energy',
    services: ['cad_packet', 'structural_roof_letter'],
    arrays: [shingleArray({ panel_quantity: 22, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [168] })],
    // Micro-inverters with an AC-coupled Powerwall 2: the catalogue has no inverter row for a
    // Powerwall 3's built-in solar inverter, which a plan set needs.
    equipment: ['qcells-q-tron-blk-m-g2-plus-425', 'enphase-iq8plus-72-2-us', 'tesla-powerwall-2', 'ironridge-xr10'],
    cad: {
      msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP with Main Panel Upgrade',
      mpu_required: true, mpu_model_number: 'Square D QO 200 A', new_msp_rating: 225, new_mb_rating: 200,
      needs_battery_info: true, battery_backup: 'Whole Home', main_panel_location: 'Garage, north wall',
      // The Powerwall's Backup Gateway 2 (200 A) between the meter and the new panel; its load
      // management holds what the battery picks up within its 24 A. The upgrade comes with its
      // Article 220 calculation (220.83, existing dwelling): issue 25.
      transfer_equipment_model: 'Tesla Backup Gateway 2', transfer_equipment_rating: 200,
      backup_load_management: true, backup_managed_load: 24,
      needs_load_calculation: true, load_calc_method: 'NEC 220.83 Existing Dwelling', load_calc_floor_area: 2240,
      load_calc_small_appliance_circuits: 2, load_calc_laundry_circuits: 1,
      load_calc_appliances: 'Range: 12000\nDryer: 5000\nWater heater: 4500\nDishwasher: 1200', load_calc_ac_va: 5800,
      contractor_license_num: LICENCE.acmeTx,
    },
    steps: [
      { h: 12, by: 'acmeOwner', do: 'create' },
      { h: 11, by: 'acmeOwner', do: 'move', to: 'Pending Pre-Check' },
      { h: 10, by: 'support', do: 'move', to: 'Pending Design' },
      { h: 9.9, by: 'support', do: 'assign', to: 'drafter' },
      { h: 3, by: 'drafter', do: 'move', to: 'Pending QC', note: 'Plan set drafted; Powerwall 2 on the garage wall per site photos.' },
    ],
  },
  {
    company: 'Acme Solar', name: 'Ramirez Residence', client: 'Sofia Ramirez',
    street: '6122 Velasco Ave', city: 'Dallas', state: 'TX', zip: '75214', lat: 32.82324, lng: -96.75546,
    structure: 'Single Family Residence', gypsum: '1/2"', exposure: 'B',
    ahj: 'City of Dallas', utility: 'Oncor',
    services: ['cad_packet', 'structural_roof_letter', 'cad_stamp_structural', 'cad_stamp_electrical'],
    arrays: [
      shingleArray({ panel_quantity: 18, module_type: 'mono_perc', roof_pitch: 33.7, beam_span: [168], frame_shape: '2x6', beam_shape: '2x6' }),
      shingleArray({ panel_quantity: 9, module_type: 'mono_perc', roof_pitch: 33.7, beam_span: [168], frame_shape: '2x6', beam_shape: '2x6' }),
    ],
    equipment: ['canadian-solar-cs6r-410ms', 'enphase-iq8plus-72-2-us', 'ironridge-xr10'],
    cad: {
      // 27 IQ8PLUS: a 45 A PV breaker breaks the 120 % rule on 200/200 A (240.8 A > 240 A), so the order is a
      // derate to 175 A, with its Article 220 calculation (220.87, twelve months of demand): issue 25.
      msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP with Main Breaker Derate', main_breaker_derate: true, main_panel_location: 'Exterior, south side',
      needs_load_calculation: true, load_calc_method: 'NEC 220.87 Measured Demand', load_calc_max_demand_kw: 9.8, load_calc_data_period: '12 Months',
      contractor_license_num: LICENCE.acmeTx,
    },
    cadFields: { case_number: 'SOL-2026-01834' },
    steps: [
      { h: 480, by: 'acmeOwner', do: 'create' },
      { h: 479, by: 'acmeOwner', do: 'move', to: 'Pending Pre-Check' },
      { h: 477, by: 'support', do: 'move', to: 'Pending Design' },
      { h: 476.9, by: 'support', do: 'assign', to: 'drafter' },
      { h: 472, by: 'drafter', do: 'move', to: 'Pending QC' },
      { h: 470, by: 'support', do: 'move', to: 'Design Completed' },
      { h: 468, by: 'support', do: 'move', to: 'Finalized' },
      { h: 467, by: 'support', do: 'move', to: 'Pending Approval' },
      { h: 340, by: 'acmeOwner', do: 'move', to: 'Approved', note: 'Permit issued by the City of Dallas. Thanks!' },
    ],
  },
  {
    company: 'Acme Solar', name: 'Chen Residence', client: 'Wei Chen',
    street: '9415 Lynbrook Dr', city: 'Dallas', state: 'TX', zip: '75238', lat: 32.87962, lng: -96.71335,
    structure: 'Single Family Residence', roofType: 'Hip Roof', gypsum: '1/2"', exposure: 'B', ahj: 'City of Dallas', utility: 'Oncor',
    services: ['cad_packet', 'structural_roof_letter'],
    arrays: [
      shingleArray({ panel_quantity: 20, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [168] }),
      shingleArray({ panel_quantity: 9, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [168] }),
    ],
    equipment: ['qcells-q-tron-blk-m-g2-plus-425', 'enphase-iq8m-72-2-us', 'ironridge-xr10'],
    cad: {
      // 29 IQ8M break the 120 % rule on 200/200 A: a derate to 175 A with its 220.83 calculation (issue 25).
      msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP with Main Breaker Derate', main_breaker_derate: true, main_panel_location: 'Garage, west wall',
      needs_load_calculation: true, load_calc_method: 'NEC 220.83 Existing Dwelling', load_calc_floor_area: 1850,
      load_calc_small_appliance_circuits: 2, load_calc_laundry_circuits: 1, load_calc_appliances: 'Range: 9600\nWater heater: 4500\nDishwasher: 1200', load_calc_ac_va: 4200,
      contractor_license_num: LICENCE.acmeTx,
    },
    cadFields: { case_number: 'SOL-2025-22107' },
    steps: [
      { h: 840, by: 'acmeUser', do: 'create' },
      { h: 839, by: 'acmeUser', do: 'move', to: 'Pending Pre-Check' },
      { h: 838, by: 'support', do: 'move', to: 'Pending Design' },
      { h: 835, by: 'support', do: 'move', to: 'Pending QC' },
      { h: 834, by: 'admin', do: 'move', to: 'Design Completed' },
      { h: 833, by: 'admin', do: 'move', to: 'Finalized' },
      { h: 832, by: 'admin', do: 'move', to: 'Pending Approval' },
      { h: 700, by: 'acmeUser', do: 'move', to: 'Approved' },
      // Short: the plan set's title block prints the note in a revision column of about 19 characters.
      { h: 3, by: 'acmeOwner', do: 'revision', reason: 'equipment_change', note: 'Q.TRON 425 + IQ8M' },
    ],
  },
  {
    company: 'Brightside Energy', name: 'Lee Residence', client: 'Grace Lee',
    street: '2847 S Gilpin St', city: 'Denver', state: 'CO', zip: '80210', lat: 39.66612, lng: -104.96707,
    structure: 'Single Family Residence', gypsum: '1/2"', exposure: 'C', ahj: 'City and County of Denver', utility: 'Xcel Energy',
    services: ['cad_packet', 'structural_roof_letter'],
    // 18 modules: nine dual micro-inverters, two modules each.
    // Denver's 30 psf ground snow: 2x8 rafters over the 14 ft run (a 2x6 there fails the NDS rafter check, issue 24).
    arrays: [shingleArray({ panel_quantity: 18, module_type: 'mono_perc', roof_pitch: 30.3, beam_span: [168], frame_shape: '2x8', beam_shape: '2x8' })],
    equipment: ['canadian-solar-cs6r-410ms', 'apsystems-ds3-s', 'ironridge-xr10'],
    cad: {
      msp_rating: 200, breaker_rating: 200, interconnection: 'PV Breaker in MSP', main_panel_location: 'Basement, utility room',
      contractor_license_num: LICENCE.brightCo,
    },
    // Xcel asks for the program; net metering alone (no Solar*Rewards, so no production meter).
    cadFields: { utility_program: 'Net Metering' },
    steps: [
      { h: 96, by: 'brightOwner', do: 'create' },
      { h: 95, by: 'brightOwner', do: 'move', to: 'Pending Pre-Check' },
      { h: 92, by: 'support', do: 'move', to: 'Pending Design' },
      { h: 91.9, by: 'support', do: 'assign', to: 'drafter' },
      { h: 90, by: 'drafter', do: 'move', to: 'Pending QC' },
      { h: 5, by: 'support', do: 'move', to: 'Design Completed', note: 'Stamped letter and plan set uploaded.' },
    ],
  },
  {
    company: 'Brightside Energy', name: 'Brooks Residence', client: 'Daniel Brooks',
    street: '1455 S Clarkson St', city: 'Denver', state: 'CO', zip: '80210', lat: 39.69036, lng: -104.97738,
    structure: 'Single Family Residence', exposure: 'C', ahj: 'City and County of Denver', utility: 'Xcel Energy',
    services: ['cad_packet', 'structural_roof_letter', 'cad_stamp_structural'],
    arrays: [
      // A shingle roof on flashless attachments the connection list does not name (connection type
      // "other"), carrying IronRidge rails. 24 optimizers: three strings of 8. Not a metal roof: PV-2
      // prints a metal roof's material value wider than its column (e.g. CORRUGATED_26GA) and refuses.
      { roof_material: 'asphalt_shingle', connection_type: 'other', custom_connection_type: 'Roof Tech RT-MINI (flashless, sealant-based)',
        racking_type: 'ironridge_xr100', frame_shape: '2x8', beam_shape: '2x8',
        panel_quantity: 16, num_panels_on_rafter: 2, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [144] },
      { roof_material: 'asphalt_shingle', connection_type: 'other', custom_connection_type: 'Roof Tech RT-MINI (flashless, sealant-based)',
        racking_type: 'ironridge_xr100', frame_shape: '2x8', beam_shape: '2x8',
        panel_quantity: 8, num_panels_on_rafter: 2, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [144] },
    ],
    equipment: ['qcells-q-tron-blk-m-g2-plus-425', 'solaredge-se11400h-us', 'solaredge-s500', 'ironridge-xr100'],
    cad: {
      msp_rating: 200, breaker_rating: 200, interconnection: 'Supply Side Tap in MSP',
      needs_optimizer: true, main_panel_location: 'Exterior, east wall', connection_type: 'other', custom_connection_type: 'Roof Tech RT-MINI (flashless, sealant-based)',
      contractor_license_num: LICENCE.brightCo,
    },
    // Solar*Rewards: Xcel's production meter requirement holds for this one.
    cadFields: { utility_program: 'Solar Rewards' },
    steps: [
      { h: 200, by: 'brightOwner', do: 'create' },
      { h: 199, by: 'brightOwner', do: 'move', to: 'Pending Pre-Check' },
      { h: 197, by: 'admin', do: 'move', to: 'Pending Design' },
      { h: 194, by: 'admin', do: 'move', to: 'Pending QC' },
      { h: 193, by: 'admin', do: 'move', to: 'Pending PE' },
      { h: 190, by: 'admin', do: 'move', to: 'Design Completed' },
      { h: 189, by: 'admin', do: 'move', to: 'Finalized' },
      { h: 26, by: 'admin', do: 'move', to: 'Pending Approval', note: 'Final plan set attached. Please review and approve.' },
    ],
  },
  {
    // Cancelled at pre-check: left as submitted (no AHJ, racking or licence); a cancelled job is not generated.
    company: 'Brightside Energy', name: 'Martin Residence', client: 'Claire Martin',
    street: '1024 W Mulberry St', city: 'Fort Collins', state: 'CO', zip: '80521', lat: 40.58215, lng: -105.09307,
    structure: 'Single Family Residence', exposure: 'C', services: ['structural_roof_letter'],
    arrays: [shingleArray({ panel_quantity: 14, module_type: 'mono_perc', roof_pitch: 26.6, beam_span: [168] })],
    equipment: ['qcells-q-peak-duo-blk-ml-g10-plus-400', 'enphase-iq8a-72-2-us'],
    cad: { utility: 'Other', custom_utility: 'Fort Collins Utilities', msp_rating: 150, breaker_rating: 150, interconnection: 'PV Breaker in MSP' },
    steps: [
      { h: 150, by: 'brightOwner', do: 'create' },
      { h: 148, by: 'brightOwner', do: 'move', to: 'Pending Pre-Check' },
      { h: 146, by: 'brightOwner', do: 'move', to: 'Cancelled', note: 'The homeowner postponed the project until spring.' },
    ],
  },
  {
    // A Draft the client has just started: no AHJ, racking, CAD intake or licence yet (realistic;
    // Generate answers 422 naming what is missing until it is filled in and past pre-check).
    company: 'Brightside Energy', name: 'Wilson Residence', client: 'Harper Wilson',
    street: '7420 W 1st Ave', city: 'Lakewood', state: 'CO', zip: '80226', lat: 39.71797, lng: -105.07986,
    structure: 'Single Family Residence', utility: 'Xcel Energy',
    services: [],
    arrays: [shingleArray({ panel_quantity: 12, module_type: 'mono_topcon', roof_pitch: 26.6, beam_span: [168] })],
    equipment: ['qcells-q-tron-blk-m-g2-plus-425', 'enphase-iq8plus-72-2-us'],
    cad: {},
    steps: [{ h: 2, by: 'brightOwner', do: 'create' }],
  },
];

type Ids = {
  users: Map<Who, { id: string; role: Role; name: string }>;
  companies: Map<string, string>;
  states: Map<string, number>;
  /** The demo directory's ids by name (sample-directory.seed.ts). */
  ahjs: Map<string, string>;
  utilities: Map<string, string>;
};
type JobInsert = typeof jobs.$inferInsert;
type HistoryInsert = typeof jobHistory.$inferInsert;
type RevisionInsert = typeof jobRevisions.$inferInsert;

/** The CAD intake of a sample: its answers, with the equipment's types and counts (the models are the job's equipment lines, not notes). */
function cadIntakeOf(s: SampleJob, moduleCount: number, utilityId: string | undefined): CadIntake {
  const [moduleId, inverterId, ...extras] = s.equipment;
  const mod = equipmentOf(moduleId!);
  const inv = equipmentOf(inverterId!);
  const more = extras.map(equipmentOf);
  // A battery in the inverter's place has its inverter built in (Powerwall 3: six MPPT string inputs).
  const hybrid = inv.kind === 'battery';
  const inverterType = hybrid ? 'String Inverter' : inv.type ?? '';
  const micro = inverterType === 'Microinverter' || inverterType === 'Dual Microinverter';
  const optimizer = more.find((e) => e.kind === 'optimizer');
  const battery = hybrid ? inv : more.find((e) => e.kind === 'battery');
  const mci = more.find((e) => e.kind === 'mci');
  const first = s.arrays[0] ?? {};
  return ZCadIntake.parse({
    ...CAD_INTAKE_DEFAULTS,
    state: s.state,
    module_type: mod.type ?? '',
    module_count: moduleCount,
    inverter_type: inverterType,
    inverter_count: micro ? Math.ceil(moduleCount / (inverterType === 'Dual Microinverter' ? 2 : 1)) : 1,
    connection_type: typeof first.connection_type === 'string' ? first.connection_type : '',
    racking_type: typeof first.racking_type === 'string' ? first.racking_type : '',
    // The make of the first array's racking (the recommended brand when it names none).
    preferred_racking_manufacturer: RACKING_TYPES.items.find((i) => i.value === first.racking_type)?.brand ?? 'Ironridge',
    roof_material: typeof first.roof_material === 'string' ? first.roof_material : '',
    roof_pitch: first.roof_pitch ?? CAD_INTAKE_DEFAULTS.roof_pitch,
    beam_shape: typeof first.beam_shape === 'string' ? first.beam_shape : '',
    ...(optimizer ? { optimizer_type: optimizer.type ?? '', optimizer_count: moduleCount } : {}),
    ...(battery ? { battery_type: battery.type ?? '', battery_count: 1 } : {}),
    ...(mci ? { mci: mci.type ?? '', mci_count: Math.ceil(moduleCount / 3) } : {}),
    // The utility scope of the job's requirements is the directory utility this names.
    ...(utilityId ? { utility: utilityId, custom_utility: '' } : {}),
    ...s.cad,
  });
}

/** The CAD form count each equipment kind's quantity is. */
const COUNT_OF: Record<JobEquipmentKind, keyof CadIntake | null> = {
  module: 'module_count', inverter: 'inverter_count', optimizer: 'optimizer_count', battery: 'battery_count', mci: 'mci_count', racking: null,
};

/** A sample's equipment as job lines naming the catalogue rows (one per kind, in the sample's order). */
function sampleEquipmentLines(s: SampleJob, job: JobInsert, catalogueId: Map<string, string>) {
  const cad = job.cadIntake as CadIntake;
  const seen = new Set<string>();
  return s.equipment.map(equipmentOf).flatMap((e) => {
    if (!(JOB_EQUIPMENT_KINDS as readonly string[]).includes(e.kind) || seen.has(e.kind)) return [];
    const id = catalogueId.get(`${e.kind}|${e.manufacturer}|${e.model}`);
    if (!id) return [];
    seen.add(e.kind);
    const field = COUNT_OF[e.kind as JobEquipmentKind];
    const count = field ? (cad[field] as number | null) : null;
    return [{ jobId: job.id!, kind: e.kind, equipmentId: id, customModel: '', quantity: count ?? (e.kind === 'battery' ? 1 : null), position: seen.size - 1 }];
  });
}

/** One sample as rows, walking its steps through the workflow table. Throws on a step the table refuses. */
export function buildSampleJob(s: SampleJob, ids: Ids, now: Date) {
  const at = (h: number) => new Date(now.getTime() - Math.round(h * 3_600_000));
  const who = (w: Who) => {
    const u = ids.users.get(w);
    if (!u) throw new Error(`sample jobs: no demo user ${w}`);
    return u;
  };
  const companyId = ids.companies.get(s.company);
  const stateId = ids.states.get(s.state);
  if (!companyId || !stateId) throw new Error(`sample jobs: unknown company or state for ${s.name}`);
  const ahjId = s.ahj ? ids.ahjs.get(s.ahj) : undefined;
  const utilityId = s.utility ? ids.utilities.get(s.utility) : undefined;
  if ((s.ahj && !ahjId) || (s.utility && !utilityId)) throw new Error(`sample jobs: unknown AHJ or utility for ${s.name}`);
  const arrays = s.arrays.map((a) => ZJobArray.parse(createJobArray(a)));
  const moduleCount = arrays.reduce((n, a) => n + (a.panel_quantity ?? 0), 0);
  const id = crypto.randomUUID();
  const history: HistoryInsert[] = [];
  const revisions: RevisionInsert[] = [];
  const monthStats: { userId: string; month: string; field: 'jobsCompleted' | 'revisions' }[] = [];
  const changes: { from: JobStatus | null; to: JobStatus }[] = [];

  const [create, ...rest] = s.steps;
  if (create?.do !== 'create') throw new Error(`sample jobs: ${s.name} must start with create`);
  const creator = who(create.by);
  const job: JobInsert = {
    id, companyId, name: s.name, clientName: s.client, clientStreetAddress: s.street, clientCity: s.city, clientStateId: stateId,
    clientZipCode: s.zip, latitude: s.lat, longitude: s.lng, structureType: s.structure,
    connectionType: typeof arrays[0]?.connection_type === 'string' ? arrays[0].connection_type : null,
    roofType: s.roofType ?? 'Gable Roof', gypsumType: s.gypsum ?? 'No Drywall', enclosed: 'Enclosed', exposureCategory: s.exposure ?? null,
    notes: s.notes ?? '', servicesRequested: s.services, arrays, cadIntake: cadIntakeOf(s, moduleCount, utilityId), cadFields: s.cadFields ?? {}, ahjId: ahjId ?? null,
    wetStampOrder: s.wetStampOrder ?? null,
    status: 'Draft', clientStatus: 'Draft', createdById: creator.id, createdByRole: creator.role,
    pendingAdminMsClosed: 0, pendingSince: null, overdueAt: null, revisionNumber: 0,
    createdAt: at(create.h), updatedAt: at(create.h),
  };
  history.push({ jobId: id, event: 'created', actorId: creator.id, actorRole: creator.role, fromStatus: null, toStatus: 'Draft', at: at(create.h) });
  changes.push({ from: null, to: 'Draft' });

  let last = create.h;
  for (const step of rest) {
    if (step.h > last) throw new Error(`sample jobs: ${s.name} steps go back in time`);
    last = step.h;
    const actor = who(step.by);
    const when = at(step.h);
    job.updatedAt = when;
    if (step.do === 'create') throw new Error(`sample jobs: ${s.name} is created twice`);
    if (step.do === 'draft') {
      history.push({ jobId: id, event: 'drafted', actorId: actor.id, actorRole: actor.role, data: { fields: step.fields }, at: when });
      continue;
    }
    if (step.do === 'assign') {
      const assignee = who(step.to);
      job.assigneeId = assignee.id;
      history.push({
        jobId: id, event: 'assigned', actorId: actor.id, actorRole: actor.role, note: step.note ?? null,
        data: { assignee_id: assignee.id, assignee_name: assignee.name }, at: when,
      });
      continue;
    }
    const from = job.status as JobStatus;
    const to: JobStatus = step.do === 'revision' ? 'Pending Design Revision' : step.to;
    const t = findTransition(from, to, actor.role, { previousStatus: statusBeforePendingClient(changes), assignedToActor: job.assigneeId === actor.id });
    if (!t || (step.do === 'revision') !== (t.action === 'revision')) {
      throw new Error(`sample jobs: ${s.name}: ${step.by} (${actor.role}) cannot move ${from} → ${to}`);
    }
    Object.assign(job, pendingBookkeeping({
      pendingAdminMsClosed: job.pendingAdminMsClosed ?? 0, pendingSince: job.pendingSince ?? null, createdByRole: creator.role,
    }, { to, at: when, services: s.services }));
    job.status = to;
    job.clientStatus = clientStatusOf(to);
    if (t.action === 'submit' && !job.submittedAt) job.submittedAt = when;
    let data: Record<string, unknown> | null = null;
    if (step.do === 'revision') {
      const number = (job.revisionNumber ?? 0) + 1;
      const involuntary = REVISION_REASONS[step.reason].involuntary;
      job.revisionNumber = number;
      data = { number, reason: step.reason, involuntary };
      revisions.push({
        jobId: id, number, reason: step.reason, involuntary, note: step.note, fromStatus: from,
        requestedById: actor.id, changes: null, createdAt: when,
      });
    }
    const event = historyEventOf(t.action, from, to);
    // As the workflow service does (jobs-workflow.service.ts): Design Completed credits who did
    // each step of the cycle, not who moved the status (the demo's drafter designed Lee and Ramirez).
    let credited = [actor.id];
    if (to === 'Design Completed') {
      const credits = stepCredits([...history.map((h) => ({ event: h.event, actorId: h.actorId ?? null, fromStatus: h.fromStatus ?? null, toStatus: h.toStatus ?? null, data: h.data })),
        { event, actorId: actor.id, fromStatus: from, toStatus: to }]);
      credited = creditedPeople(credits);
      if (!credited.length) credited = [actor.id];
      data = { ...(data ?? {}), credited, credits };
    }
    history.push({
      jobId: id, event, actorId: actor.id, actorRole: actor.role,
      fromStatus: from, toStatus: to, note: step.note ?? null, data, at: when,
    });
    changes.push({ from, to });
    const delta = monthStatsDelta(from, to);
    if (delta.jobsCompleted) for (const userId of credited) monthStats.push({ userId, month: monthKey(when), field: 'jobsCompleted' });
    if (delta.revisions) monthStats.push({ userId: actor.id, month: monthKey(when), field: 'revisions' });
  }
  // Kept equal to what the service would store after the last step.
  job.overdueAt = overdueAtOf(
    { createdByRole: creator.role, services: s.services },
    { pendingAdminMsClosed: job.pendingAdminMsClosed ?? 0, pendingSince: job.pendingSince ?? null },
  );
  return { job, history, revisions, monthStats };
}

/**
 * Seeds the sample jobs when the demo accounts exist and there are no jobs at all: idempotent (a
 * restart, or an install where someone already made a job, adds nothing). Returns how many it added.
 */
export async function seedSampleJobs(database: Database, now: Date = new Date()): Promise<number> {
  const db = database.db;
  const [anyJob] = await db.select({ id: jobs.id }).from(jobs).limit(1);
  if (anyJob) return 0;
  const emails = Object.values(EMAIL);
  const [people, cos, sts] = await Promise.all([
    db.select({ id: users.id, email: users.email, role: users.role, firstName: users.firstName, lastName: users.lastName })
      .from(users).where(inArray(users.email, emails)),
    db.select({ id: companies.id, name: companies.name }).from(companies)
      .where(inArray(companies.name, [...new Set(SAMPLE_JOBS.map((s) => s.company))])),
    db.select({ id: states.id, abbreviation: states.abbreviation }).from(states)
      .where(and(inArray(states.abbreviation, [...new Set(SAMPLE_JOBS.map((s) => s.state))]), eq(states.country, 'US'))),
  ]);
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const ids: Ids = {
    users: new Map(), companies: new Map(cos.map((c) => [c.name, c.id])), states: new Map(sts.map((s) => [s.abbreviation, s.id])),
    ahjs: new Map(), utilities: new Map(),
  };
  for (const [w, email] of Object.entries(EMAIL) as [Who, string][]) {
    const p = byEmail.get(email);
    // Not the demo workspace (or someone changed it): leave it alone.
    if (!p) return 0;
    ids.users.set(w, { id: p.id, role: p.role as Role, name: getDisplayName({ firstName: p.firstName ?? '', lastName: p.lastName ?? '', email: p.email }) });
  }
  if (ids.companies.size < new Set(SAMPLE_JOBS.map((s) => s.company)).size) return 0;

  return db.transaction(async (tx) => {
    // The demo AHJs, utilities and requirement values first: the jobs name them.
    const directory = await seedSampleDirectory(tx, ids.companies, ids.users.get('admin')!.id);
    ids.ahjs = directory.ahjs;
    ids.utilities = directory.utilities;
    const built = SAMPLE_JOBS.map((s) => buildSampleJob(s, ids, now));
    const stats = new Map<string, { userId: string; month: string; jobsCompleted: number; revisions: number }>();
    for (const m of built.flatMap((b) => b.monthStats)) {
      const key = `${m.userId} ${m.month}`;
      const row = stats.get(key) ?? { userId: m.userId, month: m.month, jobsCompleted: 0, revisions: 0 };
      row[m.field]++;
      stats.set(key, row);
    }
    await tx.insert(jobs).values(built.map((b) => b.job));
    // The models the samples use, as job equipment lines naming the catalogue (the engine and the plan set read these).
    const catalogue = await tx.select({ id: equipment.id, kind: equipment.kind, manufacturer: equipment.manufacturer, model: equipment.model }).from(equipment);
    const catalogueId = new Map(catalogue.map((e) => [`${e.kind}|${e.manufacturer}|${e.model}`, e.id]));
    const lines = SAMPLE_JOBS.flatMap((smp, i) => sampleEquipmentLines(smp, built[i]!.job, catalogueId));
    if (lines.length) await tx.insert(jobEquipment).values(lines);
    // One statement, in order: history ids follow each job's steps.
    await tx.insert(jobHistory).values(built.flatMap((b) => b.history));
    const revisions = built.flatMap((b) => b.revisions);
    if (revisions.length) await tx.insert(jobRevisions).values(revisions);
    if (stats.size) {
      await tx.insert(userMonthStats).values([...stats.values()]).onConflictDoUpdate({
        target: [userMonthStats.userId, userMonthStats.month],
        set: {
          jobsCompleted: sql`${userMonthStats.jobsCompleted} + excluded.jobs_completed`,
          revisions: sql`${userMonthStats.revisions} + excluded.revisions`,
        },
      });
    }
    return built.length;
  });
}
