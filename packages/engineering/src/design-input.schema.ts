import { z } from 'zod';
import { positive, ZAsceEdition, ZConductorType, ZConduitType, ZNecEdition, ZRoofZone, ZTradeSize, ZWireSize } from './design-input.common.schema.ts';
import { ZEquipment } from './design-input.equipment.schema.ts';
import { ZService } from './design-input.service.schema.ts';

// The input is defined in four files, one per part, and offered whole from here: the shared vocabulary
// (design-input.common.schema.ts), the equipment (design-input.equipment.schema.ts), the service and load
// calculation (design-input.service.schema.ts); the site, arrays, circuits, requirements and the whole below.
export * from './design-input.common.schema.ts';
export * from './design-input.equipment.schema.ts';
export * from './design-input.service.schema.ts';

export const ZSite = z.strictObject({
  /** Extreme annual mean minimum design dry-bulb temperature (ASHRAE), °C: used for Voc (690.7). */
  designMinTempC: z.number().min(-60).max(40),
  /** 2 % (or 0.4 %) annual design dry-bulb temperature (ASHRAE), °C: the ambient for ampacity. */
  highAmbientTempC: z.number().min(0).max(60),
  /** Basic wind speed V (3-s gust, mph) for the risk category, from the edition's maps. */
  windSpeedMph: positive(),
  exposure: z.enum(['B', 'C', 'D']),
  /**
   * Ground snow load pg, psf, as the AHJ gives it or from the edition's map. ASCE 7-22: the
   * risk-category, strength-level value (ASCE Hazard Tool), used with 0.7 S in the ASD combinations.
   */
  groundSnowLoadPsf: z.number().min(0),
  /** Mean roof height h, ft; 29.4.4 and the C&C figures used here cover h ≤ 60 ft. */
  meanRoofHeightFt: positive().max(60),
  riskCategory: z.enum(['I', 'II', 'III', 'IV']).default('II'),
  /** Ground elevation above sea level, ft (for Ke); omitted means Ke = 1.0, always permitted. */
  groundElevationFt: z.number().min(-300).max(15000).optional(),
  topographicFactorKzt: positive().default(1),
  snowExposure: z.enum(['fully-exposed', 'partially-exposed', 'sheltered']).default('partially-exposed'),
  thermalCondition: z.enum(['heated', 'cold-ventilated', 'unheated', 'freezer', 'greenhouse']).default('heated'),
  /**
   * ASCE 7-22 only: the thermal factor Ct of a heated building's unventilated roof, 1.0–1.2 from the
   * roof's R-value and pg (Table 7.3-3); required for 7-22 with thermalCondition 'heated'. Refused for
   * other editions (their Ct comes from Table 7.3-2).
   */
  thermalFactorCt: z.number().min(0.8).max(1.3).optional(),
  /**
   * ASCE 7-22 only: pm,max of Table 7.3-4 for the risk category, psf (the minimum snow load on slopes
   * below 15° is min(pg, pm,max)); required for 7-22 where an array or its roof slopes less than 15°.
   */
  minimumSnowLoadMaxPsf: z.number().positive().optional(),
  /** 690.7 limit: 600 V for one- and two-family dwellings, 1000 V otherwise. */
  occupancy: z.enum(['dwelling', 'other']).default('dwelling'),
  codes: z
    .strictObject({
      /**
       * The requirement dwg_electrical_code. 'NEC' is calculated. 'CEC' is what Sunstamp's plan sets
       * print as the California Electrical Code (the NEC edition California adopts): the engine does
       * not calculate California amendments and refuses it, naming the choice. 'CSA C22.1' is the
       * Canadian Electrical Code, Part I — a distinct key so "CEC" is never read as Canadian; its
       * edition is `csa`. Its conductor rules are in electrical/csa-conductor.calc.ts; the rest of a
       * Canadian design is refused by name (EngineRefusalError 'electrical-code-not-supported').
       */
      electricalCode: z.enum(['NEC', 'CEC', 'CSA C22.1']).default('NEC'),
      /** CSA C22.1 edition (2021 = 25th ed., 2024 = 26th ed.); required with electricalCode 'CSA C22.1', refused otherwise. */
      csa: z.enum(['2021', '2024']).optional(),
      nec: ZNecEdition.default('2020'),
      asce: ZAsceEdition.default('7-16'),
      iebc: z.enum(['2015', '2018', '2021', '2024']).default('2018'),
    })
    .prefault({}),
  /** Spec §9 structural methods. */
  structuralMethod: z.enum(['prescriptive', 'forte', 'skyciv']).default('prescriptive'),
});


