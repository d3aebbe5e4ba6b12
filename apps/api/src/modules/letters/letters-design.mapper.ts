import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { serviceEquipmentProblems } from '@sunstamp/domain/jobs/service-equipment.rules';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { LetterInputRaw } from '@sunstamp/planset/letters/letter-input.schema';
import type * as repo from './letters.repository.ts';
import { fixedOptimizerStringVoltageV } from '@sunstamp/domain/catalogue/equipment.rules';
import { DEFAULT_HIGH_AMBIENT_C, engineRequirementsOf } from '../plansets/plansets.api.ts';
import { exposureCategoryOf } from '@sunstamp/domain/design/design-criteria.rules';

/*
 * A job as the engineering engine and the letters read it: the AHJ's editions and design criteria,
 * the catalogue data of the models the job names, the arrays (the job's, or those sent to
 * recalculate), the main panel of the CAD intake and the resolved requirements. A fact the engine
 * needs and the job lacks is a refusal naming it, never a guessed number.
 *
 * The letters use this mapper only where the plan set's own assembly cannot be used (arrays sent
 * to recalculate, or a job the plan set cannot assemble yet); see letters.service calculate().
 *
 * Assumptions, each the engine's conservative side: the plan set's high ambient (ASHRAE 2 %; AHJs
 * do not carry it yet), no conductor runs (the plan set measures them; without runs the report has no
 * conductor checks), strings filled evenly to at most the 600 V dwelling limit at a 1.12 cold
 * factor (the engine then checks the real Voc), micro-inverter branches at 80 % of a 20 A circuit.
 */

export class MissingFactError extends Error {
  constructor(message: string) { super(message); this.name = 'MissingFactError'; }
}

type Ahj = NonNullable<Awaited<ReturnType<typeof repo.ahjOf>>>;
type EquipmentLine = Awaited<ReturnType<typeof repo.equipmentDataOf>>[number];
type Data = Record<string, unknown>;

const need = <T>(v: T | null | undefined, message: string): T => {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) throw new MissingFactError(message);
  return v;
};
const num = (d: Data, k: string) => (typeof d[k] === 'number' ? (d[k] as number) : undefined);

export interface JobFacts {
  id: string;
  name: string;
  clientName: string;
  street: string;
  city: string;
  zip: string;
  state: string;
  exposureCategory: string | null;
  homeElevation: number | null;
  roofType: string;
  arrays: JobArray[];
  cadIntake: Record<string, unknown>;
  revision: number;
}

/** The arrays as the engine takes them: the body's (already engine-shaped) or the job's. */
export function engineArraysOf(job: JobFacts, sent: readonly Record<string, unknown>[] | undefined): DesignInputRaw['arrays'] {
  if (sent?.length) return sent as DesignInputRaw['arrays'];
  const arrays = job.arrays.filter((a) => (a.panel_quantity ?? 0) > 0);
  if (!arrays.length) throw new MissingFactError('The job has no array with modules: add the arrays (panel quantity, pitch, framing) first.');
  return arrays.map((a, i) => ({
    id: `A${i + 1}`,
    moduleCount: a.panel_quantity!,
    roofPitchDeg: Math.min(45, a.roof_pitch),
    roofType: job.roofType === 'Hip Roof' ? 'hip' : 'gable',
    orientation: a.orientation === 'Landscape' ? 'landscape' : 'portrait',
    framing: { spacingIn: a.beam_spacing, spansIn: a.beam_span, panelsOnRafter: a.num_panels_on_rafter && a.num_panels_on_rafter > 0 ? a.num_panels_on_rafter : 2 },
  }));
}

const editionYear = (v: string | null) => (v ? (v.match(/\d{4}/)?.[0] ?? null) : null);

