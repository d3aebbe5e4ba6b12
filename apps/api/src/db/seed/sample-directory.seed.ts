import { inArray } from 'drizzle-orm';
import type { AhjBody, UtilityBody } from '@sunstamp/domain/contracts/catalogue';
import { defaultGroupValue, getRequirementDefinition } from '@sunstamp/domain/requirements/requirement-definitions.data';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { validateRequirementValues } from '@sunstamp/domain/requirements/validate.rules';
import type { DbOrTx } from '../client.ts';
import { ahjs, requirementValues, utilities } from '../schema.ts';
import { CODE_LIST_SEED } from './catalogue.seed.ts';

/*
 * The demo's AHJs, utilities and requirement values, so a sample job's Requirements section shows
 * default → company → utility → AHJ at work. Seeded with the sample jobs (sample-jobs.seed.ts: the
 * same transaction, the same conditions), never on a real install.
 *
 * ILLUSTRATIVE DEMO DATA. The design criteria and adopted code editions below are plausible values
 * for each jurisdiction (roughly ASCE 7-16 maps and the editions adopted around 2024–2025), not a
 * survey: check them against each AHJ's current adoption and amendments before any real use. The
 * requirement values are likewise examples of what a company, utility or AHJ might ask for.
 */

type AhjSeed = Required<Pick<AhjBody,
  'name' | 'state' | 'jurisdiction_type' | 'ibc' | 'irc' | 'iebc' | 'asce' | 'electrical' | 'fire' | 'wind_speed_mph'
  | 'ground_snow_load_psf' | 'exposure_category' | 'min_design_temp_c' | 'seismic_design_category' | 'stamp_type'
  | 'required_reviews' | 'notes'>>;

const DEMO_NOTE = 'Demo data: illustrative values, check against the current adoption before real use.';

export const SAMPLE_AHJS = [
  {
    name: 'City of Austin', state: 'TX', jurisdiction_type: 'City',
    ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    wind_speed_mph: 105, ground_snow_load_psf: 5, exposure_category: 'B', min_design_temp_c: -8, seismic_design_category: 'A',
    stamp_type: 'digital', required_reviews: ['Structural', 'Electrical'], notes: `${DEMO_NOTE} Residential solar permits through AB+C.`,
  },
  {
    name: 'City of San Antonio', state: 'TX', jurisdiction_type: 'City',
    ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    wind_speed_mph: 105, ground_snow_load_psf: 5, exposure_category: 'B', min_design_temp_c: -7, seismic_design_category: 'A',
    stamp_type: 'digital', required_reviews: ['Structural'], notes: DEMO_NOTE,
  },
  {
    name: 'City of Dallas', state: 'TX', jurisdiction_type: 'City',
    ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    wind_speed_mph: 108, ground_snow_load_psf: 5, exposure_category: 'B', min_design_temp_c: -12, seismic_design_category: 'A',
    stamp_type: 'digital', required_reviews: ['Structural', 'Electrical'], notes: DEMO_NOTE,
  },
  {
    name: 'City of Phoenix', state: 'AZ', jurisdiction_type: 'City',
    ibc: '2018', irc: '2018', iebc: '2018', asce: '7-16', electrical: 'NEC 2017', fire: '2018',
    wind_speed_mph: 105, ground_snow_load_psf: 0, exposure_category: 'C', min_design_temp_c: -3, seismic_design_category: 'B',
    stamp_type: 'digital', required_reviews: ['Structural', 'Electrical'], notes: DEMO_NOTE,
  },
  {
    name: 'City of Tucson', state: 'AZ', jurisdiction_type: 'City',
    ibc: '2018', irc: '2018', iebc: '2018', asce: '7-16', electrical: 'NEC 2017', fire: '2018',
    wind_speed_mph: 105, ground_snow_load_psf: 0, exposure_category: 'C', min_design_temp_c: -6, seismic_design_category: 'B',
    stamp_type: 'wet', required_reviews: ['Structural'], notes: DEMO_NOTE,
  },
  {
    name: 'City and County of Denver', state: 'CO', jurisdiction_type: 'City',
    ibc: '2021', irc: '2021', iebc: '2021', asce: '7-16', electrical: 'NEC 2023', fire: '2021',
    wind_speed_mph: 115, ground_snow_load_psf: 30, exposure_category: 'C', min_design_temp_c: -24, seismic_design_category: 'B',
    stamp_type: 'digital', required_reviews: ['Structural', 'Electrical', 'Fire'], notes: `${DEMO_NOTE} Denver amends the I-codes (Denver Building and Fire Code).`,
  },
] as const satisfies readonly AhjSeed[];

