import type { OptionItem, TypedOptionList } from './option-list.schema.ts';
import * as C from '../constants/options.constants.ts';

/*
 * Lists that options.constants.ts also types (inverter types, gypsum, racking brands, exposure,
 * site classes, seismic categories) take their values from those tuples, so each is defined once;
 * this file adds only the engineering data keyed by value (a Record, so a new tuple entry without
 * its data fails to compile).
 *
 * Reference option lists (spec §3 "Reference option lists", §7 option-list routes, §9).
 * Item values: the spec's own wording where the spec gives the list (so a stored job reads as the
 * spec shows it, e.g. gypsum_type 'No Drywall'), a snake_case slug where we chose the list.
 * Adding an item is one line. Every choice of ours is explained in packages/domain/README.md.
 */

const same = (label: string) => ({ value: label, label });

// ---------------------------------------------------------------- the 14 lists of spec §7

export interface ConnectionTypeItem extends OptionItem {
  /** Whether the attachment is fastened into framing (rafter/truss) or only the deck: the structural letter checks withdrawal on framing only. */
  intoFraming: boolean;
}
export const CONNECTION_TYPES: TypedOptionList<ConnectionTypeItem, 'connection_types'> = {
  key: 'connection_types',
  label: 'Connection Types',
  items: [
    { value: 'flashed_l_foot', label: 'Flashed L-Foot (Lag Screw)', intoFraming: true },
    { value: 'flashed_mount', label: 'Flashed Comp Shingle Mount', intoFraming: true },
    { value: 'standoff', label: 'Standoff with Flashing', intoFraming: true },
    { value: 'hanger_bolt', label: 'Hanger Bolt', intoFraming: true },
    { value: 'deck_mount', label: 'Deck Mount (Sheathing Only)', intoFraming: false },
    { value: 'tile_hook', label: 'Tile Hook', intoFraming: true },
    { value: 'tile_replacement', label: 'Tile Replacement Flashing', intoFraming: true },
    { value: 'standing_seam_clamp', label: 'Standing Seam Clamp', intoFraming: false },
    { value: 'metal_roof_bracket', label: 'Corrugated / Trapezoidal Metal Bracket', intoFraming: true },
    { value: 'membrane_mount', label: 'Flashed Membrane Roof Mount (Lag Screw)', intoFraming: true },
    { value: 'ballasted', label: 'Ballasted (No Penetration)', intoFraming: false },
    { value: 'ground_mount_post', label: 'Ground Mount Post', intoFraming: false },
    { value: 'other', label: 'Other', intoFraming: true },
  ],
};

export interface StateItem extends OptionItem {
  abbreviation: string;
  country: 'US' | 'CA';
}
const us = (abbreviation: string, label: string): StateItem => ({ value: abbreviation, label, abbreviation, country: 'US' });
const ca = (abbreviation: string, label: string): StateItem => ({ value: abbreviation, label, abbreviation, country: 'CA' });

