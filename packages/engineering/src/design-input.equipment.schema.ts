import { z } from 'zod';
import { positive } from './design-input.common.schema.ts';

/** The design input's equipment: module, inverter, optimizer, battery, backup equipment (design-input.schema.ts). */

export const ZModule = z.strictObject({
  model: z.string().min(1),
  pmaxW: positive(),
  vocV: positive(),
  iscA: positive(),
  vmpV: positive(),
  impA: positive(),
  /** Voc temperature coefficient, %/°C (negative for silicon). Omitted: Table 690.7(A) governs. */
  vocTempCoeffPctPerC: z.number().min(-1).max(0).optional(),
  technology: z.enum(['crystalline', 'thin-film']).default('crystalline'),
  lengthIn: positive(),
  widthIn: positive(),
  weightLb: positive(),
  maxSystemVoltageV: positive().default(1000),
  maxSeriesFuseA: positive().default(20),
});

export const ZInverter = z.strictObject({
  model: z.string().min(1),
  kind: z.enum(['string', 'micro']),
  /** String inverters: how many. Micro-inverters: derived from the branch circuits. */
  count: z.number().int().positive().default(1),
  /** Continuous (rated) AC output current of one unit, A. */
  continuousOutputCurrentA: positive(),
  ratedOutputW: positive(),
  nominalAcVoltageV: positive().default(240),
  maxDcInputVoltageV: positive().optional(),
  /** Largest OCPD the listing permits on the output, A. */
  maxOcpdA: positive().optional(),
  /** Micro-inverters: modules per unit (2 for dual micro-inverters). */
  modulesPerUnit: z.number().int().positive().default(1),
  /** Micro-inverters: manufacturer's maximum units per branch at the nominal voltage. */
  maxUnitsPerBranch: z.number().int().positive().optional(),
  /** Micro-inverters: largest branch OCPD the trunk cable and units are listed for. */
  maxBranchOcpdA: positive().default(20),
});

export const ZOptimizer = z.strictObject({
  model: z.string().min(1),
  maxOutputCurrentA: positive(),
  maxOutputVoltageV: positive(),
  maxInputVoltageV: positive().optional(),
  /** String voltage limit stated by the inverter/optimizer instructions (690.7(B)), V. */
  maxStringVoltageV: positive().optional(),
  /**
   * Largest OCPD the optimizer's output is listed for, A (690.9(A)): the back-fed current of parallel
   * optimizer strings is compared with it. Omitted: the module's maximum series fuse is used.
   */
  maxSeriesFuseA: positive().optional(),
  /** Fixed operating string voltage of the optimizer system, V (used for voltage drop). */
  stringOperatingVoltageV: positive().default(380),
});

/**
 * The energy storage system (Article 706; batteries also Article 480). AC-coupled: a battery with its
 * own inverter, on an AC circuit of its own (`runs[].carries.kind = 'battery'`), whose continuous output
 * adds to the sources at the busbar. DC-coupled: batteries on the DC side of a hybrid (multimode)
 * inverter, on a DC circuit (`'battery-dc'`); the inverter's output is the only AC source.
 */
export const ZBattery = z.strictObject({
  model: z.string().min(1),
  count: z.number().int().positive().default(1),
  coupling: z.enum(['ac', 'dc']).default('ac'),
  /** AC-coupled: continuous AC output current of one unit, A (required for AC coupling). */
  continuousOutputCurrentA: positive().optional(),
  ratedOutputW: positive().optional(),
  /** Nominal voltage of the ESS, V (the DC voltage for DC coupling): printed on the ESS disconnect marking (706.7(D); 706.15(C)). */
  nominalVoltageV: positive().optional(),
  /** DC-coupled: nameplate-rated (maximum continuous) current of one unit's DC circuit, A (706.20(A)(1); 706.30(A)(1)). */
  maxContinuousCurrentA: positive().optional(),
  /** Usable energy of one unit, kWh (for the directory and the plan set). */
  energyKwh: positive().optional(),
});

/**
 * Backup (optional standby, Article 702) of an energy storage system: the transfer equipment (702.5),
 * whole-home (it transfers the whole service) or partial (a backup loads panel), where the power sources
 * land (705.12 is checked on that busbar), and how the transferred load is known (702.4: the full load,
 * or the maximum a load management system connects).
 */
export const ZBackup = z.strictObject({
  kind: z.enum(['whole-home', 'partial']),
  transferEquipment: z.strictObject({
    model: z.string().min(1),
    /** Continuous rating of the transfer equipment, A. */
    ratingA: positive(),
    /** Busbar of the transfer equipment, A: needed when the sources land on it. */
    busbarA: positive().optional(),
    /** Its main (service) breaker, A, when it has one; whole-home default: service.mainBreakerA. */
    mainBreakerA: positive().optional(),
  }),
  /** Partial backup: the backup loads panel and the breaker that supplies it (its main). */
  backupPanel: z.strictObject({ busbarA: positive(), supplyBreakerA: positive(), sumOfBranchBreakersA: positive().optional() }).optional(),
  /** Busbar where the PV inverter output and the AC-coupled battery are connected. */
  sourcesConnectTo: z.enum(['main-panel', 'transfer-equipment', 'backup-panel']),
  /** A load management (energy management) system limits the load the standby source picks up (702.4; 750.30). */
  loadManagement: z.boolean().default(false),
  /** With load management: the most load it will connect, A. */
  managedLoadA: positive().optional(),
  /** Partial backup without load management: the calculated load of the backup loads panel, A (Article 220). */
  backedUpLoadA: positive().optional(),
});

export const ZEquipment = z.strictObject({
  module: ZModule,
  inverter: ZInverter,
  optimizer: ZOptimizer.optional(),
  battery: ZBattery.optional(),
  /** Rapid shutdown equipment on string inverters without optimizers. */
  rapidShutdownDevice: z.enum(['mlpe', 'array-boundary', 'none']).optional(),
  /** Module-level rapid shutdown device: its maximum input (one module's) voltage, V; checked against Voc at T_min (110.3(B)). */
  rapidShutdownDeviceMaxInputVoltageV: positive().optional(),
});
