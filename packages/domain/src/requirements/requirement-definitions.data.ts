import { WIRE_SIZES } from '../catalogue/option-lists.data.ts';
import { SITE_PHOTO_COUNT_DEFAULT } from '../constants/limits.constants.ts';
import { SITE_PHOTO_COUNT_MAX } from '../jobs/site-photos.rules.ts';
import type { ChipGroupKey } from './chip-groups.data.ts';
import { PARCEL_INFO_FIELDS, type DynamicCadFieldKey } from './dynamic-cad-fields.data.ts';
import {
  AC_DISCONNECT_OPTIONS, CONTRACTOR_STAMP_LAYOUT_OPTIONS, DOUBLE_ACD_OPTIONS, ELECTRICAL_CODE_OPTIONS,
  EQUIPMENT_LOCATIONS, INTERCONNECTION_LABEL_OPTIONS, LAYOUT_ALTERATION_OPTIONS, PAGE_NAMING_OPTIONS,
  PRODUCTION_METER_FEED_OPTIONS, PRODUCTION_METER_OPTIONS, STAMP_ON_CAD_OPTIONS, STAMP_TITLES,
  STICKER_COLOURS, STICKER_LOGIC_OPTIONS, WET_STAMP_OPTIONS,
} from './requirement-options.data.ts';
import { DEFAULT_REQUIREMENT_FILE_TYPES } from './requirement-files.rules.ts';
import type { RequirementDefinition, RequirementItemDefinition, RequirementOption } from './requirement.schema.ts';

/*
 * Every requirement of spec §3, defined once. The web form renders these, the API validates and
 * resolves values against them, the plan-set generator reads the resolved values by key.
 * Adding a requirement is one line. `automated` = the generator applies it by itself; false = a
 * person (designer, PE) must act on it.
 */

type Extra = Partial<Omit<RequirementDefinition, 'key' | 'label' | 'type' | 'chipGroup' | 'helperText'>> & {
  dynamicCadFields?: DynamicCadFieldKey[];
};
type Def = RequirementDefinition & { chipGroup: ChipGroupKey };

const base = (type: RequirementDefinition['type'], dflt: unknown, automated: boolean) =>
  (key: string, label: string, chipGroup: ChipGroupKey, helperText: string, extra: Extra = {}): Def => ({
    key, label, helperText, type, default: dflt, chipGroup, automated, ...extra,
  });
/** Off by default, applied by the generator. */
const flag = base('bool', false, true);
/** Off by default, needs a person. */
const manual = base('bool', false, false);
const text = base('text', '', true);
/** A file field; uploads are PNG, JPEG or PDF unless `extra.fileTypes` narrows them. */
const file = (key: string, label: string, chipGroup: ChipGroupKey, helperText: string, extra: Extra = {}): Def =>
  base('file', null, true)(key, label, chipGroup, helperText, { fileTypes: [...DEFAULT_REQUIREMENT_FILE_TYPES], ...extra });
const select = (key: string, label: string, chipGroup: ChipGroupKey, helperText: string, options: RequirementOption[], dflt: string, extra: Extra = {}): Def =>
  ({ key, label, helperText, type: 'select', default: dflt, chipGroup, automated: true, options, ...extra });
const num = (type: 'int' | 'float') => (key: string, label: string, chipGroup: ChipGroupKey, helperText: string, dflt: number | null, extra: Extra = {}): Def =>
  ({ key, label, helperText, type, default: dflt, chipGroup, automated: true, min: 0, ...extra });
const int = num('int');
const float = num('float');

const item = (key: string, label: string, type: RequirementItemDefinition['type'], dflt: unknown, extra: Partial<RequirementItemDefinition> = {}): RequirementItemDefinition =>
  ({ key, label, helperText: '', type, default: dflt, automated: true, ...extra });

/** Sticker fields, spec §3. Title ≤ 20 characters (spec §5). */
export const STICKER_ITEMS: RequirementItemDefinition[] = [
  item('color', 'Colour', 'select', 'Red', { options: STICKER_COLOURS }),
  item('code', 'Code Reference', 'text', '', { maxLength: 40, helperText: 'e.g. NEC 690.13(B)' }),
  item('title', 'Title', 'text', 'WARNING', { maxLength: 20 }),
  item('warning_icon', 'Warning Icon', 'bool', true),
  item('text', 'Text', 'text', '', { maxLength: 400, lineCount: 6, drawingVariables: true, helperText: 'Use {} to insert drawing variables, e.g. {max_ac_output_current}.' }),
  item('text_white_background', 'Text on White Background', 'bool', false),
  item('location', 'Location', 'select', 'AC Disconnect', { options: EQUIPMENT_LOCATIONS }),
  item('logic', 'Logic', 'select', 'always', { options: STICKER_LOGIC_OPTIONS, helperText: 'When the sticker is placed on the plan set.' }),
];