/** US states, DC and the territories; Puerto Rico is a state for address lookup (spec §5). */
export const STATES: TypedOptionList<StateItem, 'states'> = {
  key: 'states',
  label: 'States',
  items: [
    us('AL', 'Alabama'), us('AK', 'Alaska'), us('AZ', 'Arizona'), us('AR', 'Arkansas'),
    us('CA', 'California'), us('CO', 'Colorado'), us('CT', 'Connecticut'), us('DE', 'Delaware'),
    us('DC', 'District of Columbia'), us('FL', 'Florida'), us('GA', 'Georgia'), us('HI', 'Hawaii'),
    us('ID', 'Idaho'), us('IL', 'Illinois'), us('IN', 'Indiana'), us('IA', 'Iowa'),
    us('KS', 'Kansas'), us('KY', 'Kentucky'), us('LA', 'Louisiana'), us('ME', 'Maine'),
    us('MD', 'Maryland'), us('MA', 'Massachusetts'), us('MI', 'Michigan'), us('MN', 'Minnesota'),
    us('MS', 'Mississippi'), us('MO', 'Missouri'), us('MT', 'Montana'), us('NE', 'Nebraska'),
    us('NV', 'Nevada'), us('NH', 'New Hampshire'), us('NJ', 'New Jersey'), us('NM', 'New Mexico'),
    us('NY', 'New York'), us('NC', 'North Carolina'), us('ND', 'North Dakota'), us('OH', 'Ohio'),
    us('OK', 'Oklahoma'), us('OR', 'Oregon'), us('PA', 'Pennsylvania'), us('RI', 'Rhode Island'),
    us('SC', 'South Carolina'), us('SD', 'South Dakota'), us('TN', 'Tennessee'), us('TX', 'Texas'),
    us('UT', 'Utah'), us('VT', 'Vermont'), us('VA', 'Virginia'), us('WA', 'Washington'),
    us('WV', 'West Virginia'), us('WI', 'Wisconsin'), us('WY', 'Wyoming'),
    us('PR', 'Puerto Rico'), us('GU', 'Guam'), us('VI', 'U.S. Virgin Islands'),
    us('AS', 'American Samoa'), us('MP', 'Northern Mariana Islands'),
  ],
};

export const CANADIAN_PROVINCES: TypedOptionList<StateItem, 'canadian_provinces'> = {
  key: 'canadian_provinces',
  label: 'Canadian Provinces and Territories',
  items: [
    ca('AB', 'Alberta'), ca('BC', 'British Columbia'), ca('MB', 'Manitoba'), ca('NB', 'New Brunswick'),
    ca('NL', 'Newfoundland and Labrador'), ca('NS', 'Nova Scotia'), ca('NT', 'Northwest Territories'),
    ca('NU', 'Nunavut'), ca('ON', 'Ontario'), ca('PE', 'Prince Edward Island'), ca('QC', 'Quebec'),
    ca('SK', 'Saskatchewan'), ca('YT', 'Yukon'),
  ],
};

export const STRUCTURE_TYPES: TypedOptionList<OptionItem, 'structure_types'> = {
  key: 'structure_types',
  label: 'Structure Types',
  items: [
    same('Single Family Residence'), same('Townhouse'), same('Multi-Family Residence'),
    // Spec §5: a Manufactured Home only offers Pre-Manufactured Truss (2x2) framing.
    same('Manufactured Home'),
    same('Detached Garage'), same('Carport'), same('Patio Cover'), same('Commercial Building'),
    same('Ground Mount'), same('Other'),
  ],
};

export interface GypsumTypeItem extends OptionItem {
  /** Ceiling dead load in psf: ASCE 7 Table C3.1-1a (gypsum board 0.55 psf per 1/8 in.; plaster on wood lath 8 psf). */
  deadLoadPsf: number;
}
const GYPSUM_DEAD_LOAD_PSF: Record<C.GypsumType, number> = {
  '1/2"': 2.2, '1/4"': 1.1, '3/8"': 1.65, '5/8"': 2.75, 'Lath and Plaster': 8, 'No Drywall': 0,
};
/** The spec's drywall list (§9), in its order. */
export const GYPSUM_TYPES: TypedOptionList<GypsumTypeItem, 'gypsum_types'> = {
  key: 'gypsum_types',
  label: 'Gypsum Types',
  items: C.GYPSUM_TYPES.map((g) => ({ ...same(g), deadLoadPsf: GYPSUM_DEAD_LOAD_PSF[g] })),
};