export const SAMPLE_UTILITIES = [
  { name: 'Austin Energy', states: ['TX'], notes: DEMO_NOTE },
  { name: 'CPS Energy', states: ['TX'], notes: DEMO_NOTE },
  { name: 'Oncor', states: ['TX'], notes: `${DEMO_NOTE} Wires company; customers buy from a retail provider.` },
  { name: 'Arizona Public Service', states: ['AZ'], notes: DEMO_NOTE },
  { name: 'Tucson Electric Power', states: ['AZ'], notes: DEMO_NOTE },
  { name: 'Xcel Energy', states: ['CO', 'MN', 'WI', 'MI', 'ND', 'SD', 'NM', 'TX'], notes: DEMO_NOTE },
] as const satisfies readonly Required<UtilityBody>[];

export type SampleAhjName = (typeof SAMPLE_AHJS)[number]['name'];
export type SampleUtilityName = (typeof SAMPLE_UTILITIES)[number]['name'];

/** A group requirement (sticker, stamp) switched on: its items' defaults with some changed. */
function group(key: string, items: Record<string, unknown>) {
  return { ...defaultGroupValue(getRequirementDefinition(key)!), ...items };
}

/** Requirement values per scope: the demo company's, each sample utility's and AHJ's. */
export const SAMPLE_REQUIREMENTS: {
  companies: Record<string, Record<string, unknown>>;
  utilities: Partial<Record<SampleUtilityName, Record<string, unknown>>>;
  ahjs: Partial<Record<SampleAhjName, Record<string, unknown>>>;
} = {
  companies: {
    'Acme Solar': {
      title_block_notes: 'Acme Solar LLC, TX ECL 31987, AZ ROC 334512; Questions: permits@acme-solar.test',
      sticker_2: group('sticker_2', {
        color: 'Yellow', code: 'NEC 690.56(C)', title: 'RAPID SHUTDOWN', text: 'SOLAR PV SYSTEM EQUIPPED WITH RAPID SHUTDOWN', location: 'Main Panel',
      }),
      placard_directory: true,
      // Overridden by a utility that always wants one (Austin Energy, APS): the utility wins.
      ac_disconnect: 'Only Over 10 Kilowatts',
    },
  },
  utilities: {
    'Austin Energy': {
      ac_disconnect: 'Always Include',
      production_meter: 'Always Include',
      pv1_utility_notes: 'Austin Energy interconnection approved before installation; Meter and AC disconnect accessible 24/7',
    },
    'CPS Energy': { ac_disconnect: 'Always Include', fused_acd_required: true },
    Oncor: { dwg_interconnection_label: 'Reference Point of Applicability (RPA)' },
    'Arizona Public Service': {
      ac_disconnect: 'Always Include',
      ac_disconnect_distance_to_meter: 10,
      stamp_1: group('stamp_1', { title: 'Visible, Lockable, Labeled AC Disconnect', location: 'AC Disconnect' }),
    },
    'Tucson Electric Power': { ac_disconnect: 'Always Include', production_meter: 'Only Over 10 Kilowatts' },
    'Xcel Energy': { production_meter: 'Only with Solar Rewards', utility_program_on_cad: true },
  },
  ahjs: {
    // Each asks the designer for a dynamic CAD field (the job page's Design inputs card), and each
    // wants the equipment's cut sheets bound in (the demo catalogue's are generated, demo-datasheets.seed.ts).
    'City of Austin': { cut_sheets_required: true, case_number_on_title_block: true, structural_pages_to_stamp: 'PV-3, PV-4' },
    'City of San Antonio': { cut_sheets_required: true, building_permit_number_on_title_block: true, structural_pages_to_stamp: 'PV-3' },
    'City of Dallas': { cut_sheets_required: true, case_number_on_title_block: true, structural_stamps_on_cad: 'Always Include' },
    'City of Phoenix': { cut_sheets_required: true, num_stories_on_cad: true, electrical_stamps_on_cad: 'Only Over 10 Kilowatts' },
    'City of Tucson': { cut_sheets_required: true, wet_stamps: '1 Copy', attic_photos_on_cad: true },
    // Not unreduced_snow_load: full snow on the panels fails the 5 % letter on every Denver roof (a
    // member analysis, which the demo cannot show), so the demo's Denver jobs could not be generated.
    'City and County of Denver': {
      cut_sheets_required: true,
      building_permit_number_on_title_block: true,
      custom_applicable_codes: '2022 Denver Building and Fire Code amendments',
    },
  },
};

const editionsOffered = new Map(CODE_LIST_SEED.map((c) => [c.type, new Set(c.editions.map((e) => e.value))]));

