import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { equipmentDataSchema, ZEquipmentPatch, type EquipmentItem } from '@sunstamp/domain/contracts/catalogue';

/*
 * The inputs of the equipment dialog: one per catalogue field of a kind (equipment.schema.ts),
 * with its label and unit. equipment-form.rules.test.ts checks they are exactly the schema's
 * fields, so a field added to the schema shows up here or fails the test.
 */

export type EquipmentFieldGroup = 'electrical' | 'mechanical';
export type EquipmentField = {
  key: string;
  label: string;
  unit?: string;
  group: EquipmentFieldGroup;
  type: 'number' | 'integer' | 'boolean' | 'text' | 'choice';
  help?: string;
  /** A choice field's values and their labels (the schema's enum). */
  options?: readonly { value: string; label: string }[];
};

const n = (key: string, label: string, unit?: string, help?: string): EquipmentField => ({ key, label, unit, group: 'electrical', type: 'number', help });
const int = (key: string, label: string, help?: string): EquipmentField => ({ key, label, group: 'electrical', type: 'integer', help });
const DIMENSIONS: EquipmentField[] = [
  { key: 'lengthMm', label: 'Length', unit: 'mm', group: 'mechanical', type: 'number' },
  { key: 'widthMm', label: 'Width', unit: 'mm', group: 'mechanical', type: 'number' },
  { key: 'depthMm', label: 'Depth', unit: 'mm', group: 'mechanical', type: 'number' },
  { key: 'weightKg', label: 'Weight', unit: 'kg', group: 'mechanical', type: 'number' },
];
const mech = (key: string, label: string, unit: string | undefined, help: string, type: 'number' | 'integer' = 'number'): EquipmentField => ({ key, label, unit, group: 'mechanical', type, help });
/** The wall bracket's lag screws into the studs (the wall-mounted battery letter), from the installation manual. */
const WALL_MOUNT: EquipmentField[] = [
  mech('wallMountFasteners', 'Wall bracket: lag screws', undefined, 'Lag screws through the bracket into the studs, per unit.', 'integer'),
  mech('wallMountTopRowFasteners', 'Wall bracket: lag screws in the top row', undefined, 'Those of the top row (they take the withdrawal).', 'integer'),
  mech('wallMountRowSpacingIn', 'Wall bracket: row spacing', 'in', 'Vertical distance between the top and bottom rows of screws.'),
  mech('wallMountLagDiameterIn', 'Wall bracket: lag diameter', 'in', 'E.g. 0.25 for 1/4 in.'),
  mech('wallMountThreadPenetrationIn', 'Wall bracket: thread penetration', 'in', 'Thread length into the stud the manual requires.'),
  mech('wallMountLagZLb', 'Wall bracket: lateral design value Z', 'lb', 'Reference Z of one lag through the bracket: NDS Table 12K for the bracket\'s plate and the weakest stud species, or the maker\'s value.'),
];
/** A ground-mount system (the ground-mount letter): weight and the post/foundation capacities of the maker's design. */
const GROUND_MOUNT: EquipmentField[] = [
  mech('groundRackingWeightPsf', 'Ground mount: racking weight', 'psf', 'The racking\'s own weight per ft² of array (the modules\' weight comes from the module).'),
  mech('postAllowableUpliftLb', 'Ground mount: allowable uplift per post', 'lb', 'ASD, from the racking maker\'s foundation design.'),
  mech('postAllowableCompressionLb', 'Ground mount: allowable downward load per post', 'lb', 'ASD, from the racking maker\'s foundation design.'),
  mech('postAllowableLateralLb', 'Ground mount: allowable lateral load per post', 'lb', 'ASD, from the racking maker\'s foundation design.'),
];
const MPPT = [n('mpptMinV', 'MPPT window, low', 'V', 'Empty for a fixed-voltage input.'), n('mpptMaxV', 'MPPT window, high', 'V')];