export interface RoofMaterialItem extends OptionItem {
  /** Sheet steel gauge for metal roofs, else null. */
  gauge: number | null;
  /** Roof covering thickness in inches: metal from the galvanized sheet gauge table, others typical product thickness. */
  thicknessIn: number | null;
  /** Covering dead load in psf (ASCE 7 Table C3.1-1a where it lists the material; metal = thickness × 40.8 psf/in steel). */
  deadLoadPsf: number;
  /** Hint for the attachment picker. */
  family: 'shingle' | 'tile' | 'metal' | 'membrane' | 'other';
}
const metal = (value: string, label: string, gauge: number, thicknessIn: number): RoofMaterialItem => ({
  value, label, gauge, thicknessIn, deadLoadPsf: Math.round(thicknessIn * 40.8 * 100) / 100, family: 'metal',
});
export const ROOF_MATERIALS: TypedOptionList<RoofMaterialItem, 'roof_materials'> = {
  key: 'roof_materials',
  label: 'Roof Materials',
  items: [
    { value: 'asphalt_shingle', label: 'Asphalt Shingle', gauge: null, thicknessIn: 0.25, deadLoadPsf: 2, family: 'shingle' },
    { value: 'wood_shake', label: 'Wood Shake', gauge: null, thicknessIn: 0.75, deadLoadPsf: 3, family: 'shingle' },
    { value: 'slate', label: 'Slate', gauge: null, thicknessIn: 0.25, deadLoadPsf: 10, family: 'tile' },
    { value: 'clay_tile', label: 'Clay Tile', gauge: null, thicknessIn: 0.625, deadLoadPsf: 12, family: 'tile' },
    { value: 'concrete_tile', label: 'Concrete Tile', gauge: null, thicknessIn: 0.75, deadLoadPsf: 10, family: 'tile' },
    // Galvanized sheet steel gauge thicknesses: 22 ga 0.0336 in, 24 ga 0.0276, 26 ga 0.0217, 29 ga 0.0172.
    metal('standing_seam_22ga', 'Standing Seam Metal (22 ga)', 22, 0.0336),
    metal('standing_seam_24ga', 'Standing Seam Metal (24 ga)', 24, 0.0276),
    metal('standing_seam_26ga', 'Standing Seam Metal (26 ga)', 26, 0.0217),
    metal('corrugated_26ga', 'Corrugated Metal (26 ga)', 26, 0.0217),
    metal('corrugated_29ga', 'Corrugated Metal (29 ga)', 29, 0.0172),
    metal('trapezoidal_26ga', 'Trapezoidal / R-Panel Metal (26 ga)', 26, 0.0217),
    metal('trapezoidal_29ga', 'Trapezoidal / R-Panel Metal (29 ga)', 29, 0.0172),
    { value: 'tpo_membrane', label: 'TPO / Single-Ply Membrane', gauge: null, thicknessIn: 0.06, deadLoadPsf: 0.7, family: 'membrane' },
    { value: 'modified_bitumen', label: 'Modified Bitumen', gauge: null, thicknessIn: 0.16, deadLoadPsf: 1.5, family: 'membrane' },
    { value: 'built_up_gravel', label: 'Built-Up Roof (Gravel)', gauge: null, thicknessIn: 0.5, deadLoadPsf: 6.5, family: 'membrane' },
    { value: 'rolled_roofing', label: 'Rolled Roofing', gauge: null, thicknessIn: 0.09, deadLoadPsf: 1, family: 'shingle' },
    { value: 'other', label: 'Other', gauge: null, thicknessIn: null, deadLoadPsf: 0, family: 'other' },
  ],
};

export interface MaterialGradeItem extends OptionItem {
  species: string;
  grade: string;
  /** Reference bending design value Fb (psi), 2x4 size, NDS Supplement Table 4A; null where it depends on size (Southern Pine, Table 4B). */
  fbPsi: number | null;
  /** Modulus of elasticity E (psi), NDS Supplement Tables 4A/4B. */
  ePsi: number | null;
}
const grade = (value: string, label: string, species: string, g: string, fbPsi: number | null, ePsi: number | null): MaterialGradeItem =>
  ({ value, label, species, grade: g, fbPsi, ePsi });
