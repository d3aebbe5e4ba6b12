import { z } from 'zod';
import { positive, ZInterconnectionMethod } from './design-input.common.schema.ts';
import { ZBackup } from './design-input.equipment.schema.ts';

/** The design input's service: the panel and service ratings, the interconnection wanted, the dwelling load calculation (design-input.schema.ts). */

/** One load at its nameplate rating, VA (watts for resistive loads). */
export const ZLoadItem = z.strictObject({ name: z.string().min(1), va: z.number().min(0) });

/**
 * NEC 220.82 (optional method, dwelling unit): every load of the dwelling. General loads (B): 3 VA per
 * ft² of floor area, 1500 VA per small-appliance and laundry circuit, the nameplate of every appliance
 * fastened in place, permanently connected or on a specific circuit (ranges, ovens, cooktops, dryers
 * not on the laundry circuit, water heaters, EV chargers…) and of every permanently connected motor;
 * heating and air conditioning (C) separately, the largest of its six selections.
 */
export const ZLoadCalc22082 = z.strictObject({
  method: z.literal('220.82'),
  /** Floor area by outside dimensions, ft² (220.82(B)(1): 3 VA/ft²). */
  floorAreaFt2: positive(),
  /** 20 A small-appliance branch circuits (210.11(C)(1) requires at least two). */
  smallApplianceCircuits: z.number().int().min(2),
  /** Laundry branch circuits (210.11(C)(2)). */
  laundryCircuits: z.number().int().min(0),
  /** 220.82(B)(3): appliances at nameplate (not heating or air conditioning: those go in heatingAndCooling). */
  appliances: z.array(ZLoadItem).default([]),
  /** 220.82(B)(4): permanently connected motors not included in the appliances. */
  motors: z.array(ZLoadItem).default([]),
  /** 220.82(C): nameplate ratings, VA. Zero where the dwelling has none. */
  heatingAndCooling: z
    .strictObject({
      /** (C)(1) air conditioning and cooling, including a heat pump's cooling. */
      airConditioningVa: z.number().min(0).default(0),
      /** (C)(2)/(C)(3) heat pump compressor. */
      heatPumpVa: z.number().min(0).default(0),
      /** (C)(3) supplementary electric heat of a central heat pump system (taken at 65 %). */
      heatPumpSupplementalHeatVa: z.number().min(0).default(0),
      /** (C)(3) the compressor cannot run with the supplementary heat (it is then not added). */
      heatPumpCompressorInterlocked: z.boolean().default(false),
      /** (C)(4)/(C)(5) electric space heating (65 % below four separately controlled units, 40 % at four or more). */
      spaceHeatingVa: z.number().min(0).default(0),
      /** Separately controlled space-heating units; required when spaceHeatingVa > 0. */
      spaceHeatingUnits: z.number().int().min(1).optional(),
      /** (C)(6) electric thermal storage and other heating expected to run continuously at full nameplate (100 %). */
      thermalStorageHeatingVa: z.number().min(0).default(0),
    })
    .prefault({}),
});

/**
 * NEC 220.83 (existing dwelling unit, loads added): (A) when no air conditioning or electric space
 * heating is added — every existing and new load, including the existing heating and cooling among
 * the appliances; (B) when air conditioning or electric space heating is added or replaced by larger
 * units — give addedHeatingOrCooling (the dwelling's air conditioning and space heating after the
 * change) and leave them out of the appliances.
 */
export const ZLoadCalc22083 = z.strictObject({
  method: z.literal('220.83'),
  floorAreaFt2: positive(),
  smallApplianceCircuits: z.number().int().min(2),
  laundryCircuits: z.number().int().min(0),
  /** Existing and new appliances at nameplate (fastened in place, permanently connected, on a specific circuit). */
  appliances: z.array(ZLoadItem).default([]),
  addedHeatingOrCooling: z
    .strictObject({
      airConditioningVa: z.number().min(0).default(0),
      /** Central electric space heating, or fewer than four separately controlled units (both at 100 %). */
      spaceHeatingVa: z.number().min(0).default(0),
    })
    .optional(),
});

/**
 * NEC 220.87 (existing installation, measured demand): the highest 15-minute average demand of the
 * service over 12 months (or, by the exception, over at least 30 days of continuous recording),
 * taken at 125 %, plus the new loads. Give the demand in amperes (highest loaded phase) or in kW
 * (converted at the service voltage, unity power factor), not both.
 */
export const ZLoadCalc22087 = z.strictObject({
  method: z.literal('220.87'),
  maxDemandA: positive().optional(),
  maxDemandKw: positive().optional(),
  dataPeriod: z.enum(['12-months', '30-days']),
  /** The service already has a renewable source (PV, wind) or peak-load shaving: 220.87 may not be used. */
  existingRenewableOrPeakShaving: z.boolean(),
  /** Loads added by this job, VA. */
  newLoads: z.array(ZLoadItem).default([]),
});

export const ZLoadCalculation = z.discriminatedUnion('method', [ZLoadCalc22082, ZLoadCalc22083, ZLoadCalc22087]);
export type LoadCalculationInput = z.output<typeof ZLoadCalculation>;

export const ZService = z.strictObject({
  mainBreakerA: positive(),
  busbarA: positive(),
  serviceA: positive().optional(),
  /**
   * Ampacity of the existing service conductors, A: from NEC 2020 the supply-side rule (705.11(A))
   * compares the sources' continuous output current with it. Omitted: the service rating stands in.
   */
  serviceConductorAmpacityA: positive().optional(),
  /**
   * 230.79(C): a one-family dwelling's service disconnect is rated at least 100 A (230.79(D): 60 A
   * otherwise); a main breaker derate never goes below it. Omitted: true when site.occupancy is dwelling.
   */
  oneFamilyDwelling: z.boolean().optional(),
  panelFeed: z.enum(['end-fed', 'center-fed']).default('end-fed'),
  /** Sum of all breakers on the busbar except the main, A (for the sum-of-breakers rule). */
  sumOfBranchBreakersA: positive().optional(),
  /** Ampacity of the feeder a load-side tap would land on, A. */
  feederAmpacityA: positive().optional(),
  /** OCPD on the load side of a load-side tap protecting the rest of the feeder, A. */
  loadSideOcpdA: positive().optional(),
  /**
   * Calculated load (Article 220), A, worked out elsewhere: checked against a derated main breaker.
   * The report cannot show its steps; prefer loadCalculation. Not together with loadCalculation.
   */
  calculatedLoadA: positive().optional(),
  /**
   * The dwelling load calculation the engine works out step by step (NEC 220.82, 220.83 or 220.87):
   * a main breaker derate needs it (or calculatedLoadA), and the result is checked against the rating
   * of the service after the interconnection.
   */
  loadCalculation: ZLoadCalculation.optional(),
  preferredMethod: ZInterconnectionMethod.optional(),
  /**
   * The preferred method is what the job orders (issue 25): when it does not fit or is not allowed,
   * the interconnection check fails with the reason instead of proposing another method.
   */
  preferredMethodIsOrder: z.boolean().default(false),
  nominalVoltageV: positive().default(240),
  /** Energy storage backup: transfer equipment, whole-home or partial, where the sources land (issue 26). */
  backup: ZBackup.optional(),
  /**
   * Where each power source's disconnecting means is, as the 705.10 directory names it (e.g. "Exterior,
   * south wall, beside the meter"). Omitted: the directory names the source only and the plan set's map
   * shows where it is.
   */
  disconnectLocations: z
    .strictObject({ service: z.string().min(1).optional(), pvSystem: z.string().min(1).optional(), energyStorage: z.string().min(1).optional() })
    .optional(),
});
