import type { RequirementOption } from './requirement.schema.ts';
import { STICKER_LOGIC_CONDITIONS } from './sticker-logic.data.ts';

/*
 * Option lists of select requirements. Spec §9 gives most of them word for word (values are the
 * spec's wording); the ones it leaves out (Double ACD, stamp titles, locations) are ours (README).
 */

const opt = (label: string, extra: Omit<RequirementOption, 'value' | 'label'> = {}): RequirementOption => ({ value: label, label, ...extra });

/** Spec §9 "Stamp on CAD options". */
export const STAMP_ON_CAD_OPTIONS = [
  opt('No Stamp Required', { off: true }),
  opt('Always Include'),
  opt('Only Over 10 Kilowatts', { when: { overKw: 10 } }),
];

/** Spec §9 production meter options (5). */
export const PRODUCTION_METER_OPTIONS = [
  opt('No Production Meter', { off: true }),
  opt('Always Include'),
  opt('Only Over 10 Kilowatts', { when: { overKw: 10 } }),
  opt('Only Over 20 Kilowatts', { when: { overKw: 20 } }),
  opt('Only with Solar Rewards', { when: { program: 'Solar Rewards' } }),
];

/** Spec §9 AC disconnect options; default Always Include. */
export const AC_DISCONNECT_OPTIONS = [
  opt('Not Required', { off: true }),
  opt('Always Include'),
  opt('Only Over 10 Kilowatts', { when: { overKw: 10 } }),
];

/** Spec §9 says Double ACD has 6 options and does not list them; these are ours. */
export const DOUBLE_ACD_OPTIONS = [
  opt('Not Required', { off: true }),
  opt('Always Include'),
  opt('Only Over 10 Kilowatts', { when: { overKw: 10 } }),
  opt('Only with Supply Side Tap', { when: { logic: 'supply_side_tap' } }),
  opt('Only with Battery', { when: { logic: 'battery_present' } }),
  opt('Only with Existing Solar', { when: { logic: 'existing_solar' } }),
];

export const LAYOUT_ALTERATION_OPTIONS = [
  opt('Never alter layout'),
  opt('Request permission to alter layout'),
  opt('Alter layout as needed'),
];

/**
 * 'CEC' is the California Electrical Code (printed as e.g. "2022 CEC", the NEC edition California
 * adopts). The Canadian Electrical Code is named by its standard and edition, never "CEC" (issue 26).
 */
export const ELECTRICAL_CODE_OPTIONS = [opt('NEC'), opt('CEC'), opt('CSA C22.1-2021'), opt('CSA C22.1-2024')];

export const INTERCONNECTION_LABEL_OPTIONS = [
  opt('Reference Point of Applicability (RPA)'),
  opt('Point of Interconnection'),
];

export const CONTRACTOR_STAMP_LAYOUT_OPTIONS = [opt('All'), opt('PV-4 and PV-5 only')];

/** Spec §9 sticker colours. */
export const STICKER_COLOURS = [opt('Black'), opt('White'), opt('Yellow'), opt('Red'), opt('Orange'), opt('Blue')];

/** Spec §3 "Wet stamps for 1, 2 or 3 copies". */
export const WET_STAMP_OPTIONS = [opt('No Wet Stamps', { off: true }), opt('1 Copy'), opt('2 Copies'), opt('3 Copies')];

export const PRODUCTION_METER_FEED_OPTIONS = [opt('Top Fed'), opt('Bottom Fed')];

/** Spec §3 "page naming variants"; the variants are ours. */
export const PAGE_NAMING_OPTIONS: RequirementOption[] = [
  { value: 'pv_dash', label: 'PV-1, PV-2, PV-3 …' },
  { value: 'pv_plain', label: 'PV1, PV2, PV3 …' },
  { value: 'pv_zero', label: 'PV-01, PV-02, PV-03 …' },
  { value: 'discipline', label: 'G-1, S-1, E-1 … (by discipline)' },
];

/**
 * Where a sticker or an extra stamp goes. Spec §9 names utility meter, main panel and sub panel
 * "and others" for stamps; stickers use the same places.
 */
export const EQUIPMENT_LOCATIONS = [
  opt('Utility Meter'), opt('Main Panel'), opt('Sub Panel'), opt('AC Disconnect'), opt('Production Meter'),
  opt('Inverter'), opt('Combiner Panel'), opt('Battery'), opt('Junction Box'), opt('Conduit'),
  opt('PV Array'), opt('Rapid Shutdown Switch'), opt('Site Plan'),
];

/** Titles of the extra stamps (stamp_1 … stamp_9): callouts placed at equipment. Not shown in the spec; ours. */
export const STAMP_TITLES = [
  opt('Bidirectional Utility Meter'),
  opt('Solar Production Meter'),
  opt('Utility Accessible 24/7'),
  opt('Visible, Lockable, Labeled AC Disconnect'),
  opt('Point of Interconnection'),
  opt('Rapid Shutdown Initiator'),
  opt('Dual Power Supply'),
  opt('Do Not Relocate This Overcurrent Device'),
  opt('Existing Solar Equipment'),
  opt('Energy Storage System'),
];

export const STICKER_LOGIC_OPTIONS: RequirementOption[] = STICKER_LOGIC_CONDITIONS.map(({ value, label }) => ({ value, label }));