export const MATERIAL_GRADES: TypedOptionList<MaterialGradeItem, 'material_grades'> = {
  key: 'material_grades',
  label: 'Material Grades',
  items: [
    grade('spf_no2', 'SPF #2', 'Spruce-Pine-Fir', 'No. 2', 875, 1_400_000),
    grade('spf_no1', 'SPF #1', 'Spruce-Pine-Fir', 'No. 1', 875, 1_400_000),
    grade('spf_ss', 'SPF Select Structural', 'Spruce-Pine-Fir', 'Select Structural', 1250, 1_500_000),
    grade('dfl_no2', 'DF-L #2', 'Douglas Fir-Larch', 'No. 2', 900, 1_600_000),
    grade('dfl_no1', 'DF-L #1', 'Douglas Fir-Larch', 'No. 1', 1000, 1_700_000),
    grade('dfl_ss', 'DF-L Select Structural', 'Douglas Fir-Larch', 'Select Structural', 1500, 1_900_000),
    grade('hf_no2', 'Hem-Fir #2', 'Hem-Fir', 'No. 2', 850, 1_300_000),
    grade('hf_no1', 'Hem-Fir #1', 'Hem-Fir', 'No. 1', 975, 1_500_000),
    grade('syp_no2', 'SYP #2', 'Southern Pine', 'No. 2', null, 1_400_000),
    grade('syp_no1', 'SYP #1', 'Southern Pine', 'No. 1', null, 1_600_000),
    grade('syp_ss', 'SYP Select Structural', 'Southern Pine', 'Select Structural', null, 1_800_000),
    grade('lvl_2_0e', 'LVL 2.0E', 'Laminated Veneer Lumber', '2.0E', 2600, 2_000_000),
    grade('other', 'Other', 'Other', 'Other', null, null),
  ],
};

export interface BeamShapeItem extends OptionItem {
  kind: 'truss' | 'sawn' | 'i_joist' | 'custom';
  /** Actual dressed width × depth in inches for sawn lumber; TJI depth varies by product so only the flange width is given. */
  widthIn: number | null;
  depthIn: number | null;
}
const sawn = (label: string, depthIn: number, widthIn = 1.5): BeamShapeItem => ({ ...same(label), kind: 'sawn', widthIn, depthIn });
const tji = (label: string, flangeIn: number): BeamShapeItem => ({ ...same(label), kind: 'i_joist', widthIn: flangeIn, depthIn: null });
/** Framing members. Which ones a form offers for a structure type is the framing rule of spec §5, not this list. */
export const BEAM_SHAPES: TypedOptionList<BeamShapeItem, 'beam_shapes'> = {
  key: 'beam_shapes',
  label: 'Beam Shapes',
  items: [
    { ...same('Pre-Manufactured Truss'), kind: 'truss', widthIn: 1.5, depthIn: null },
    { ...same('Pre-Manufactured Truss (2x2)'), kind: 'truss', widthIn: 1.5, depthIn: 1.5 },
    { ...same('Pre-Manufactured Truss (2x4)'), kind: 'truss', widthIn: 1.5, depthIn: 3.5 },
    { ...same('Pre-Manufactured Truss (2x6)'), kind: 'truss', widthIn: 1.5, depthIn: 5.5 },
    sawn('2x2', 1.5), sawn('2x4', 3.5), sawn('2x6', 5.5), sawn('2x8', 7.25), sawn('2x10', 9.25), sawn('2x12', 11.25),
    tji('TJI 110', 1.75), tji('TJI 210', 2.0625), tji('TJI 230', 2.3125), tji('TJI 360', 2.3125), tji('TJI 560', 3.5),
    { ...same('Custom'), kind: 'custom', widthIn: null, depthIn: null },
  ],
};

export interface RackingBrandItem extends OptionItem {
  recommended: boolean;
}
/** Spec §9: Ironridge (recommended), Unirac, SnapNrack, Other. */
export const RACKING_BRANDS: TypedOptionList<RackingBrandItem, 'racking_brands'> = {
  key: 'racking_brands',
  label: 'Racking Brands',
  items: C.RACKING_BRANDS.map((b) => ({ ...same(b), recommended: b === C.RECOMMENDED_RACKING_BRAND })),
};

