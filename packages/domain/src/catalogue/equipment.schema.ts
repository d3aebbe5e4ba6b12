import { z } from 'zod';

/*
 * Equipment catalogue shapes: the electrical and mechanical data the NEC and structural
 * calculations read. Units are in the field names (V, A, W, kW, kWh, mm, kg, pct per °C).
 * `type` refers to an item of the matching option list (option-lists.data.ts).
 */

export const ZEquipmentSource = z.object({
  /** Datasheet the values were taken from (title and revision where known). */
  document: z.string().min(1),
  url: z.url(),
});
export type EquipmentSource = z.infer<typeof ZEquipmentSource>;

const common = {
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  manufacturer: z.string().min(1),
  model: z.string().min(1),
  source: ZEquipmentSource,
  notes: z.string().optional(),
};

const pos = z.number().positive();
const dims = {
  lengthMm: pos.nullable(),
  widthMm: pos.nullable(),
  depthMm: pos.nullable(),
  weightKg: pos.nullable(),
};

export const ZModule = z.object({
  ...common,
  kind: z.literal('module'),
  type: z.string(),
  pmaxW: pos,
  vocV: pos,
  iscA: pos,
  vmpV: pos,
  impA: pos,
  /** Temperature coefficients in % per °C (negative for Voc and Pmax). */
  tempCoeffVocPctPerC: z.number().max(0),
  tempCoeffPmaxPctPerC: z.number().max(0),
  cellCount: z.number().int().positive().nullable(),
  maxSystemVoltageV: pos,
  maxSeriesFuseA: pos.nullable(),
  lengthMm: pos,
  widthMm: pos,
  depthMm: pos,
  weightKg: pos,
});
export type Module = z.infer<typeof ZModule>;

export const ZInverter = z.object({
  ...common,
  kind: z.literal('inverter'),
  /** One of INVERTER_TYPES: String Inverter, Microinverter, Dual Microinverter, True String Inverter. */
  type: z.enum(['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter']),
  /** Rated continuous AC power at the nominal voltage (W). */
  acPowerW: pos,
  maxContinuousOutputCurrentA: pos,
  nominalVoltageV: pos,
  maxDcVoltageV: pos,
  /** Null for fixed-voltage inverters (optimizer systems) that publish no MPPT window. */
  mpptMinV: pos.nullable(),
  mpptMaxV: pos.nullable(),
  /** Maximum DC input current per MPPT input (A). */
  maxInputCurrentA: pos,
  mpptCount: z.number().int().positive(),
  ...dims,
});
export type Inverter = z.infer<typeof ZInverter>;

export const ZOptimizer = z.object({
  ...common,
  kind: z.literal('optimizer'),
  type: z.string(),
  ratedInputPowerW: pos,
  maxInputVoltageV: pos,
  mpptMinV: pos.nullable(),
  mpptMaxV: pos.nullable(),
  maxInputIscA: pos,
  maxOutputCurrentA: pos,
  /** Maximum output voltage during operation (V): the DC-to-DC converter circuit voltage is n × this (NEC 690.7(B)). */
  maxOutputVoltageV: pos.optional(),
  ...dims,
});
export type Optimizer = z.infer<typeof ZOptimizer>;

export const ZBattery = z.object({
  ...common,
  kind: z.literal('battery'),
  type: z.string(),
  energyKwh: pos,
  continuousPowerKw: pos,
  maxContinuousCurrentA: pos,
  nominalVoltageV: pos,
  /** Batteries with an integrated solar inverter (e.g. Powerwall 3). */
  maxSolarInputKw: pos.nullable(),
  ...dims,
  /**
   * The wall bracket's fastening into the studs, from the installation manual (the wall-mounted
   * battery letter): lag screws per unit, of which in the top row; the vertical distance between
   * the top and bottom rows; the lag's diameter and thread penetration into the stud; and the
   * reference lateral design value Z of one lag through the bracket (NDS Table 12K for the
   * bracket's plate and the weakest stud species it is installed in, or the maker's value).
   */
  wallMountFasteners: z.number().int().positive().max(50).nullable(),
  wallMountTopRowFasteners: z.number().int().positive().max(50).nullable(),
  wallMountRowSpacingIn: pos.max(200).nullable(),
  wallMountLagDiameterIn: pos.max(1).nullable(),
  wallMountThreadPenetrationIn: pos.max(12).nullable(),
  wallMountLagZLb: pos.max(10_000).nullable(),
});
export type Battery = z.infer<typeof ZBattery>;

