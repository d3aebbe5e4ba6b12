/*
 * Dynamic CAD fields (spec §3): job facts a designer must enter when a requirement that asks for
 * them is on. Keys are the spec's, dotted paths included, so the job form can store them as given.
 */

export interface DynamicCadField {
  key: string;
  label: string;
  type: 'text' | 'int' | 'float' | 'files';
  /**
   * Issued after the plan set is approved (the building permit number): blank, the title block
   * prints a line to write it in and a plan-set run does not wait for it (docs/architecture.md,
   * "Plan sets: runs").
   */
  writeInWhenBlank?: boolean;
}

export const DYNAMIC_CAD_FIELDS = [
  { key: 'asphalt_shingle_layers', label: 'Asphalt Shingle Layers', type: 'int' },
  { key: 'cad_photos.attic_photos_on_cad', label: 'Attic Photos on CAD', type: 'files' },
  { key: 'cad_photos.electrical_photos_on_cad', label: 'Electrical Photos on CAD', type: 'files' },
  { key: 'case_number', label: 'Case Number', type: 'text' },
  { key: 'tmk', label: 'TMK (Tax Map Key)', type: 'text' },
  { key: 'site_id', label: 'Site ID', type: 'text' },
  { key: 'num_stories', label: 'Number of Stories', type: 'int' },
  { key: 'building_permit_number', label: 'Building Permit Number', type: 'text', writeInWhenBlank: true },
  { key: 'utility_program', label: 'Utility Program', type: 'text' },
  { key: 'parcel_info.parcel_id', label: 'Parcel ID', type: 'text' },
  { key: 'parcel_info.county_name', label: 'County', type: 'text' },
  { key: 'parcel_info.muni_name', label: 'Municipality', type: 'text' },
  { key: 'parcel_info.zoning', label: 'Zoning', type: 'text' },
  { key: 'parcel_info.acreage_calc', label: 'Acreage', type: 'float' },
  { key: 'parcel_info.bldg_sqft', label: 'Building Area (sq ft)', type: 'float' },
  { key: 'parcel_info.roof_height', label: 'Roof Height (ft)', type: 'float' },
  { key: 'parcel_info.legal_desc1', label: 'Legal Description', type: 'text' },
] as const satisfies readonly DynamicCadField[];
export type DynamicCadFieldKey = (typeof DYNAMIC_CAD_FIELDS)[number]['key'];

export const PARCEL_INFO_FIELDS: DynamicCadFieldKey[] = DYNAMIC_CAD_FIELDS.map((f) => f.key).filter((k) =>
  k.startsWith('parcel_info.'),
);