export interface RackingTypeItem extends OptionItem {
  brand: C.RackingBrand;
  railless: boolean;
}
const rack = (value: string, label: string, brand: RackingTypeItem['brand'], railless = false): RackingTypeItem => ({ value, label, brand, railless });
export const RACKING_TYPES: TypedOptionList<RackingTypeItem, 'racking_types'> = {
  key: 'racking_types',
  label: 'Racking Types',
  items: [
    rack('ironridge_xr10', 'Ironridge XR10', 'Ironridge'),
    rack('ironridge_xr100', 'Ironridge XR100', 'Ironridge'),
    rack('ironridge_xr1000', 'Ironridge XR1000', 'Ironridge'),
    rack('unirac_solarmount', 'Unirac SolarMount', 'Unirac'),
    rack('unirac_nxt_umount', 'Unirac NXT UMOUNT', 'Unirac'),
    rack('snapnrack_series_100', 'SnapNrack Series 100', 'SnapNrack'),
    rack('snapnrack_ultra_rail', 'SnapNrack Ultra Rail', 'SnapNrack'),
    rack('snapnrack_rl_universal', 'SnapNrack RL Universal (Rail-less)', 'SnapNrack', true),
    rack('other', 'Other', 'Other'),
  ],
};

export const OPTIMIZER_TYPES: TypedOptionList<OptionItem, 'optimizer_types'> = {
  key: 'optimizer_types',
  label: 'Optimizer Types',
  items: [
    { value: 'power_optimizer', label: 'Power Optimizer (1 Module)' },
    { value: 'dual_power_optimizer', label: 'Power Optimizer (2 Modules)' },
    { value: 'optimizer_with_rsd', label: 'Optimizer with Rapid Shutdown' },
    { value: 'rapid_shutdown_device', label: 'Rapid Shutdown Device (No Optimization)' },
  ],
};

export interface InverterTypeItem extends OptionItem {
  /** Micro and dual micro are module-level: their AC side is a branch circuit, not a string. */
  moduleLevel: boolean;
}
const MODULE_LEVEL: Record<C.InverterType, boolean> = {
  'String Inverter': false, Microinverter: true, 'Dual Microinverter': true, 'True String Inverter': false,
};
/** Spec §9, exactly. */
export const INVERTER_TYPES: TypedOptionList<InverterTypeItem, 'inverter_types'> = {
  key: 'inverter_types',
  label: 'Inverter Types',
  items: C.INVERTER_TYPES.map((t) => ({ ...same(t), moduleLevel: MODULE_LEVEL[t] })),
};

export const MODULE_TYPES: TypedOptionList<OptionItem, 'module_types'> = {
  key: 'module_types',
  label: 'Module Types',
  items: [
    { value: 'mono_perc', label: 'Monocrystalline PERC' },
    { value: 'mono_topcon', label: 'Monocrystalline TOPCon' },
    { value: 'mono_hjt', label: 'Monocrystalline Heterojunction (HJT)' },
    { value: 'mono_back_contact', label: 'Monocrystalline Back Contact' },
    { value: 'mono', label: 'Monocrystalline' },
    { value: 'poly', label: 'Polycrystalline' },
    { value: 'thin_film', label: 'Thin Film' },
  ],
};

export const BATTERY_TYPES: TypedOptionList<OptionItem, 'battery_types'> = {
  key: 'battery_types',
  label: 'Battery Types',
  items: [
    { value: 'ac_coupled', label: 'AC-Coupled Battery' },
    { value: 'dc_coupled', label: 'DC-Coupled Battery' },
    { value: 'hybrid', label: 'Battery with Integrated Hybrid Inverter' },
  ],
};

export const MCI_TYPES: TypedOptionList<OptionItem, 'mci_types'> = {
  key: 'mci_types',
  label: 'MCI Types',
  items: [
    { value: 'mid_circuit_interrupter', label: 'Mid-Circuit Interrupter (MCI)' },
    { value: 'rsd_initiator', label: 'Rapid Shutdown Initiator' },
  ],
};