/** Throws on a sample AHJ edition the code lists do not offer, or a requirement value that does not validate. */
export function checkSampleDirectory() {
  for (const a of SAMPLE_AHJS) {
    for (const t of ['ibc', 'irc', 'iebc', 'asce', 'electrical', 'fire'] as const) {
      if (!editionsOffered.get(t)?.has(a[t])) throw new Error(`sample directory: ${a.name}: ${t} ${a[t]} is not a seeded edition`);
    }
  }
  const sets = [
    ...Object.entries(SAMPLE_REQUIREMENTS.companies), ...Object.entries(SAMPLE_REQUIREMENTS.utilities), ...Object.entries(SAMPLE_REQUIREMENTS.ahjs),
  ];
  for (const [name, values] of sets) {
    const bad = validateRequirementValues(values!);
    if (Object.keys(bad).length) throw new Error(`sample directory: ${name}: ${JSON.stringify(bad)}`);
  }
}

type ValueInsert = typeof requirementValues.$inferInsert;

/**
 * Inserts the sample AHJs, utilities and requirement values (in the sample jobs' transaction) and
 * returns the ids by name. Insert-missing: a record of the same name that already exists is used
 * as it is, and gets no values from here (only records this call created do, plus the demo
 * companies' keys not set yet).
 */
export async function seedSampleDirectory(
  tx: DbOrTx, companies: Map<string, string>, userId: string,
): Promise<{ ahjs: Map<string, string>; utilities: Map<string, string> }> {
  checkSampleDirectory();
  const ahjRows = SAMPLE_AHJS.map((a) => ({
    name: a.name, state: a.state, jurisdictionType: a.jurisdiction_type,
    ibc: a.ibc, irc: a.irc, iebc: a.iebc, asce: a.asce, electrical: a.electrical, fire: a.fire,
    windSpeedMph: a.wind_speed_mph, groundSnowLoadPsf: a.ground_snow_load_psf, exposureCategory: a.exposure_category,
    minDesignTempC: a.min_design_temp_c, seismicDesignCategory: a.seismic_design_category, stampType: a.stamp_type,
    requiredReviews: [...a.required_reviews], notes: a.notes, updatedById: userId,
  }));
  const utilityRows = SAMPLE_UTILITIES.map((u) => ({ name: u.name, states: [...u.states], notes: u.notes, updatedById: userId }));
  // One statement after the other: they share the transaction's connection.
  const newAhjs = await tx.insert(ahjs).values(ahjRows).onConflictDoNothing().returning({ id: ahjs.id, name: ahjs.name });
  const newUtilities = await tx.insert(utilities).values(utilityRows).onConflictDoNothing().returning({ id: utilities.id, name: utilities.name });
  const ahjIds = new Map(newAhjs.map((r) => [r.name, r.id]));
  const utilityIds = new Map(newUtilities.map((r) => [r.name, r.id]));
  const created = new Set([...ahjIds.values(), ...utilityIds.values()]);
  // Names that were there already (same case-insensitive key): link to those, leave their values alone.
  if (ahjIds.size < SAMPLE_AHJS.length || utilityIds.size < SAMPLE_UTILITIES.length) {
    const oldAhjs = await tx.select({ id: ahjs.id, name: ahjs.name, state: ahjs.state }).from(ahjs)
      .where(inArray(ahjs.nameKey, SAMPLE_AHJS.map((a) => a.name.toLowerCase())));
    const oldUtilities = await tx.select({ id: utilities.id, name: utilities.name }).from(utilities)
      .where(inArray(utilities.nameKey, SAMPLE_UTILITIES.map((u) => u.name.toLowerCase())));
    for (const a of SAMPLE_AHJS) {
      const row = oldAhjs.find((r) => r.state === a.state && r.name.toLowerCase() === a.name.toLowerCase());
      if (row && !ahjIds.has(a.name)) ahjIds.set(a.name, row.id);
    }
    for (const u of SAMPLE_UTILITIES) {
      const row = oldUtilities.find((r) => r.name.toLowerCase() === u.name.toLowerCase());
      if (row && !utilityIds.has(u.name)) utilityIds.set(u.name, row.id);
    }
  }

  const values: ValueInsert[] = [];
  const add = (scopeType: RequirementScope, scopeId: string | undefined, set: Record<string, unknown> | undefined) => {
    if (!scopeId || !set) return;
    for (const [key, value] of Object.entries(set)) values.push({ scopeType, scopeId, key, value, updatedById: userId });
  };
  for (const [name, set] of Object.entries(SAMPLE_REQUIREMENTS.companies)) add('company', companies.get(name), set);
  for (const [name, set] of Object.entries(SAMPLE_REQUIREMENTS.utilities)) {
    const id = utilityIds.get(name);
    if (id && created.has(id)) add('utility', id, set);
  }
  for (const [name, set] of Object.entries(SAMPLE_REQUIREMENTS.ahjs)) {
    const id = ahjIds.get(name);
    if (id && created.has(id)) add('ahj', id, set);
  }
  // A company key someone already set keeps its value.
  if (values.length) await tx.insert(requirementValues).values(values).onConflictDoNothing();
  return { ahjs: ahjIds, utilities: utilityIds };
}
