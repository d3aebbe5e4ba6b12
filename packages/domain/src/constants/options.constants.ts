/** Fixed option lists of spec §9, exact wording. Lists kept in the database are not here. */

export const INVERTER_TYPES = [
  'String Inverter',
  'Microinverter',
  'Dual Microinverter',
  'True String Inverter',
] as const;
export type InverterType = (typeof INVERTER_TYPES)[number];

export const REPORT_FREQUENCIES = [
  'All',
  'Daily',
  'Weekly',
  'Biweekly',
  'Monthly',
  'Quarterly',
  'Biannually',
  'Yearly',
] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const ENCLOSURES = ['Enclosed', 'Partially Enclosed', 'Open'] as const;
export type Enclosure = (typeof ENCLOSURES)[number];

// §9 says "Gable, Hip, Flat" but the new-job default is "Gable Roof": the stored value has the suffix.
export const ROOF_TYPES = ['Gable Roof', 'Hip Roof', 'Flat Roof'] as const;
export type RoofType = (typeof ROOF_TYPES)[number];

export const ORIENTATIONS = ['Portrait', 'Landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Drywall (gypsum types). */
export const GYPSUM_TYPES = ['1/2"', '1/4"', '3/8"', '5/8"', 'Lath and Plaster', 'No Drywall'] as const;
export type GypsumType = (typeof GYPSUM_TYPES)[number];

export const EXPOSURE_CATEGORIES = ['B', 'C', 'D'] as const;
export type ExposureCategory = (typeof EXPOSURE_CATEGORIES)[number];

/**
 * The spec's "soil or site classes" are two lists: A, B, C, D, D0, D1, D2, E (the IRC seismic
 * design categories) and A to F (the ASCE 7 site classes).
 */
export const SEISMIC_DESIGN_CATEGORIES = ['A', 'B', 'C', 'D', 'D0', 'D1', 'D2', 'E'] as const;
export type SeismicDesignCategory = (typeof SEISMIC_DESIGN_CATEGORIES)[number];
export const SITE_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type SiteClass = (typeof SITE_CLASSES)[number];

export const JURISDICTION_TYPES = ['City', 'County', 'Region', 'Other'] as const;
export type JurisdictionType = (typeof JURISDICTION_TYPES)[number];

export const STRUCTURAL_METHODS = ['Prescriptive Method (5%)', 'Forte', 'SkyCiv'] as const;
export type StructuralMethod = (typeof STRUCTURAL_METHODS)[number];

export const BACKUP_TYPES = ['Non-Backup', 'Whole Home', 'Partial Home'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];

export const RAPID_SHUTDOWN_POSITIONS = [
  'Not Applicable',
  'Between Solar and Disconnect',
  'Between Disconnect and MSP',
] as const;
export type RapidShutdownPosition = (typeof RAPID_SHUTDOWN_POSITIONS)[number];

export const RACKING_BRANDS = ['Ironridge', 'Unirac', 'SnapNrack', 'Other'] as const;
export type RackingBrand = (typeof RACKING_BRANDS)[number];
/** Shown as "(recommended)" beside the option; the value itself stays "Ironridge". */
export const RECOMMENDED_RACKING_BRAND: RackingBrand = 'Ironridge';

export const GROUND_FOUNDATIONS = ['Concrete Foundation', 'Ground Screw'] as const;
export type GroundFoundation = (typeof GROUND_FOUNDATIONS)[number];

/** "Meter Main Combo and similar": the rest of the list is ours. */
export const PANEL_TYPES = [
  'Main Service Panel',
  'Meter Main Combo',
  'Main Lug Only',
  'Subpanel',
  'Center-Fed Panel',
  'Split Bus Panel',
  'Generation Panel',
] as const;
export type PanelType = (typeof PANEL_TYPES)[number];

/**
 * Interconnection methods. The spec shows only two ("PV Breaker in MSP", "Supply Side Tap in MSP")
 * and says there are about 37; the rest is our list of the methods NEC 705.11/705.12 allows and
 * installers ask for. Adding one is one line.
 */
export const INTERCONNECTION_METHODS = [
  'PV Breaker in MSP',
  'PV Breaker in MSP with Main Breaker Derate',
  'PV Breaker in MSP with Main Panel Upgrade',
  'PV Breaker in MSP with Power Control System',
  'PV Breaker in Meter Main Combo',
  'PV Breaker in Center-Fed MSP',
  'PV Breaker in Subpanel',
  'PV Breaker in Subpanel with Feeder Breaker Derate',
  'PV Breaker in New Subpanel',
  'PV Breaker in Generation Panel',
  'PV Breaker in AC Combiner Panel',
  'PV Breaker in Backup Loads Panel',
  'PV Breaker in Backup Gateway',
  'PV Breaker in Microgrid Interconnect Device',
  'PV Breaker in Smart Panel',
  'Backfed Main Breaker in Generation Panel',
  'Load Side Tap in MSP',
  'Load Side Tap in Meter Main Combo',
  'Load Side Tap in Subpanel',
  'Load Side Tap on Feeder to Subpanel',
  'Load Side Tap in Tap Box',
  'Load Side Tap in Backup Gateway',
  'Supply Side Tap in MSP',
  'Supply Side Tap in Meter Main Combo',
  'Supply Side Tap Between Meter and MSP',
  'Supply Side Tap in Meter Socket',
  'Supply Side Tap in Tap Box',
  'Supply Side Tap in Service Gutter',
  'Supply Side Tap with Main Panel Upgrade',
  'Supply Side Tap in Backup Gateway',
  'Supply Side Tap in CT Cabinet',
  'Meter Collar Adapter',
  'Line Side Lugs in Meter Main Combo',
  'Separate Service',
  'Microgrid Interconnect Device at Meter',
  'Off-Grid (No Interconnection)',
  'Other',
] as const;
export type InterconnectionMethod = (typeof INTERCONNECTION_METHODS)[number];