/**
 * The optimizer as the engine takes it (NEC 690.7(B): the string voltage of DC-to-DC converter
 * circuits is set by the converter system). Behind a fixed-voltage optimizer inverter (the
 * catalogue's inverters without an MPPT window) the inverter holds the string at most at its
 * maximum DC input voltage, which is the string limit; behind any other inverter the optimizer's
 * catalogue maximum output voltage gives n × V_out. Without either the job is refused.
 */
function optimizerOf(optimizerLine: EquipmentLine, inverterLine: EquipmentLine, inv: Data, micro: boolean): NonNullable<DesignInputRaw['equipment']['optimizer']> {
  if (micro) throw new MissingFactError(`The job names both micro-inverters and the optimizer "${optimizerLine.model ?? optimizerLine.customModel}": an optimizer works with a string inverter. Remove one of them.`);
  const o = need(optimizerLine.data as Data | null, `The optimizer "${optimizerLine.customModel}" is not a catalogue model: link it to the catalogue so its ratings are known.`);
  const model = `${optimizerLine.manufacturer} ${optimizerLine.model}`;
  const fixedV = fixedOptimizerStringVoltageV(inv);
  const outV = num(o, 'maxOutputVoltageV');
  if (fixedV === undefined && outV === undefined) {
    throw new MissingFactError(`The optimizer ${model} has no maximum output voltage in the catalogue and the inverter ${inverterLine.manufacturer} ${inverterLine.model} is not a fixed-voltage optimizer inverter: the string voltage (NEC 690.7(B)) cannot be calculated. Add the optimizer's maximum output voltage to the catalogue.`);
  }
  return {
    model,
    maxOutputCurrentA: need(num(o, 'maxOutputCurrentA'), `The optimizer ${model} has no maximum output current in the catalogue.`),
    // With a string limit the engine does not use n × V_out; the limit stands in where the catalogue has no V_out.
    maxOutputVoltageV: outV ?? fixedV!,
    ...(num(o, 'maxInputVoltageV') !== undefined ? { maxInputVoltageV: num(o, 'maxInputVoltageV') } : {}),
    ...(fixedV !== undefined ? { maxStringVoltageV: fixedV } : {}),
  };
}

/** The service the PV connects to: after a main panel upgrade (mpu_required), the new panel's ratings. */
function serviceOf(intake: Record<string, unknown>): DesignInputRaw['service'] {
  const mpu = intake.mpu_required === true;
  const rating = (k: string) => (typeof intake[k] === 'number' ? (intake[k] as number) : null);
  // An impossible panel is refused, never calculated around (issue 25).
  const impossible = serviceEquipmentProblems(intake);
  if (impossible.length) throw new MissingFactError(impossible.map((p) => `${p.message} (cad_intake.${p.field})`).join(' '));
  return {
    busbarA: need(rating(mpu ? 'new_msp_rating' : 'msp_rating'), mpu
      ? 'The CAD intake asks for a main panel upgrade but has no new MSP rating (new_msp_rating): the busbar is needed for the interconnection.'
      : 'The CAD intake has no MSP rating (msp_rating): the busbar is needed for the interconnection.'),
    mainBreakerA: need(rating(mpu ? 'new_mb_rating' : 'breaker_rating'), mpu
      ? 'The CAD intake asks for a main panel upgrade but has no new main breaker rating (new_mb_rating).'
      : 'The CAD intake has no main breaker rating (breaker_rating).'),
  };
}

/**
 * The engine's input for a letter's calculation, from the job, its AHJ and equipment. Longer than
 * ~80 lines on purpose (issue 28): after a dozen lines that pick the lines and size the strings,
 * it is one object literal, the engine's input schema field by field, each field beside the
 * sentence that names it when the catalogue or the AHJ lacks it; its pieces with logic of their
 * own are already apart (engineArraysOf, optimizerOf, serviceOf).
 */