export const MICROGRID_CONTROLLER_TYPES: TypedOptionList<OptionItem, 'microgrid_controller_types'> = {
  key: 'microgrid_controller_types',
  label: 'Microgrid Controller Types',
  items: [
    { value: 'system_controller', label: 'Microgrid Interconnection Device (System Controller)' },
    { value: 'backup_gateway', label: 'Backup Gateway' },
    { value: 'backup_switch', label: 'Meter-Collar Backup Switch' },
    { value: 'automatic_transfer_switch', label: 'Automatic Transfer Switch' },
  ],
};

// ---------------------------------------------------------------- further lists the product needs

export interface AcDisconnectTypeItem extends OptionItem {
  fused: boolean;
  ampRating: 30 | 60 | 100 | 200;
}
const acd = (fused: boolean, ampRating: AcDisconnectTypeItem['ampRating']): AcDisconnectTypeItem => ({
  value: `${fused ? 'fused' : 'unfused'}_${ampRating}a`,
  label: `${fused ? 'Fused' : 'Non-Fused'} ${ampRating} A`,
  fused,
  ampRating,
});
/** The eight sizes the model-number requirements of spec §3 name. */
export const AC_DISCONNECT_TYPES: TypedOptionList<AcDisconnectTypeItem, 'ac_disconnect_types'> = {
  key: 'ac_disconnect_types',
  label: 'AC Disconnect Types',
  items: [acd(true, 30), acd(true, 60), acd(true, 100), acd(true, 200), acd(false, 30), acd(false, 60), acd(false, 100), acd(false, 200)],
};

export const PRODUCTION_METER_TYPES: TypedOptionList<OptionItem, 'production_meter_types'> = {
  key: 'production_meter_types',
  label: 'Production Meter Types',
  items: [
    { value: 'socket_form_2s', label: 'Socket Meter (Form 2S)' },
    { value: 'socket_with_bypass', label: 'Socket Meter with Bypass' },
    { value: 'ct_rated', label: 'CT-Rated Meter' },
    { value: 'inverter_integrated', label: 'Inverter-Integrated Revenue-Grade Meter' },
  ],
};

export interface WireSizeItem extends OptionItem {
  /** Conductor area in circular mils, NEC Chapter 9 Table 8. */
  areaCmil: number;
}
const awg = (size: string, areaCmil: number): WireSizeItem => ({ ...same(`${size} AWG`), areaCmil });
const kcmil = (size: number): WireSizeItem => ({ ...same(`${size} kcmil`), areaCmil: size * 1000 });
/** Spec §9: 12 AWG to 600 kcmil, the sizes of NEC Table 310.16 in that range. */
export const WIRE_SIZES: TypedOptionList<WireSizeItem, 'wire_sizes'> = {
  key: 'wire_sizes',
  label: 'Wire Sizes',
  items: [
    awg('12', 6530), awg('10', 10380), awg('8', 16510), awg('6', 26240), awg('4', 41740), awg('3', 52620),
    awg('2', 66360), awg('1', 83690), awg('1/0', 105600), awg('2/0', 133100), awg('3/0', 167800), awg('4/0', 211600),
    kcmil(250), kcmil(300), kcmil(350), kcmil(400), kcmil(500), kcmil(600),
  ],
};

/** Spec §9: exposure categories B, C, D (ASCE 7 §26.7). */
export const EXPOSURE_CATEGORIES: TypedOptionList<OptionItem, 'exposure_categories'> = {
  key: 'exposure_categories',
  label: 'Exposure Categories',
  items: C.EXPOSURE_CATEGORIES.map(same),
};

const SITE_CLASS_NAMES: Record<C.SiteClass, string> = {
  A: 'Hard Rock', B: 'Rock', C: 'Very Dense Soil and Soft Rock', D: 'Stiff Soil', E: 'Soft Clay Soil',
  F: 'Soils Requiring Site Response Analysis',
};
/** Spec §9 "A to F": ASCE 7-16 §20.3 site classes. */
export const SOIL_CLASSES: TypedOptionList<OptionItem, 'soil_classes'> = {
  key: 'soil_classes',
  label: 'Soil / Site Classes',
  items: C.SITE_CLASSES.map((c) => ({ value: c, label: `${c} - ${SITE_CLASS_NAMES[c]}` })),
};

