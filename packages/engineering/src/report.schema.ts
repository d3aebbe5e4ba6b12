import { z } from 'zod';

export const ZCodeRef = z.object({
  /** NEC, ASCE 7, NDS, IEBC, IBC, Manufacturer, Sunstamp (a house rule, not a code). */
  code: z.string(),
  edition: z.string(),
  section: z.string(),
});
export type CodeRef = z.infer<typeof ZCodeRef>;

export const ZCheckValue = z.union([z.number(), z.string(), z.boolean()]);

export const ZCheckInput = z.object({
  name: z.string(),
  value: ZCheckValue,
  unit: z.string().optional(),
});
export type CheckInput = z.infer<typeof ZCheckInput>;

export const ZCheck = z.object({
  /** Stable id, e.g. "electrical.string.S1.voltage". */
  id: z.string(),
  title: z.string(),
  inputs: z.array(ZCheckInput),
  formula: z.string(),
  value: ZCheckValue,
  unit: z.string(),
  limit: z
    .object({ relation: z.enum(['<=', '>=', '<', '>', '=']), value: ZCheckValue, unit: z.string() })
    .nullable(),
  /** null: a computed quantity with nothing to pass or fail. */
  pass: z.boolean().nullable(),
  ref: ZCodeRef,
  /** What to change when the check fails. */
  remedy: z.string().optional(),
  notes: z.array(z.string()).optional(),
});
export type Check = z.infer<typeof ZCheck>;

export const ZSection = z.object({ id: z.string(), title: z.string(), checks: z.array(ZCheck) });
export type Section = z.infer<typeof ZSection>;

export const ZConductorScheduleRow = z.object({
  runId: z.string(),
  circuit: z.string(),
  from: z.string(),
  to: z.string(),
  conductors: z.string(),
  conductorSize: z.string(),
  conductorType: z.string(),
  /** Conductor metal (issue 26); optional for older reports. Aluminium types also read "… (AL)". */
  material: z.enum(['copper', 'aluminum']).optional(),
  egcSize: z.string(),
  raceway: z.string(),
  ocpdA: z.number().nullable(),
  maxCurrentA: z.number(),
  lengthFt: z.number(),
  voltageDropPct: z.number(),
});
export type ConductorScheduleRow = z.infer<typeof ZConductorScheduleRow>;

export const ZLabelPurpose = z.enum(['dc-max-voltage', 'ac-output-rating', 'rapid-shutdown-placard', 'rapid-shutdown-switch', 'backfed-breaker', 'busbar-sum-of-breakers', 'pv-system-disconnect', 'power-source-directory', 'ess-disconnect', 'battery-emergency-disconnect']);

export const ZLabel = z.object({
  /** Follows the edition's section: label.690-53 (2017/2020) is label.690-7-d in 2023. */
  id: z.string(),
  /** What the label is for, the same in every edition (always set by the engine; optional for older reports). */
  purpose: ZLabelPurpose.optional(),
  ref: ZCodeRef,
  location: z.string(),
  lines: z.array(z.string()),
});
export type Label = z.infer<typeof ZLabel>;

export const ZInterconnectionResult = z.object({
  /** The busbar the method was chosen on (issue 26: backup systems can land the sources elsewhere); optional for older reports. */
  panel: z.enum(['main-panel', 'transfer-equipment', 'backup-panel']).optional(),
  method: z.string().nullable(),
  rule: z.string().nullable(),
  ref: ZCodeRef.nullable(),
  pvBreakerA: z.number().nullable(),
  mainBreakerA: z.number(),
  busbarA: z.number(),
  fusedDisconnect: z.boolean(),
  disconnectA: z.number().nullable(),
  fuseA: z.number().nullable(),
  considered: z.array(z.object({ method: z.string(), allowed: z.boolean(), fits: z.boolean(), reason: z.string() })),
});

/**
 * The dwelling load calculation (NEC 220.82, 220.83(A)/(B), 220.87), line by line as a sheet prints it:
 * each load with its connected VA, the factor applied and the demand VA it contributes (null where the
 * line only feeds a subtotal), the total, and the check against the service after the interconnection.
 */