/** Extra stamp fields, spec §3. */
export const STAMP_ITEMS: RequirementItemDefinition[] = [
  item('title', 'Title', 'select', STAMP_TITLES[0]!.value, { options: STAMP_TITLES }),
  item('location', 'Location', 'select', 'Utility Meter', { options: EQUIPMENT_LOCATIONS }),
  item('logic', 'Logic', 'select', 'always', { options: STICKER_LOGIC_OPTIONS }),
];

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const wireSizeOptions: RequirementOption[] = [
  { value: '', label: 'Calculated (NEC)', off: true },
  ...WIRE_SIZES.items.map((w) => ({ value: w.value, label: w.label })),
];
const wireSize = (key: string, label: string) =>
  select(key, label, 'wireSize', 'Leave as Calculated to size it by NEC rules.', wireSizeOptions, '');

const ACD_AMPS = [30, 60, 100, 200] as const;
const COMBINER_AMPS = [100, 125, 150, 200] as const;
const PV_NOTES = [
  ['title_block_notes', 'Title Block Notes', 'Separate points with a semicolon.', { format: 'points' as const }],
  ['utility_notes', 'Utility Notes', 'Separate points with a semicolon.', { format: 'points' as const }],
  ['warning_notes', 'Warning Notes', 'Separate points with a semicolon.', { format: 'points' as const }],
  ['extra_notes', 'Extra Notes', 'Separate points with a semicolon.', { format: 'points' as const }],
  ['custom_leaders', 'Custom Leaders', 'Callouts with leader lines; separate them with a semicolon.', { format: 'points' as const }],
] as const;
const pvNotes = (n: 1 | 2 | 3 | 4 | 5): Def[] =>
  PV_NOTES.map(([suffix, label, helper, extra]) =>
    text(`pv${n}_${suffix}`, `PV-${n} ${label}`, `pv${n}`, `${helper} Use {} to insert drawing variables.`, { ...extra, drawingVariables: true, maxLength: 2000 }),
  );