/** Spec §9 "A, B, C, D, D0, D1, D2, E": the IBC/IRC seismic design categories (D0–D2 are the IRC's). */
export const SEISMIC_DESIGN_CATEGORIES: TypedOptionList<OptionItem, 'seismic_design_categories'> = {
  key: 'seismic_design_categories',
  label: 'Seismic Design Categories',
  items: C.SEISMIC_DESIGN_CATEGORIES.map(same),
};

export interface TrussTypeItem extends OptionItem {
  /** Members in one 2-D frame: each top chord/rafter counts 1, the bottom chord or tie 1, plus each web. 0 = drawn in the truss builder. */
  memberCount: number;
  /** A centre vertical from apex to bottom chord. */
  kingPost: boolean;
  /** Triangulated truss (true) or rafter framing analysed as beams (false). */
  truss: boolean;
}
const truss = (label: string, memberCount: number, kingPost: boolean, isTruss: boolean): TrussTypeItem => ({ ...same(label), memberCount, kingPost, truss: isTruss });
/** Spec §3 truss types, in its order; per-type values are ours (README). */
export const TRUSS_TYPES: TypedOptionList<TrussTypeItem, 'truss_types'> = {
  key: 'truss_types',
  label: 'Truss Types',
  items: [
    truss('Non Standard', 0, false, true),
    truss('Rafter', 2, false, false),
    truss('Kingpost', 4, true, true),
    truss('Collar Tie', 3, false, false),
    truss('Simple Fink', 5, false, true),
    truss('Queen', 5, false, true),
    truss('Fink', 7, false, true),
    truss('Howe', 8, true, true),
    truss('Fan', 9, false, true),
    truss('Modified Queen', 7, false, true),
    truss('Double Fink', 11, false, true),
    truss('Double Howe', 12, true, true),
    truss('Purlin', 4, false, false),
  ],
};

/** Every list, keyed; the API seeds its option-list tables from this and serves the spec §7 routes. */
export const OPTION_LISTS = [
  CONNECTION_TYPES, STATES, CANADIAN_PROVINCES, STRUCTURE_TYPES, GYPSUM_TYPES, ROOF_MATERIALS,
  MATERIAL_GRADES, BEAM_SHAPES, RACKING_BRANDS, RACKING_TYPES, OPTIMIZER_TYPES, INVERTER_TYPES,
  MODULE_TYPES, BATTERY_TYPES, MCI_TYPES, MICROGRID_CONTROLLER_TYPES, AC_DISCONNECT_TYPES,
  PRODUCTION_METER_TYPES, WIRE_SIZES, EXPOSURE_CATEGORIES, SOIL_CLASSES, SEISMIC_DESIGN_CATEGORIES,
  TRUSS_TYPES,
] as const;
export type OptionListKey = (typeof OPTION_LISTS)[number]['key'];

/** The option-list routes of spec §7 (GET /connection-types, …) → list key. */
export const OPTION_LIST_ROUTES = {
  'connection-types': 'connection_types',
  states: 'states',
  'structure-types': 'structure_types',
  'gypsum-types': 'gypsum_types',
  'roof-materials': 'roof_materials',
  'material-grades': 'material_grades',
  'beam-shapes': 'beam_shapes',
  'racking-types': 'racking_types',
  'optimizer-types': 'optimizer_types',
  'inverter-types': 'inverter_types',
  'module-types': 'module_types',
  'battery-types': 'battery_types',
  'mci-types': 'mci_types',
  'microgrid-controller-types': 'microgrid_controller_types',
} as const satisfies Record<string, OptionListKey>;

export function getOptionList(key: OptionListKey): TypedOptionList<OptionItem> {
  const list = OPTION_LISTS.find((l) => l.key === key);
  if (!list) throw new Error(`Unknown option list ${key}`);
  return list as TypedOptionList<OptionItem>;
}