export const ZLoadCalculationResult = z.object({
  /** '220.82', '220.83(A)', '220.83(B)' or '220.87'. */
  method: z.string(),
  ref: ZCodeRef,
  voltageV: z.number(),
  lines: z.array(z.object({ item: z.string(), connectedVa: z.number().nullable(), factor: z.string(), demandVa: z.number().nullable(), ref: z.string() })),
  totalVa: z.number(),
  totalA: z.number(),
  /** The service rating the load is checked against: the main breaker after the interconnection (derated where derated). */
  serviceRatingA: z.number(),
  pass: z.boolean(),
});
export type LoadCalculationResult = z.infer<typeof ZLoadCalculationResult>;

/**
 * Energy storage (issue 26): the ESS, its disconnect sections, the backup (transfer equipment, whole-home
 * or partial, where the sources land, standby capacity against the transferred load) and every busbar
 * 705.12 was checked on beyond the interconnection itself.
 */
export const ZStorageResult = z.object({
  coupling: z.enum(['ac', 'dc']),
  model: z.string(),
  count: z.number(),
  nominalVoltageV: z.number().nullable(),
  energyKwh: z.number().nullable(),
  /** AC-coupled: Σ continuous AC output, A. */
  acOutputA: z.number().nullable(),
  /** DC-coupled: nameplate-rated DC circuit current, A. */
  dcCircuitA: z.number().nullable(),
  disconnect: z.object({ ref: ZCodeRef, markingRef: ZCodeRef }),
  backup: z
    .object({
      kind: z.enum(['whole-home', 'partial']),
      transferEquipment: z.object({ model: z.string(), ratingA: z.number() }),
      backupPanel: z.object({ busbarA: z.number(), supplyBreakerA: z.number() }).nullable(),
      sourcesConnectTo: z.enum(['main-panel', 'transfer-equipment', 'backup-panel']),
      loadManagement: z.boolean(),
      standbyCapacityA: z.number(),
      transferredLoadA: z.number(),
      pass: z.boolean(),
    })
    .nullable(),
  /** Busbars checked by 705.12(B) besides the interconnection's (partial backup: the backup side). */
  busbars: z.array(z.object({ panel: z.string(), busbarA: z.number(), mainBreakerA: z.number(), sourcesA: z.number(), rule: z.string(), section: z.string(), value: z.number(), limit: z.number(), pass: z.boolean() })),
});
export type StorageResult = z.infer<typeof ZStorageResult>;

export const ZReport = z.object({
  engine: z.literal('@sunstamp/engineering'),
  projectName: z.string(),
  codes: z.object({ nec: z.string(), asce: z.string(), iebc: z.string() }),
  summary: z.object({
    pass: z.boolean(),
    checks: z.number(),
    failures: z.array(z.object({ id: z.string(), title: z.string(), remedy: z.string().optional() })),
    systemDcKw: z.number(),
    systemAcKw: z.number(),
  }),
  sections: z.array(ZSection),
  conductorSchedule: z.array(ZConductorScheduleRow),
  interconnection: ZInterconnectionResult,
  labels: z.array(ZLabel),
  /** Present when the input gives service.loadCalculation (issue 26); optional for older reports. */
  loadCalculation: ZLoadCalculationResult.nullable().optional(),
  /** Present when the job has energy storage (issue 26); optional for older reports. */
  storage: ZStorageResult.nullable().optional(),
  equipment: z.object({
    acDisconnect: z.object({ required: z.boolean(), fused: z.boolean(), ratingA: z.number().nullable() }),
    productionMeter: z.boolean(),
    rapidShutdown: z.string(),
  }),
  /** Inputs to enter in Forte or SkyCiv when the job's structural method is one of those. */
  structuralExports: z.array(z.object({ arrayId: z.string(), tool: z.enum(['Forte', 'SkyCiv']), input: z.record(z.string(), z.unknown()) })),
});
export type Report = z.infer<typeof ZReport>;
