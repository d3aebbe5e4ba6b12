/**
 * Services requested (spec §9, codes from decisions.md). Every label is the spec's exact text.
 * A job stores codes; screens show labels.
 */
export const SERVICE_CODES = [
  'structural_roof_letter',
  'cad_stamp_structural',
  'cad_stamp_electrical',
  'structural_ground_mount_letter',
  'cad_packet',
  'wet_stamp',
  'post_install_letter',
  'wall_mounted_battery_letter',
  'electrical_load_calculations',
  'non_pv_design',
  'shade_report',
  'busbar_certification',
  'permit_submittal',
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];

export const SERVICE_LABELS: Record<ServiceCode, string> = {
  structural_roof_letter: 'Structural Roof Letter',
  cad_stamp_structural: 'CAD Stamp (Structural)',
  cad_stamp_electrical: 'CAD Stamp (Electrical)',
  structural_ground_mount_letter: 'Structural Ground Mount Letter',
  cad_packet: 'CAD Design',
  wet_stamp: 'Wet Stamp',
  post_install_letter: 'Post-Install Letter',
  wall_mounted_battery_letter: 'Wall Mounted Battery Letter',
  electrical_load_calculations: 'Electrical Load Calculations',
  non_pv_design: 'Non-PV Design',
  shade_report: 'Shade Report',
  busbar_certification: 'Busbar Certification',
  permit_submittal: 'Permit Submittal',
};

/**
 * The spec's §9 misspells this label; decisions.md ("Services requested") spells it "Commercial CAD
 * Design", which wins. Jobs store the code (`commercial_cad_design`), never the label.
 */
export const COMMERCIAL_CAD_DESIGN_LABEL = 'Commercial CAD Design';

/** The extra labels of spec §9; decisions.md gives no codes, so these codes are ours. */
export const EXTRA_SERVICE_CODES = [
  'cad_eng',
  'commercial_engineering',
  'commercial_electrical_evaluation',
  'large_residential_system',
  'custom_structural_ground_mount',
  'commercial_cad_design',
  'other',
] as const;
export type ExtraServiceCode = (typeof EXTRA_SERVICE_CODES)[number];

export const EXTRA_SERVICE_LABELS: Record<ExtraServiceCode, string> = {
  cad_eng: 'CAD/ENG',
  commercial_engineering: 'Commercial Engineering',
  commercial_electrical_evaluation: 'Commercial Electrical Evaluation',
  large_residential_system: 'Large Residential System',
  custom_structural_ground_mount: 'Custom Structural Ground Mount',
  commercial_cad_design: COMMERCIAL_CAD_DESIGN_LABEL,
  other: 'Other',
};

/** Spec §9: "(Revision) variants for all except post-install letter, wet stamp, permit submittal". */
export const SERVICES_WITHOUT_REVISION = ['post_install_letter', 'wet_stamp', 'permit_submittal'] as const;

type BaseServiceCode = ServiceCode | ExtraServiceCode;
type NoRevision = (typeof SERVICES_WITHOUT_REVISION)[number];
export type RevisionServiceCode = `${Exclude<BaseServiceCode, NoRevision>}_revision`;

export const REVISION_SUFFIX = '_revision';
export const REVISION_LABEL_SUFFIX = ' (Revision)';

// "All" is read as every service label, the extra ones included: a commercial job is revised too.
const BASE_LABELS: Record<BaseServiceCode, string> = { ...SERVICE_LABELS, ...EXTRA_SERVICE_LABELS };

export const REVISION_SERVICE_LABELS = Object.fromEntries(
  (Object.keys(BASE_LABELS) as BaseServiceCode[])
    .filter((c) => !(SERVICES_WITHOUT_REVISION as readonly string[]).includes(c))
    .map((c) => [`${c}${REVISION_SUFFIX}`, `${BASE_LABELS[c]}${REVISION_LABEL_SUFFIX}`]),
) as Record<RevisionServiceCode, string>;

export type AnyServiceCode = BaseServiceCode | RevisionServiceCode;

/** Every code a job's services_requested may hold, with its label, in display order. */
export const ALL_SERVICE_LABELS: Record<AnyServiceCode, string> = {
  ...BASE_LABELS,
  ...REVISION_SERVICE_LABELS,
};
export const ALL_SERVICE_CODES = Object.keys(ALL_SERVICE_LABELS) as AnyServiceCode[];

export function isServiceCode(code: string): code is AnyServiceCode {
  return Object.prototype.hasOwnProperty.call(ALL_SERVICE_LABELS, code);
}

/** The label for a stored code; unknown codes show as they are rather than disappearing. */
export function serviceLabel(code: string): string {
  return isServiceCode(code) ? ALL_SERVICE_LABELS[code] : code;
}

/** The service that raises the overdue threshold to 16 h (spec §4). */
export const CAD_PACKET: ServiceCode = 'cad_packet';
