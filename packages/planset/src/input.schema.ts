import { z } from 'zod';
import { ZReport } from '@sunstamp/engineering/report.schema';
import { DISCIPLINES } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { ATTACHMENT_KINDS } from '@sunstamp/domain/design/attachment-type.rules';
import { ROOF_FACES } from '@sunstamp/domain/jobs/cad-intake.schema';
import { ZPoint, ZPolygon, ROOF_EDGE_KINDS, ZRoofEdgeKind, TRUSS_TYPES, ZFraming, ZRoofPlane, ZOrientation, ZPlacedModule, EQUIPMENT_LOCATION_KINDS, ZEquipmentLocation, ZDesignModel } from '@sunstamp/domain/design/design-model.schema';
import type { DesignModel, EquipmentLocation, Orientation, PlacedModule, Point, RoofEdgeKind, RoofPlane } from '@sunstamp/domain/design/design-model.schema';

/*
 * PlanSetInput: everything one render needs, and nothing it must fetch. The API assembles it from the
 * job, its design model (roof planes, modules, strings), the resolved requirements, the engineering report, the
 * equipment models with their datasheet bytes, the company, the contractor, the revisions and the
 * stamp images; the renderer is a pure function of it (same input → same bytes, see input.hash.ts).
 *
 * Units are in the names or documented per field: site and roof geometry in feet (plan view, x east,
 * y north), module and framing sizes in inches, angles in degrees.
 */

const bytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'expected bytes (Uint8Array)');
const finite = () => z.number().finite();
const positive = () => z.number().finite().positive();

// ---------------------------------------------------------------------------------------------- job

export const ZFireCode = z.object({
  /** The code whose rooftop access rules the AHJ enforces: IRC R324.6 or IFC 605.11 / 1204 / 1205. */
  code: z.enum(['IRC', 'IFC']),
  edition: z.enum(['2012', '2015', '2018', '2021', '2024']),
  /** Dwelling with an NFPA 13/13D/13R sprinkler system (IRC R324.6.2.1 / IFC 1205.2.1.2). */
  sprinklered: z.boolean().default(false),
});
export type FireCode = z.infer<typeof ZFireCode>;

export const ZParcelInfo = z.object({
  parcel_id: z.string().optional(),
  county_name: z.string().optional(),
  muni_name: z.string().optional(),
  zoning: z.string().optional(),
  acreage_calc: z.number().optional(),
  bldg_sqft: z.number().optional(),
  roof_height: z.number().optional(),
  legal_desc1: z.string().optional(),
});

/** The dynamic CAD fields of spec §3 as the job holds them (filled when a requirement asks for them). */
export const ZDynamicCadValues = z.object({
  asphalt_shingle_layers: z.number().int().min(0).optional(),
  case_number: z.string().optional(),
  tmk: z.string().optional(),
  site_id: z.string().optional(),
  num_stories: z.number().int().min(1).optional(),
  building_permit_number: z.string().optional(),
  utility_program: z.string().optional(),
  parcel_info: ZParcelInfo.optional(),
});