// eslint-disable-next-line max-lines-per-function -- one object literal, the engine's input schema field by field with the sentence that names each missing fact (see the comment above)
export function designInputOf(
  job: JobFacts, ahj: Ahj, lines: readonly EquipmentLine[], resolved: ResolvedRequirements, sentArrays?: readonly Record<string, unknown>[],
  structuralMethod: 'prescriptive' | 'forte' | 'skyciv' = 'prescriptive',
): DesignInputRaw {
  const line = (kind: string) => lines.find((l) => l.kind === kind);
  const moduleLine = need(line('module'), 'The job names no module: choose the module on the job\'s equipment.');
  const inverterLine = need(line('inverter'), 'The job names no inverter: choose the inverter on the job\'s equipment.');
  const m = need(moduleLine.data as Data | null, `The module "${moduleLine.customModel}" is not a catalogue model: link it to the catalogue so its ratings are known.`);
  const inv = need(inverterLine.data as Data | null, `The inverter "${inverterLine.customModel}" is not a catalogue model: link it to the catalogue so its ratings are known.`);
  const arrays = engineArraysOf(job, sentArrays);
  const total = arrays.reduce((s, a) => s + (a.moduleCount as number), 0);
  const micro = inverterLine.type === 'Microinverter' || inverterLine.type === 'Dual Microinverter';
  const modulesPerUnit = inverterLine.type === 'Dual Microinverter' ? 2 : 1;
  const optimizerLine = line('optimizer');
  const optimizer = optimizerLine ? optimizerOf(optimizerLine, inverterLine, inv, micro) : undefined;
  const vocV = need(num(m, 'vocV'), 'The module has no Voc in the catalogue.');
  const invCurrent = need(num(inv, 'maxContinuousOutputCurrentA'), 'The inverter has no maximum continuous output current in the catalogue.');

  const split = (count: number, max: number) => {
    const n = Math.max(1, Math.ceil(count / max));
    return Array.from({ length: n }, (_, i) => Math.floor(count / n) + (i < count % n ? 1 : 0));
  };
  const strings = micro ? [] : split(total, Math.max(1, Math.floor(600 / (vocV * 1.12)))).map((k, i) => ({ id: `S${i + 1}`, modulesInSeries: k }));
  const units = Math.ceil(total / modulesPerUnit);
  const branchCircuits = micro ? split(units, Math.max(1, Math.floor(16 / invCurrent))).map((k, i) => ({ id: `B${i + 1}`, units: k })) : [];

  const electrical = need(ahj.electrical, `${ahj.name} has no electrical code edition: set it on the AHJ.`);
  const battery = line('battery');
  const bat = battery?.data as Data | null | undefined;
  const intake = job.cadIntake;
  const height = Math.min(60, Math.max(...job.arrays.map((a) => a.height_from_ground || 20), 10));

  return {
    projectName: job.name,
    site: {
      designMinTempC: need(ahj.minDesignTempC, `${ahj.name} has no minimum design temperature (NEC 690.7): set it on the AHJ.`),
      highAmbientTempC: DEFAULT_HIGH_AMBIENT_C,
      windSpeedMph: need(ahj.windSpeedMph, `${ahj.name} has no ultimate wind speed: set it on the AHJ.`),
      exposure: need(exposureCategoryOf(job, ahj), `${ahj.name} has no exposure category: set it on the AHJ or the job.`),
      groundSnowLoadPsf: need(ahj.groundSnowLoadPsf, `${ahj.name} has no ground snow load: set it on the AHJ.`),
      meanRoofHeightFt: height,
      ...(job.homeElevation !== null && job.homeElevation >= -300 && job.homeElevation <= 15000 ? { groundElevationFt: job.homeElevation } : {}),
      codes: {
        electricalCode: electrical === 'CEC' ? 'CEC' : 'NEC',
        nec: (editionYear(electrical) ?? '2020') as '2017' | '2020' | '2023',
        asce: need(ahj.asce, `${ahj.name} has no ASCE 7 edition: set it on the AHJ.`) as '7-10' | '7-16' | '7-22',
        iebc: need(editionYear(ahj.iebc), `${ahj.name} has no IEBC edition: set it on the AHJ.`) as '2015' | '2018' | '2021' | '2024',
      },
      structuralMethod,
    },
    equipment: {
      module: {
        model: `${moduleLine.manufacturer} ${moduleLine.model}`,
        pmaxW: need(num(m, 'pmaxW'), 'The module has no Pmax in the catalogue.'), vocV,
        iscA: need(num(m, 'iscA'), 'The module has no Isc in the catalogue.'), vmpV: need(num(m, 'vmpV'), 'The module has no Vmp in the catalogue.'),
        impA: need(num(m, 'impA'), 'The module has no Imp in the catalogue.'),
        ...(num(m, 'tempCoeffVocPctPerC') !== undefined ? { vocTempCoeffPctPerC: num(m, 'tempCoeffVocPctPerC') } : {}),
        lengthIn: need(num(m, 'lengthMm'), 'The module has no length in the catalogue.') / 25.4,
        widthIn: need(num(m, 'widthMm'), 'The module has no width in the catalogue.') / 25.4,
        weightLb: need(num(m, 'weightKg'), 'The module has no weight in the catalogue.') * 2.20462,
        ...(num(m, 'maxSystemVoltageV') ? { maxSystemVoltageV: num(m, 'maxSystemVoltageV') } : {}),
        ...(num(m, 'maxSeriesFuseA') ? { maxSeriesFuseA: num(m, 'maxSeriesFuseA') } : {}),
      },
      inverter: {
        model: `${inverterLine.manufacturer} ${inverterLine.model}`,
        kind: micro ? 'micro' : 'string',
        count: micro ? 1 : Math.max(1, inverterLine.quantity ?? 1),
        continuousOutputCurrentA: invCurrent,
        ratedOutputW: need(num(inv, 'acPowerW'), 'The inverter has no AC power in the catalogue.'),
        ...(num(inv, 'nominalVoltageV') ? { nominalAcVoltageV: num(inv, 'nominalVoltageV') } : {}),
        ...(num(inv, 'maxDcVoltageV') ? { maxDcInputVoltageV: num(inv, 'maxDcVoltageV') } : {}),
        modulesPerUnit,
      },
      ...(bat && num(bat, 'maxContinuousCurrentA') ? { battery: { model: `${battery!.manufacturer} ${battery!.model}`, count: Math.max(1, battery!.quantity ?? 1), continuousOutputCurrentA: num(bat, 'maxContinuousCurrentA')! } } : {}),
      ...(optimizer ? { optimizer } : {}),
      ...(micro || optimizer ? {} : { rapidShutdownDevice: 'mlpe' as const }),
    },
    arrays,
    strings,
    branchCircuits,
    service: serviceOf(intake),
    requirements: engineRequirementsOf(resolved),
  };
}

/** The AHJ's adopted editions and criteria as the letters print them. */
export function letterCodesOf(ahj: Ahj): Pick<LetterInputRaw, 'codes' | 'designCriteria'> {
  const ed = (v: string | null, code: string) => (v ? `${v} ${code}` : `— ${code}`);
  return {
    codes: {
      building: ed(ahj.ibc, 'IBC'), residential: ed(ahj.irc, 'IRC'), existingBuilding: ed(ahj.iebc, 'IEBC'),
      structural: ahj.asce ? `ASCE ${ahj.asce}` : 'ASCE 7', electrical: ahj.electrical ?? 'NEC', fire: ed(ahj.fire, 'IFC'),
    },
    designCriteria: {
      windSpeedMph: ahj.windSpeedMph ?? 0, exposure: (ahj.exposureCategory ?? 'C') as 'B' | 'C' | 'D', groundSnowLoadPsf: ahj.groundSnowLoadPsf ?? 0, riskCategory: 'II',
      ...(ahj.seismicDesignCategory ? { seismicDesignCategory: ahj.seismicDesignCategory } : {}),
      ...(ahj.minDesignTempC !== null ? { minDesignTempC: ahj.minDesignTempC } : {}),
    },
  };
}