export const ZMci = z.object({
  ...common,
  kind: z.literal('mci'),
  type: z.string(),
  maxSystemVoltageV: pos,
  maxContinuousCurrentA: pos.nullable(),
  ...dims,
});
export type Mci = z.infer<typeof ZMci>;

export const ZMicrogridController = z.object({
  ...common,
  kind: z.literal('microgrid_controller'),
  type: z.string(),
  ratedCurrentA: pos,
  nominalVoltageV: pos,
  ...dims,
});
export type MicrogridController = z.infer<typeof ZMicrogridController>;

export const ZAcDisconnect = z.object({
  ...common,
  kind: z.literal('ac_disconnect'),
  /** AC_DISCONNECT_TYPES value, e.g. fused_60a. */
  type: z.string(),
  fused: z.boolean(),
  ampRating: pos,
  voltageRatingV: pos,
  poles: z.number().int().positive(),
  enclosure: z.string(),
});
export type AcDisconnect = z.infer<typeof ZAcDisconnect>;

export const ZProductionMeter = z.object({
  ...common,
  kind: z.literal('production_meter'),
  type: z.string(),
  /** ANSI meter form, e.g. 2S; null for an inverter-integrated meter. */
  form: z.string().nullable(),
  ampClass: pos.nullable(),
  nominalVoltageV: pos,
});
export type ProductionMeter = z.infer<typeof ZProductionMeter>;

/** A racking system (rails and attachments): what the structural letter and the plan set's racking notes name. */
export const ZRacking = z.object({
  ...common,
  kind: z.literal('racking'),
  /** RACKING_TYPES value, e.g. flush_mount. */
  type: z.string(),
  /** The longest span between attachments the manufacturer's tables allow, inches. */
  maxAttachmentSpanIn: pos.nullable(),
  /** Rail weight per metre, kg. */
  railWeightKgPerM: pos.nullable(),
  /**
   * The rail's allowable (ASD) bending moment, lb-ft, from the manufacturer's engineering document: the
   * rail span and cantilever checks use it for this product (issue 24: one value served every rail).
   */
  allowableMomentLbFt: pos.max(100_000).nullable().optional(),
  /** The document allowableMomentLbFt comes from, printed as the check's basis on PV-3 and the letter. */
  allowableMomentSource: z.string().trim().min(1).max(300).nullable().optional(),
  /**
   * Without the maker's allowable moment: the generic rail class the check assumes for this product
   * (engineering tables/rail-profiles), printed as ASSUMED with a request that staff confirm the maker's value.
   */
  railClass: z.enum(['light', 'standard', 'heavy']).nullable().optional(),
  /** The largest cantilever past the end attachment as a share of the allowed span, from the maker (IronRidge XR: 0.4). */
  maxCantileverRatio: z.number().positive().max(1).nullable().optional(),
  /** The document maxCantileverRatio comes from, or why it is assumed: printed with the cantilever check. */
  maxCantileverSource: z.string().trim().min(1).max(300).nullable().optional(),
  /** The document maxAttachmentSpanIn comes from (the maker's span table for the jobs this row serves). */
  maxAttachmentSpanSource: z.string().trim().min(1).max(300).nullable().optional(),
  /**
   * A ground-mount system (the ground-mount letter): the racking's own weight per ft² of array
   * surface (the modules' is the module's catalogue weight), and the allowable (ASD) loads on one
   * post and its foundation from the racking maker's design (uplift, downward, lateral).
   */
  groundRackingWeightPsf: pos.max(100).nullable(),
  postAllowableUpliftLb: pos.max(1_000_000).nullable(),
  postAllowableCompressionLb: pos.max(1_000_000).nullable(),
  postAllowableLateralLb: pos.max(1_000_000).nullable(),
});
export type Racking = z.infer<typeof ZRacking>;

export const ZEquipment = z.discriminatedUnion('kind', [
  ZModule, ZInverter, ZOptimizer, ZBattery, ZMci, ZMicrogridController, ZAcDisconnect, ZProductionMeter, ZRacking,
]);
export type Equipment = z.infer<typeof ZEquipment>;
export type EquipmentKind = Equipment['kind'];