export const ZFraming = z.strictObject({
  kind: z.enum(['rafter', 'truss']).default('rafter'),
  size: z.enum(['2x4', '2x6', '2x8', '2x10', '2x12']).default('2x6'),
  spacingIn: positive().default(24),
  /** Horizontal spans of the framing member between supports, in. (spec array default [168]). */
  spansIn: z.array(positive()).min(1).default([168]),
  species: z.enum(['DF-L', 'SP', 'HF', 'SPF']).default('DF-L'),
  /** Visual grade (NDS Supplement Tables 4A/4B); No. 2 is the common assumption for existing framing. */
  grade: z.enum(['select-structural', 'no1', 'no2']).default('no2'),
  /**
   * Which framing facts staff have verified (site survey, attic photos, plans); the rest are printed as
   * assumed (issue 24, finding 3). 'roof-dead-load' marks the array's roofDeadLoadPsf as verified.
   */
  verified: z.array(z.enum(['size', 'spacing', 'spans', 'species', 'grade', 'roof-dead-load', 'panel-height'])).default([]),
  /** Module rows bearing on one member (spec num_panels_on_rafter). */
  panelsOnRafter: z.number().int().positive().default(2),
});

export const ZArray = z.strictObject({
  id: z.string().min(1),
  moduleCount: z.number().int().positive(),
  roofPitchDeg: z.number().min(0).max(45),
  azimuthDeg: z.number().min(0).max(360).default(180),
  roofType: z.enum(['gable', 'hip']).default('gable'),
  roofMaterial: z.string().default('asphalt-shingle'),
  orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  /** Worst roof zone any attachment of the array sits in (ASCE 7 Figures 30.3-2A–D / 30.4-2A–C). */
  windZone: ZRoofZone.default('3'),
  /**
   * ASCE 7-16/7-22 §29.4.4: h2, the height of the modules' top above the roof, in. (≤ 10 in. for the
   * section to apply); 6 in. is a flush mount's usual height, printed as assumed until verified.
   */
  panelHeightIn: z.number().positive().default(6),
  /**
   * The least distance, in., from any module of the array to a roof edge (eave, rake), gable ridge or hip
   * ridge as drawn (PV-2): §29.4.4 asks for at least 2 h2. Absent (no drawing), no edge check is made.
   */
  edgeDistanceIn: z.number().min(0).optional(),
  /** 29.4.4 exposed panel (γE = 1.5); conservative default. */
  exposedPanels: z.boolean().default(true),
  /** ASCE 7 §7.4 counts glass as slippery; use non-slippery where the array's lower edge is obstructed. */
  snowSurface: z.enum(['slippery', 'non-slippery']).default('slippery'),
  attachmentSpacingIn: positive().default(48),
  rail: z
    .strictObject({
      profile: z.enum(['light', 'standard', 'heavy']).default('standard'),
      /** The rail product (catalogue model), printed with its capacity. */
      model: z.string().min(1).optional(),
      /** The catalogue's allowable moment of the rail product, lb-ft (ASD). */
      allowableMomentLbFt: positive().optional(),
      /** Where allowableMomentLbFt comes from (the manufacturer's document), printed as the check's basis. */
      capacitySource: z.string().min(1).optional(),
      /** The rail maker's largest span between attachments for this site's wind, snow and exposure, in. */
      maxSpanIn: positive().optional(),
      /** Largest cantilever past the end attachment as a share of the allowed span (a common maker's limit: 40 %). */
      maxCantileverRatio: z.number().positive().max(1).default(0.4),
      /** The rail maker's largest cantilever, in., where it publishes one. */
      maxCantileverIn: positive().optional(),
      /** The document the cantilever limit (ratio or length) comes from, or why it is assumed: printed with the cantilever check. */
      cantileverSource: z.string().min(1).optional(),
      /** The document maxSpanIn comes from (the maker's span table for this site), printed with the span check. */
      maxSpanSource: z.string().min(1).optional(),
    })
    .prefault({}),
  /**
   * The rails as drawn on the roof plan (PV-2 and the DXF): for each rail its spans between
   * attachments and the cantilevers past its first and last attachment, in. Given, the rail,
   * cantilever, attachment-count and lag checks take these drawn values; absent, the spacing above
   * is taken as a simple span (a calculation without a layout).
   */
  rails: z.array(z.strictObject({
    id: z.string().min(1),
    attachments: z.number().int().min(0),
    spansIn: z.array(positive()).default([]),
    cantileversIn: z.tuple([z.number().min(0), z.number().min(0)]),
  }).refine((r) => r.spansIn.length === Math.max(0, r.attachments - 1), { message: 'a rail has one span fewer than attachments' })).min(1).optional(),
  /**
   * The roof attachment (packages/domain attachment-type.rules): fastened into the framing (lag
   * withdrawal checked), a seam clamp or deck mount (the maker's allowable uplift per attachment
   * checked), or ballast (a ballast calculation instead of rails and attachments).
   */
  attachment: z
    .strictObject({
      kind: z.enum(['flashed-lag', 'deck-mount', 'tile-hook', 'tile-replacement', 'seam-clamp', 'metal-bracket', 'membrane-mount', 'ballast']).default('flashed-lag'),
      /** The maker's allowable uplift per attachment (seam clamp, deck mount), lb (ASD). */
      allowableUpliftLb: positive().optional(),
      /** Ballast provided, psf of array area. */
      ballastPsf: z.number().min(0).optional(),
      /** The ballasted racking maker's design uplift pressure (wind tunnel, ASCE 7 §29.4.3 / Chapter 31), psf; else §29.4.4's. */
      designUpliftPsf: positive().optional(),
    })
    .prefault({}),
  /** Rails, clamps and attachments, psf of array area, beyond the modules' own weight. */
  rackingWeightPsf: z.number().min(0).default(0.5),
  framing: ZFraming.prefault({}),
  lag: z
    .strictObject({
      diameterIn: positive().default(0.3125),
      threadPenetrationIn: positive().default(2.5),
      perAttachment: z.number().int().positive().default(1),
    })
    .prefault({}),
  /**
   * The existing roof's dead load (roofing and sheathing), psf of roof surface, where staff know it;
   * omitted, it is the roofing's ASCE 7 Table C3-1 value plus sheathing (tables/roofing-dead-load), and a
   * roofing the table does not hold is refused asking for it.
   */
  roofDeadLoadPsf: z.number().min(0).optional(),
  roofLiveLoadPsf: z.number().min(0).default(20),
});