export const ZPlanSetJob = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  clientName: z.string().min(1),
  address: z.object({ street: z.string().min(1), city: z.string().min(1), state: z.string().min(2), zip: z.string().min(1) }),
  latitude: finite().optional(),
  longitude: finite().optional(),
  ahjName: z.string().min(1),
  utilityName: z.string().min(1),
  utilityMeterNumber: z.string().optional(),
  /** The drawing date printed on every sheet (the renderer has no clock). ISO date. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  drawnBy: z.string().min(1),
  /** Codes the AHJ adopted, as printed on PV-1, e.g. building "2021 IRC", fire "2021 IFC". */
  codes: z.object({
    building: z.string().min(1),
    residential: z.string().optional(),
    existingBuilding: z.string().optional(),
    fire: z.string().min(1),
    structural: z.string().optional(),
    /** Others the AHJ names (state amendments, local ordinances). */
    other: z.array(z.string()).default([]),
  }),
  fireCode: ZFireCode,
  designCriteria: z.object({
    occupancy: z.string().default('R-3'),
    constructionType: z.string().default('V-B'),
    zoning: z.string().optional(),
    windSpeedMph: positive(),
    exposure: z.enum(['B', 'C', 'D']),
    groundSnowLoadPsf: z.number().min(0),
    riskCategory: z.string().default('II'),
  }),
  /** Least text height the AHJ accepts on a sheet, points (San Francisco: 10 pt; 1/8 in = 9 pt). */
  minTextPt: z.number().min(4).max(14).default(7),
  roofType: z.enum(['Gable Roof', 'Hip Roof', 'Flat Roof']).default('Gable Roof'),
  servicesRequested: z.array(z.string()).default([]),
  dynamic: ZDynamicCadValues.default({}),
  /** Facts the sticker logic needs that the report does not carry. */
  backup: z.enum(['Non-Backup', 'Whole Home', 'Partial Home']).default('Non-Backup'),
  existingSolar: z.boolean().default(false),
  /**
   * The existing PV system (issue 25, finding 6; with existingSolar): its rapid-shutdown type, as the report
   * was calculated with (the engine's existingPv), and the roof faces its array is on, by the compass
   * direction they face. PV-5 draws its array on the placards' roof diagrams on the design's planes facing so.
   */
  existingPv: z.object({
    rapidShutdown: z.enum(['array-level', 'conductor-level', 'none']),
    faces: z.array(z.enum(ROOF_FACES)).min(1),
  }).optional(),
  groundMount: z.boolean().default(false),
  hasSubpanel: z.boolean().default(false),
  /**
   * A main panel upgrade as ordered (issue 25): the existing panel and the new one. The report is
   * calculated on the new panel; PV-1's scope and PV-4 print both, and a report on another busbar is refused.
   */
  panelUpgrade: z.object({ existingBusbarA: positive(), existingMainA: positive(), newBusbarA: positive(), newMainA: positive(), model: z.string().min(1) }).optional(),
});
export type PlanSetJob = z.infer<typeof ZPlanSetJob>;

// The design model is the domain's (the API stores it and the web edits it); the plan set reads it from there.
export { ZPoint, ZPolygon, ROOF_EDGE_KINDS, ZRoofEdgeKind, TRUSS_TYPES, ZFraming, ZRoofPlane, ZOrientation, ZPlacedModule, EQUIPMENT_LOCATION_KINDS, ZEquipmentLocation, ZDesignModel };
export type { DesignModel, EquipmentLocation, Orientation, PlacedModule, Point, RoofEdgeKind, RoofPlane };

// ---------------------------------------------------------------------------------------------- requirements

/** The resolved requirements as packages/domain resolveRequirements answers them (ZResolvedRequirements). */
export const ZPlanSetRequirements = z.object({
  values: z.record(z.string(), z.object({
    key: z.string(),
    value: z.unknown(),
    source: z.enum(['default', 'company', 'utility', 'ahj']),
    on: z.boolean(),
    suppressedBy: z.array(z.string()).optional(),
  })),
  dynamicCadFields: z.array(z.string()),
  contractorStamp: z.object({ removed: z.boolean(), removedBy: z.array(z.string()) }),
});
export type PlanSetRequirements = z.infer<typeof ZPlanSetRequirements>;

// ---------------------------------------------------------------------------------------------- equipment