export const EQUIPMENT_FIELDS: Record<EquipmentKind, readonly EquipmentField[]> = {
  module: [
    n('pmaxW', 'Pmax', 'W'), n('vocV', 'Voc', 'V'), n('iscA', 'Isc', 'A'), n('vmpV', 'Vmp', 'V'), n('impA', 'Imp', 'A'),
    n('tempCoeffVocPctPerC', 'Temp. coefficient of Voc', '%/°C', 'Negative, e.g. -0.26.'),
    n('tempCoeffPmaxPctPerC', 'Temp. coefficient of Pmax', '%/°C', 'Negative, e.g. -0.34.'),
    n('maxSystemVoltageV', 'Max system voltage', 'V'), n('maxSeriesFuseA', 'Max series fuse', 'A'),
    int('cellCount', 'Cells'),
    ...DIMENSIONS,
  ],
  inverter: [
    n('acPowerW', 'AC power', 'W'), n('maxContinuousOutputCurrentA', 'Max continuous output current', 'A'),
    n('nominalVoltageV', 'Nominal AC voltage', 'V'), n('maxDcVoltageV', 'Max DC voltage', 'V'),
    ...MPPT, n('maxInputCurrentA', 'Max input current per MPPT', 'A'), int('mpptCount', 'MPPT inputs'),
    ...DIMENSIONS,
  ],
  optimizer: [
    n('ratedInputPowerW', 'Rated input power', 'W'), n('maxInputVoltageV', 'Max input voltage', 'V'), ...MPPT,
    n('maxInputIscA', 'Max input Isc', 'A'), n('maxOutputCurrentA', 'Max output current', 'A'),
    n('maxOutputVoltageV', 'Max output voltage', 'V', 'From the data sheet. Needed behind an inverter that does not fix the string voltage: the string is n × this (NEC 690.7(B)).'),
    ...DIMENSIONS,
  ],
  battery: [
    n('energyKwh', 'Energy', 'kWh'), n('continuousPowerKw', 'Continuous power', 'kW'),
    n('maxContinuousCurrentA', 'Max continuous current', 'A'), n('nominalVoltageV', 'Nominal voltage', 'V'),
    n('maxSolarInputKw', 'Max solar input', 'kW', 'Batteries with an integrated solar inverter.'),
    ...DIMENSIONS,
    ...WALL_MOUNT,
  ],
  mci: [n('maxSystemVoltageV', 'Max system voltage', 'V'), n('maxContinuousCurrentA', 'Max continuous current', 'A'), ...DIMENSIONS],
  microgrid_controller: [n('ratedCurrentA', 'Rated current', 'A'), n('nominalVoltageV', 'Nominal voltage', 'V'), ...DIMENSIONS],
  ac_disconnect: [
    { key: 'fused', label: 'Fused', group: 'electrical', type: 'boolean' },
    n('ampRating', 'Amp rating', 'A'), n('voltageRatingV', 'Voltage rating', 'V'), int('poles', 'Poles'),
    { key: 'enclosure', label: 'Enclosure', group: 'mechanical', type: 'text', help: 'E.g. NEMA 3R.' },
  ],
  production_meter: [
    { key: 'form', label: 'Meter form', group: 'electrical', type: 'text', help: 'ANSI form, e.g. 2S; empty for an inverter-integrated meter.' },
    n('ampClass', 'Amp class', 'A'), n('nominalVoltageV', 'Nominal voltage', 'V'),
  ],
  racking: [
    { key: 'maxAttachmentSpanIn', label: 'Max attachment span', unit: 'in', group: 'mechanical', type: 'number' },
    { key: 'railWeightKgPerM', label: 'Rail weight', unit: 'kg/m', group: 'mechanical', type: 'number' },
    mech('allowableMomentLbFt', 'Rail allowable moment (ASD)', 'lb-ft', 'From the manufacturer\'s engineering document; the rail span and cantilever checks use it for this rail.'),
    { key: 'allowableMomentSource', label: 'Allowable moment source', group: 'mechanical', type: 'text', help: 'The document the allowable moment comes from, printed as the check\'s basis on PV-3 and the letter.' },
    {
      key: 'railClass', label: 'Assumed rail class', group: 'mechanical', type: 'choice',
      help: 'Without the maker\'s allowable moment: the generic class the check assumes, printed as ASSUMED for staff to confirm.',
      options: [{ value: 'light', label: 'Light' }, { value: 'standard', label: 'Standard' }, { value: 'heavy', label: 'Heavy' }],
    },
    mech('maxCantileverRatio', 'Max cantilever (share of allowed span)', undefined, 'From the maker, e.g. 0.4 for 40 % (IronRidge XR).'),
    { key: 'maxCantileverSource', label: 'Cantilever limit source', group: 'mechanical', type: 'text', help: 'The document the cantilever limit comes from, or why it is assumed; printed with the cantilever check.' },
    { key: 'maxAttachmentSpanSource', label: 'Max attachment span source', group: 'mechanical', type: 'text', help: 'The maker\'s span table the max attachment span comes from.' },
    ...GROUND_MOUNT,
  ],
};