export const ZString = z.strictObject({
  id: z.string().min(1),
  arrayId: z.string().optional(),
  modulesInSeries: z.number().int().positive(),
  /** Identical strings in parallel, each on its own conductor pair unless combined. */
  parallel: z.number().int().positive().default(1),
});

export const ZBranchCircuit = z.strictObject({
  id: z.string().min(1),
  units: z.number().int().positive(),
});

export const ZRunCarries = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('strings'), ids: z.array(z.string()).min(1), combined: z.boolean().default(false) }),
  z.strictObject({ kind: z.literal('branches'), ids: z.array(z.string()).min(1) }),
  z.strictObject({ kind: z.literal('inverter-output'), includeBattery: z.boolean().default(false) }),
  z.strictObject({ kind: z.literal('battery') }),
  /** DC-coupled battery circuit between the batteries and the hybrid inverter (706.20/706.30). */
  z.strictObject({ kind: z.literal('battery-dc') }),
  /**
   * Partial backup: the feeder from the main panel's supply breaker to the backup side (transfer
   * equipment, backup loads panel). It carries the sources back and the backed-up loads forward, and is
   * protected by service.backup.backupPanel.supplyBreakerA.
   */
  z.strictObject({ kind: z.literal('backup-feeder') }),
  z.strictObject({ kind: z.literal('supply-side-tap') }),
]);

export const ZRun = z.strictObject({
  id: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  lengthFt: positive(),
  location: z.enum(['rooftop-raceway', 'free-air', 'attic', 'exterior', 'interior']),
  /** Rooftop runs: bottom of raceway above the roof, in. (below 7/8 in. adds 33 °C). */
  heightAboveRoofIn: z.number().min(0).default(1),
  /** Ambient override, °C (e.g. a measured attic temperature). */
  ambientTempC: z.number().min(-40).max(90).optional(),
  /** Omitted: requirements.conduitNaming; ignored for free-air runs. */
  conduit: ZConduitType.optional(),
  conductor: ZConductorType.optional(),
  /**
   * Stranding of the conductor installed (picks the Chapter 9 Table 8 column). PV Wire, and 8 AWG
   * and larger in a raceway (310.3(C); 2017 310.106(C)), are stranded whatever is entered here.
   * Omitted: solid for 14–10 AWG building wire, stranded otherwise.
   */
  stranding: z.enum(['solid', 'stranded']).optional(),
  carries: ZRunCarries,
  /**
   * Conductor metal (circuit conductors and EGC). Aluminium reads the aluminium columns of Table 310.16,
   * 240.4(D)(5)/(6), Table 250.122 and Chapter 9 Table 8; it is refused in free air (Table 310.17's
   * aluminium columns are not implemented). Omitted: copper.
   */
  material: z.enum(['copper', 'aluminum']).default('copper'),
  /** Aluminium runs: the terminations at both ends are identified for aluminium (marked AL/CU; 110.14). */
  terminalsIdentifiedForAluminum: z.boolean().optional(),
  currentCarryingConductors: z.number().int().positive().optional(),
  includeNeutral: z.boolean().optional(),
  /** Lowest temperature rating of the terminations at either end (110.14(C)). */
  terminalTempC: z.union([z.literal(60), z.literal(75), z.literal(90)]).default(75),
});