const datasheet = bytes.optional();
export const ZPlanSetEquipment = z.object({
  module: z.object({
    manufacturer: z.string().min(1), model: z.string().min(1), pmaxW: positive(), vocV: positive(), iscA: positive(),
    vmpV: positive(), impA: positive(), lengthIn: positive(), widthIn: positive(), weightLb: positive(), datasheet,
  }),
  inverter: z.object({
    manufacturer: z.string().min(1), model: z.string().min(1),
    /** Spec §9 inverter types. */
    type: z.enum(['String Inverter', 'Microinverter', 'Dual Microinverter', 'True String Inverter']),
    count: z.number().int().positive(), ratedOutputW: positive(), maxContinuousOutputA: positive(), nominalAcV: positive(),
    datasheet,
  }),
  optimizer: z.object({ manufacturer: z.string(), model: z.string(), count: z.number().int().positive(), datasheet }).optional(),
  battery: z.object({ manufacturer: z.string(), model: z.string(), count: z.number().int().positive(), energyKwh: positive(), datasheet }).optional(),
  racking: z.object({
    manufacturer: z.string(), railModel: z.string(),
    /** The attachment's model where the catalogue names one (never the rail's); empty: the attachment's kind is printed alone. */
    attachmentModel: z.string(),
    flashing: z.string(), lagDiameterIn: positive(), lagEmbedmentIn: positive(), datasheet,
    /** Each array's attachment (domain attachment-type.rules: the roofing and the job's choice); absent: the roofing's usual one. */
    attachments: z.array(z.object({
      arrayId: z.string().min(1), kind: z.enum(ATTACHMENT_KINDS), name: z.string().min(1), intoFraming: z.boolean(), penetrating: z.boolean(), custom: z.boolean().optional(),
    })).default([]),
  }),
  combiner: z.object({ manufacturer: z.string(), model: z.string(), ratingA: positive(), datasheet }).optional(),
  acDisconnect: z.object({ manufacturer: z.string(), model: z.string(), datasheet }).optional(),
  productionMeter: z.object({ manufacturer: z.string(), model: z.string(), datasheet }).optional(),
  rapidShutdown: z.object({ manufacturer: z.string(), model: z.string(), datasheet }).optional(),
});
export type PlanSetEquipment = z.infer<typeof ZPlanSetEquipment>;

// ---------------------------------------------------------------------------------------------- parties, revisions, files

export const ZPlanSetCompany = z.object({
  name: z.string().min(1), address: z.string().min(1), phone: z.string().min(1), email: z.string().optional(),
  /** PNG or JPEG. */
  logo: bytes.optional(),
});
export const ZPlanSetContractor = z.object({
  name: z.string().min(1), address: z.string().min(1), phone: z.string().min(1), licenseNum: z.string().min(1),
});
export const ZRevision = z.object({
  number: z.number().int().min(0), date: z.string(), description: z.string().min(1), reason: z.string().optional(),
});

/** Bytes of the files requirements reference (by requirement key), and photos. */
export const ZPlanSetFile = z.object({ name: z.string().min(1), bytes });
export type PlanSetFile = z.infer<typeof ZPlanSetFile>;

export const ZPlanSetInput = z.object({
  job: ZPlanSetJob,
  design: ZDesignModel,
  requirements: ZPlanSetRequirements,
  report: ZReport,
  equipment: ZPlanSetEquipment,
  company: ZPlanSetCompany,
  contractor: ZPlanSetContractor,
  revisions: z.array(ZRevision).default([]),
  stamps: z.object({
    /** The contractor_stamp requirement's image (PNG/JPEG). */
    contractor: bytes.optional(),
    /**
     * The PE seals the set needs (the job's CAD Stamp services, the stamp requirements that are on)
     * and the pages the requirements list for each (empty: the default coverage, seals/seal-coverage.ts).
     * The set is drawn as a draft with a marked box where each seal goes; the engineer seals it later.
     */
    sealAreas: z.array(z.object({ discipline: z.enum(DISCIPLINES), pages: z.array(z.string()).default([]) })).default([]),
  }).prefault({}),
  /** Files of file requirements: cut_sheet_pv8a, cut_sheet_pv11…20, noa_cut_sheets, ul_1703_cut_sheets, elevation_detail_file. */
  requirementFiles: z.record(z.string(), z.array(ZPlanSetFile)).default({}),
  /** The CAD intake's attic and electrical photos (PNG/JPEG), for PV-5A. */
  sitePhotos: z.object({ attic: z.array(ZPlanSetFile).default([]), electrical: z.array(ZPlanSetFile).default([]) }).default({ attic: [], electrical: [] }),
});
export type PlanSetInput = z.infer<typeof ZPlanSetInput>;
export type PlanSetInputRaw = z.input<typeof ZPlanSetInput>;