export const REQUIREMENT_DEFINITIONS: readonly Def[] = [
  // ---------------------------------------------------------------- general
  select('layout_alteration', 'Layout Alteration', 'general', 'Whether the designer may move modules to meet setbacks.', LAYOUT_ALTERATION_OPTIONS, 'Request permission to alter layout', { automated: false }),
  int('site_photo_count', 'Site Photo Count', 'general', 'Most site photos placed on the PV-5A layouts.', SITE_PHOTO_COUNT_DEFAULT, { max: SITE_PHOTO_COUNT_MAX }),
  flag('attic_photos_on_cad', 'Attic Photos on CAD', 'general', 'Place attic photos on the plan set.', { dynamicCadFields: ['cad_photos.attic_photos_on_cad'] }),
  flag('electrical_photos_on_cad', 'Electrical Photos on CAD', 'general', 'Place electrical photos on the plan set.', { dynamicCadFields: ['cad_photos.electrical_photos_on_cad'] }),
  flag('num_stories_on_cad', 'Number of Stories on CAD', 'general', 'Show the number of stories of the building.', { dynamicCadFields: ['num_stories'] }),
  flag('utility_program_on_cad', 'Utility Program on CAD', 'general', 'Show the utility incentive program.', { dynamicCadFields: ['utility_program'] }),

  // ---------------------------------------------------------------- engineering
  text('structural_pages_to_stamp', 'Structural Pages to Stamp', 'engineering', 'Comma separated, e.g. PV-3, PV-3A.', { format: 'pageList', maxLength: 200 }),
  text('electrical_pages_to_stamp', 'Electrical Pages to Stamp', 'engineering', 'Comma separated, e.g. PV-4, PV-5.', { format: 'pageList', maxLength: 200 }),
  select('structural_stamps_on_cad', 'Structural Stamps on CAD', 'engineering', 'A PE structural seal on the plan set replaces the contractor stamp.', STAMP_ON_CAD_OPTIONS, 'No Stamp Required', { engineeringStamp: true }),
  select('professional_stamps_on_electrical', 'Professional Stamps on Electrical', 'engineering', 'A PE seal on the electrical pages replaces the contractor stamp.', STAMP_ON_CAD_OPTIONS, 'No Stamp Required', { engineeringStamp: true }),
  select('electrical_stamps_on_cad', 'Electrical Stamps on CAD', 'engineering', 'An electrical engineer seal on the plan set replaces the contractor stamp.', STAMP_ON_CAD_OPTIONS, 'No Stamp Required', { engineeringStamp: true }),
  select('wet_stamps', 'Wet Stamps', 'engineering', 'Wet-stamped paper copies of the plan set.', WET_STAMP_OPTIONS, 'No Wet Stamps', { automated: false, engineeringStamp: true }),
  manual('seismic_calculations', 'Seismic Calculations', 'engineering', 'Include seismic calculations in the structural letter.'),
  manual('stress_analysis', 'Stress Analysis', 'engineering', 'A full stress analysis is required; a 5% (prescriptive) letter is prohibited.'),
  manual('skyciv_v2', 'SkyCiv v2', 'engineering', 'Use the SkyCiv v2 model (from 4/30/25).'),
  manual('unreduced_snow_load', 'Unreduced Snow Load', 'engineering', 'Design for the ground snow load without roof slope reduction.'),
  manual('post_install_letter', 'Post-Install Letter', 'engineering', 'A post-installation letter is required.'),
  manual('appendix_g', 'Appendix G', 'engineering', 'Include Appendix G with the structural letter.'),
  manual('revision_letter', 'Revision Letter', 'engineering', 'A letter describing each revision is required.'),
  manual('florida_statute_377_705', 'Florida Statute 377.705', 'engineering', 'Certify the design under Florida Statute 377.705.'),
  manual('design_affidavit', 'Design Affidavit', 'engineering', 'A signed design affidavit is required.'),
  manual('third_party_stamps', 'Third-Party Stamps', 'engineering', 'The plan set is sealed by a third-party engineer, which replaces the contractor stamp.', { engineeringStamp: true }),
  manual('NABCEP_stamp', 'NABCEP Stamp', 'engineering', 'A NABCEP-certified professional stamps the plan set.'),

  // ---------------------------------------------------------------- custom applicable codes
  text('custom_applicable_codes', 'Custom Applicable Codes', 'customApplicableCodes', 'Codes listed on PV-1 in addition to the AHJ codes; separate them with a semicolon.', { format: 'points', maxLength: 1000 }),

  // ---------------------------------------------------------------- electrical
  manual('taps_not_allowed', 'Taps Not Allowed', 'electrical', 'No tap interconnection of any kind.'),
  manual('supply_side_taps_not_allowed', 'Supply-Side Taps Not Allowed', 'electrical', 'No supply-side tap interconnection.'),
  manual('load_side_taps_not_allowed', 'Load-Side Taps Not Allowed', 'electrical', 'No load-side tap interconnection.'),
  manual('mb_derate_not_allowed', 'Main Breaker Derate Not Allowed', 'electrical', 'The main breaker may not be downsized to allow a PV breaker.'),
  manual('meter_taps_allowed', 'Meter Taps Allowed', 'electrical', 'Taps in the meter socket are allowed.'),
  manual('meter_taps_not_allowed', 'Meter Taps Not Allowed', 'electrical', 'Taps in the meter socket are not allowed.'),
  select('dwg_electrical_code', 'Electrical Code', 'electrical', 'Code named on the drawings.', ELECTRICAL_CODE_OPTIONS, 'NEC'),
  text('conduit_naming', 'Conduit Naming', 'electrical', 'Conduit type named on the drawings.', { default: 'EMT', maxLength: 20 }),
  flag('conduit_sizing', 'Conduit Sizing', 'electrical', 'Show conduit sizes on the wires of the single line diagram (the schedule always shows them).'),
  flag('three_line_diagram', 'Three-Line Diagram', 'electrical', 'Add a three-line diagram sheet after the single line diagram: every conductor of every run drawn.'),
  int('micro_combiner_panel_amperage', 'Micro Combiner Panel Amperage', 'electrical', 'Combiner panel rating for microinverter systems (A).', 125, { min: 1, max: 400 }),
  int('dual_micro_combiner_panel_amperage', 'Dual Micro Combiner Panel Amperage', 'electrical', 'Combiner panel rating for dual microinverter systems (A).', 125, { min: 1, max: 400 }),
  float('pv_equipment_distance_to_meter', 'PV Equipment Distance to Meter', 'electrical', 'Most distance in feet from PV equipment to the utility meter; empty means no limit.', null),

  // ---------------------------------------------------------------- ac
  select('ac_disconnect', 'AC Disconnect', 'ac', 'When the plan set shows an AC disconnect.', AC_DISCONNECT_OPTIONS, 'Always Include'),
  flag('fused_acd_required', 'Fused AC Disconnect Required', 'ac', 'The AC disconnect must be fused.'),
  select('double_acd', 'Double AC Disconnect', 'ac', 'When a second AC disconnect is required.', DOUBLE_ACD_OPTIONS, 'Not Required'),
  float('ac_disconnect_distance_to_meter', 'AC Disconnect Distance to Meter', 'ac', 'Most distance in feet from the AC disconnect to the utility meter.', 10),
  select('production_meter', 'Production Meter', 'ac', 'When the plan set shows a production meter.', PRODUCTION_METER_OPTIONS, 'No Production Meter'),
  select('production_meter_feed', 'Production Meter Feed', 'ac', 'Whether the production meter is top or bottom fed.', PRODUCTION_METER_FEED_OPTIONS, 'Top Fed'),
  text('production_meter_model_number', 'Production Meter Model Number', 'ac', 'Model number shown for the production meter.', { maxLength: 60 }),

  // ---------------------------------------------------------------- wire size
  wireSize('ac_wire_size', 'AC Wire Size'),
  wireSize('ac_ground_size', 'AC Ground Size'),
  wireSize('dc_wire_size', 'DC Wire Size'),
  wireSize('dc_ground_size', 'DC Ground Size'),

  // ---------------------------------------------------------------- model numbers
  ...ACD_AMPS.flatMap((a) => [
    text(`fused_${a}a_disconnect_model_number`, `Fused ${a} A Disconnect Model Number`, 'acDisconnectModelNumbers', `Model number shown for a fused ${a} A AC disconnect.`, { maxLength: 60 }),
    text(`unfused_${a}a_disconnect_model_number`, `Non-Fused ${a} A Disconnect Model Number`, 'acDisconnectModelNumbers', `Model number shown for a non-fused ${a} A AC disconnect.`, { maxLength: 60 }),
  ]),
  ...COMBINER_AMPS.map((a) =>
    text(`combiner_panel_${a}a_model_number`, `${a} A Combiner Panel Model Number`, 'combinerPanelModelNumbers', `Model number shown for a ${a} A combiner panel.`, { maxLength: 60 }),
  ),

  // ---------------------------------------------------------------- labels
  select('dwg_interconnection_label', 'Interconnection Label', 'labels', 'How the drawings name the point where PV meets the service.', INTERCONNECTION_LABEL_OPTIONS, 'Point of Interconnection'),
  flag('labels_page', 'Separate Labels Page', 'labels', 'Put all labels on a page of their own instead of PV-5.'),
  flag('placard_directory', 'Directory Placard', 'labels', 'Add a placard showing the location of every power source (NEC 705.10).'),

  // ---------------------------------------------------------------- details
  float('rail_length', 'Rail Length', 'details', 'Length of one rail section in feet.', 14, { min: 1, max: 40 }),
  flag('asphalt_shingle_layers_on_cad', 'Asphalt Shingle Layers on CAD', 'details', 'Show how many layers of asphalt shingles the roof has.', { dynamicCadFields: ['asphalt_shingle_layers'] }),
  flag('attachment_detail', 'Attachment Detail', 'details', 'Include the racking attachment detail drawing.', { default: true }),

  // ---------------------------------------------------------------- elevation detail
  flag('elevation_detail', 'Elevation Detail', 'elevationDetail', 'Include a roof elevation detail on PV-3.'),
  file('elevation_detail_file', 'Elevation Detail Drawing', 'elevationDetail', 'A custom elevation detail to use instead of the generated one.'),

  // ---------------------------------------------------------------- paper space
  select('page_naming', 'Page Naming', 'paperspace', 'How plan pages are numbered.', PAGE_NAMING_OPTIONS, 'pv_dash'),
  text('general_notes', 'Default General Notes', 'paperspace', 'General notes on PV-1; separate points with a semicolon.', { format: 'points', drawingVariables: true, maxLength: 4000 }),
  text('electrical_notes', 'Electrical Notes', 'paperspace', 'Electrical notes on PV-4; separate points with a semicolon.', { format: 'points', drawingVariables: true, maxLength: 4000 }),
  text('cut_sheet_spec_notes', 'Cut Sheet Spec Notes', 'paperspace', 'Notes on the cut sheet pages; separate points with a semicolon.', { format: 'points', drawingVariables: true, maxLength: 2000 }),
  select('min_text_size', 'Least Text Size', 'paperspace', 'Smallest text on the drawings. Sunstamp never prints under 8 pt; some AHJs (San Francisco) ask for 10 pt.', [{ value: '8', label: '8 pt' }, { value: '10', label: '10 pt' }], '8'),

  // ---------------------------------------------------------------- title block
  text('title_block_notes', 'Title Block Notes', 'titleBlock', 'Separate points with a semicolon.', { format: 'points', drawingVariables: true, maxLength: 1000, lineCount: 3 }),
  flag('contractor_license_on_title_block', 'Contractor Licence on Title Block', 'titleBlock', 'Show the contractor licence number.', { default: true }),
  flag('case_number_on_title_block', 'Case Number on Title Block', 'titleBlock', 'Show the AHJ case number.', { dynamicCadFields: ['case_number'] }),
  flag('tmk_on_title_block', 'TMK on Title Block', 'titleBlock', 'Show the Tax Map Key (Hawaii).', { dynamicCadFields: ['tmk'] }),
  flag('site_id_on_title_block', 'Site ID on Title Block', 'titleBlock', 'Show the utility site ID.', { dynamicCadFields: ['site_id'] }),
  flag('building_permit_number_on_title_block', 'Building Permit Number on Title Block', 'titleBlock', 'Show the building permit number.', { dynamicCadFields: ['building_permit_number'] }),
  flag('parcel_info_on_title_block', 'Parcel Information on Title Block', 'titleBlock', 'Show parcel ID, county, municipality, zoning, acreage, building area, roof height and legal description.', { dynamicCadFields: PARCEL_INFO_FIELDS }),
  // Spec §5 calls it an image; PNG and JPEG are the images the PDF sheets can embed.
  file('contractor_stamp', 'Contractor Stamp', 'titleBlock', 'Image (PNG or JPEG), 750x500 pixels recommended. Removed when an engineering stamp is required.', { fileTypes: ['png', 'jpeg'] }),
  select('contractor_stamp_layout', 'Contractor Stamp Layout', 'titleBlock', 'Pages that carry the contractor stamp.', CONTRACTOR_STAMP_LAYOUT_OPTIONS, 'All'),

  // ---------------------------------------------------------------- PV1 … PV5
  ...pvNotes(1), ...pvNotes(2), ...pvNotes(3), ...pvNotes(4), ...pvNotes(5),

  // ---------------------------------------------------------------- extra cut sheets
  flag('cut_sheets_required', 'Equipment Cut Sheets Required', 'extraCutSheets', 'The set carries the datasheet of its module, inverter, optimizer and battery; a model without a datasheet in the catalogue fails the run, naming the model.'),
  file('cut_sheet_pv8a', 'PV-8A Cut Sheet', 'extraCutSheets', 'Extra cut sheet placed as PV-8A.', { multiple: true }),
  ...range(11, 20).map((n) => file(`cut_sheet_pv${n}`, `PV-${n} Cut Sheet`, 'extraCutSheets', `Extra cut sheet placed as PV-${n}.`, { multiple: true })),
  file('noa_cut_sheets', 'NOA Cut Sheets', 'extraCutSheets', 'Notices of Acceptance (Florida product approvals).', { multiple: true }),
  file('ul_1703_cut_sheets', 'UL 1703 Cut Sheets', 'extraCutSheets', 'UL 1703 listing sheets for the modules.', { multiple: true }),

  // ---------------------------------------------------------------- extra stamps and custom stickers
  ...range(1, 9).map((n): Def => ({
    key: `stamp_${n}`, label: `Stamp ${n}`, helperText: 'A callout placed at a piece of equipment when its logic holds.',
    type: 'group', default: null, chipGroup: 'extraStamps', automated: true, items: STAMP_ITEMS,
  })),
  ...range(1, 12).map((n): Def => ({
    key: `sticker_${n}`, label: `Sticker ${n}`, helperText: 'A label placed on the plan set when its logic holds.',
    type: 'group', default: null, chipGroup: 'customSticker', automated: true, items: STICKER_ITEMS,
  })),
];

const byKey = new Map(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d]));
export function getRequirementDefinition(key: string): Def | undefined {
  return byKey.get(key);
}

/** The value a group takes when it is switched on: each item's default. */
export function defaultGroupValue(def: Pick<RequirementDefinition, 'items'>): Record<string, unknown> {
  return Object.fromEntries((def.items ?? []).map((i) => [i.key, i.default]));
}