export const ZBeamSpanLimit = z.strictObject({ maxPanelsOnRafter: z.number().int().positive(), limitIn: positive() });

export const ZRequirements = z.strictObject({
  tapsNotAllowed: z.boolean().default(false),
  supplySideTapsNotAllowed: z.boolean().default(false),
  loadSideTapsNotAllowed: z.boolean().default(false),
  mbDerateNotAllowed: z.boolean().default(false),
  fusedAcDisconnectRequired: z.boolean().default(false),
  acDisconnect: z.enum(['not-required', 'always', 'over-10kw']).default('always'),
  productionMeter: z.enum(['none', 'always', 'over-10kw', 'over-20kw', 'solar-rewards']).default('none'),
  /** Empty means calculated by NEC rules (spec §3). */
  wireSizes: z
    .strictObject({ ac: ZWireSize.optional(), acGround: ZWireSize.optional(), dc: ZWireSize.optional(), dcGround: ZWireSize.optional() })
    .prefault({}),
  conduitNaming: ZConduitType.default('EMT'),
  /** conduit_sizing: smallest trade size to specify. */
  conduitMinTradeSize: ZTradeSize.default('3/4'),
  voltageDropLimitPct: positive().default(3),
  upsizeForVoltageDrop: z.boolean().default(true),
  /** stress_analysis: a 5 % letter is prohibited. */
  stressAnalysis: z.boolean().default(false),
  unreducedSnowLoad: z.boolean().default(false),
  /** Sunstamp span rule (decisions.md "Structural span limit"): admin-editable. */
  beamSpanLimits: z
    .array(ZBeamSpanLimit)
    .min(1)
    .default([
      { maxPanelsOnRafter: 1, limitIn: 240 },
      { maxPanelsOnRafter: 2, limitIn: 216 },
      { maxPanelsOnRafter: 99, limitIn: 192 },
    ]),
});

/**
 * Rapid-shutdown types of a PV system already on the building (issue 25, finding 6): 'array-level' shuts
 * down the array and the conductors leaving it (690.12 as from NEC 2017), 'conductor-level' only the
 * conductors more than 10 ft from the array (NEC 2014 690.12), 'none' (installed before NEC 2014).
 */
export const EXISTING_PV_RAPID_SHUTDOWN_TYPES = ['array-level', 'conductor-level', 'none'] as const;

/**
 * Solar already on the premises: its rapid-shutdown type decides whether the building has more than one
 * type (690.56(C)(2) in 2017, 690.56(C)(1) in 2020, 690.12(D)(1) in 2023: a placard per type with a plan
 * view of each system) and the 705.10 directory lists it as a second PV source.
 */
export const ZExistingPv = z.strictObject({
  rapidShutdown: z.enum(EXISTING_PV_RAPID_SHUTDOWN_TYPES),
  /** Where the existing system's disconnecting means is, as the 705.10 directory names it. */
  disconnectLocation: z.string().min(1).optional(),
});
export type ExistingPvInput = z.output<typeof ZExistingPv>;

/** The engineering engine's input. Units are in the field names; every default is documented. */
export const ZDesignInput = z.strictObject({
  projectName: z.string().default(''),
  site: ZSite,
  equipment: ZEquipment,
  arrays: z.array(ZArray).min(1),
  strings: z.array(ZString).default([]),
  branchCircuits: z.array(ZBranchCircuit).default([]),
  runs: z.array(ZRun).default([]),
  service: ZService,
  /** A PV system already on the premises (its own placard and a line of the 705.10 directory). */
  existingPv: ZExistingPv.optional(),
  requirements: ZRequirements.prefault({}),
});

export type DesignInput = z.output<typeof ZDesignInput>;
export type DesignInputRaw = z.input<typeof ZDesignInput>;
export type ArrayInput = DesignInput['arrays'][number];
export type RunInput = DesignInput['runs'][number];