/** Keys of `data` the dialog edits besides the kind's fields. */
export const COMMON_DATA_KEYS = ['notes', 'source'] as const;

export type EquipmentFormValue = number | boolean | string | null;
export type EquipmentFormData = Record<string, EquipmentFormValue | { document: string; url: string }> & {
  notes: string;
  source: { document: string; url: string };
};

/** The dialog's inputs for an item (or a new one): empty inputs for the values not known. */
export function equipmentFormData(kind: EquipmentKind, data: Record<string, unknown> = {}): EquipmentFormData {
  const out: Record<string, unknown> = {};
  for (const f of EQUIPMENT_FIELDS[kind]) {
    const v = data[f.key];
    if (f.type === 'text' || f.type === 'choice') out[f.key] = typeof v === 'string' ? v : '';
    else if (f.type === 'boolean') out[f.key] = typeof v === 'boolean' ? v : null;
    else out[f.key] = typeof v === 'number' ? v : null;
  }
  const src = (data.source ?? {}) as { document?: unknown; url?: unknown };
  out.notes = typeof data.notes === 'string' ? data.notes : '';
  out.source = { document: typeof src.document === 'string' ? src.document : '', url: typeof src.url === 'string' ? src.url : '' };
  return out as EquipmentFormData;
}

/**
 * The `data` to send (PUT replaces it): the item's data as it was, imported keys (SAM parameters,
 * CEC extras) included, with the dialog's fields written over it. An emptied input removes the
 * value ("not known"), except that a null the item had on purpose (no MPPT window) stays null.
 */
export function buildEquipmentData(kind: EquipmentKind, form: EquipmentFormData, original: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...original };
  for (const f of EQUIPMENT_FIELDS[kind]) {
    let v = form[f.key] as EquipmentFormValue | undefined;
    if (typeof v === 'string') v = v.trim();
    if (typeof v === 'number' && Number.isNaN(v)) v = null;
    if (v === null || v === undefined || v === '') {
      if (original[f.key] === null && fieldAcceptsNull(kind, f.key)) out[f.key] = null;
      else delete out[f.key];
    } else {
      out[f.key] = v;
    }
  }
  const notes = form.notes.trim();
  if (notes) out.notes = notes;
  else delete out.notes;
  const document = form.source.document.trim();
  const url = form.source.url.trim();
  if (document || url) out.source = { document, url };
  else delete out.source;
  return out;
}

/**
 * What the dialog checks before sending: the API's own pieces (the PUT body's fields, the kind's
 * data schema), with manufacturer and model required as a create needs them. Checking the data
 * with its schema directly, rather than through the create body's refinement, keeps each
 * field's own message.
 */
export const equipmentFormSchema = (kind: EquipmentKind) =>
  ZEquipmentPatch.required({ manufacturer: true, model: true }).extend({ data: equipmentDataSchema(kind) });

/** Whether the kind's schema takes null for a field (a meaningful "none"); else empty means not known. */
export const fieldAcceptsNull = (kind: EquipmentKind, key: string) => equipmentDataSchema(kind).safeParse({ [key]: null }).success;

/** Data keys the dialog does not show (SAM parameters, CEC extras): kept as they are on save. */
export function otherDataKeys(item: Pick<EquipmentItem, 'kind' | 'data'>): string[] {
  const shown = new Set<string>([...EQUIPMENT_FIELDS[item.kind].map((f) => f.key), ...COMMON_DATA_KEYS]);
  return Object.keys(item.data).filter((k) => !shown.has(k));
}

export const EQUIPMENT_KIND_SINGULAR: Record<EquipmentKind, string> = {
  module: 'module', inverter: 'inverter', optimizer: 'optimizer', battery: 'battery', mci: 'MCI',
  microgrid_controller: 'microgrid controller', ac_disconnect: 'AC disconnect', production_meter: 'production meter',
  racking: 'racking system',
};
