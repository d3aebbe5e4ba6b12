import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { calculateDesign } from '@sunstamp/engineering/design.calc';
import { exposureCategoryOf, framingFactsOf } from '@sunstamp/domain/design/design-criteria.rules';
import { compassFace } from '@sunstamp/domain/jobs/cad-intake.schema';
import { autoBranchesOf, autoStringsOf, circuitsOf, electricalDesignProblems, type Circuit, type ElectricalKind } from '@sunstamp/domain/design/electrical-design.rules';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { DesignModel, FireCode } from '@sunstamp/planset/input.schema';
import { edgeDistancesIn, planAttachments, withEdgeDistances, withRails } from '@sunstamp/planset/layout/attachments';
import { ZodError } from 'zod';
import { loadDesignFor, routeLengthFt, type DesignArray, type DesignSystem, type RoutePoint } from './planset-design.ts';
import { dataOf, num, railOfCatalogue, str, type Ctx, type Facts, type MissingInput } from './planset-input.facts.ts';

/*
 * Steps 2 to 5 of a plan-set run's assembly (planset-input.service.ts), on facts that are complete:
 * the codes and the design (the roof layout), the circuits (strings or branch circuits), the runs
 * measured on the site plan, the engineering engine's input, and the attachments laid out on it.
 */

/** Not in the AHJ's criteria yet: the 2 % design dry-bulb of the hottest US climates we serve (Phoenix ≈ 43 °C), so ampacity is never under-derated. */
export const DEFAULT_HIGH_AMBIENT_C = 44;


/** Wire-size requirement values are the option list's labels ("10 AWG", "250 kcmil"); the engine takes the size alone. */
function wireSizeOf(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  return s.replace(/\s*(AWG|kcmil)$/i, '');
}

function engineAcDisconnect(v: unknown): 'not-required' | 'always' | 'over-10kw' {
  if (v === 'Not Required') return 'not-required';
  if (v === 'Only Over 10 Kilowatts') return 'over-10kw';
  return 'always';
}

function engineProductionMeter(v: unknown): 'none' | 'always' | 'over-10kw' | 'over-20kw' | 'solar-rewards' {
  switch (v) {
    case 'Always Include': return 'always';
    case 'Only Over 10 Kilowatts': return 'over-10kw';
    case 'Only Over 20 Kilowatts': return 'over-20kw';
    case 'Only with Solar Rewards': return 'solar-rewards';
    default: return 'none';
  }
}

type EngineRequirements = NonNullable<DesignInputRaw['requirements']>;

/**
 * The engine's requirement flags from the resolved requirements: one mapping for the plan set and the
 * letters (letters-design.mapper.ts). `more` (the plan set's production meter, wire sizes and conduit
 * naming) goes between the AC disconnect and the structural flags, the input's key order as before.
 */
export function engineRequirementsOf(resolved: ResolvedRequirements, more: Partial<EngineRequirements> = {}): EngineRequirements {
  const on = (key: string) => resolved.values[key]?.on === true;
  return {
    tapsNotAllowed: on('taps_not_allowed'),
    supplySideTapsNotAllowed: on('supply_side_taps_not_allowed'),
    loadSideTapsNotAllowed: on('load_side_taps_not_allowed'),
    mbDerateNotAllowed: on('mb_derate_not_allowed'),
    fusedAcDisconnectRequired: on('fused_acd_required'),
    acDisconnect: engineAcDisconnect(resolved.values.ac_disconnect?.value),
    ...more,
    stressAnalysis: on('stress_analysis'),
    unreducedSnowLoad: on('unreduced_snow_load'),
  };
}

type Method = 'load-side-breaker' | 'load-side-tap' | 'main-breaker-derate' | 'supply-side-tap';
/** The CAD intake's interconnection (spec §9, about 37 methods) → the engine's four families; undefined lets the engine choose. */
export function interconnectionMethodOf(interconnection: string, mainBreakerDerate: boolean): Method | undefined {
  if (mainBreakerDerate || /Main Breaker Derate/i.test(interconnection)) return 'main-breaker-derate';
  if (/^Supply Side Tap|^Line Side Lugs|^Meter Collar/i.test(interconnection)) return 'supply-side-tap';
  if (/^Load Side Tap/i.test(interconnection)) return 'load-side-tap';
  if (/^PV Breaker|^Backfed Main Breaker/i.test(interconnection)) return 'load-side-breaker';
  return undefined;
}

/** An adopted code's edition ("2021 IRC" → "2021"); 2021 when it names none. */
export const editionOf = (v: string | null | undefined) => (/\d{4}/.exec(v ?? '')?.[0] ?? '2021');

type ElectricalDesign = { kind: ElectricalKind; circuits: Circuit[] };

/** After the check: the catalogue items, the requirements' values, and the codes and design criteria. */
export function codesOf(f: Facts) {
  const { job, ahj, arrays, moduleLine, inverterLine, rackingLine, resolved } = f;
  const modItem = moduleLine!.item!;
  const invItem = inverterLine!.item!;
  const rackItem = rackingLine!.item!;
  const rv = (key: string) => resolved.values[key];
  const on = (key: string) => rv(key)?.on === true;

  const necMatch = /NEC\s*(\d{4})/i.exec(ahj!.electrical ?? '');
  // The Canadian code is named "CSA C22.1-<edition>" (the requirement or the AHJ); "CEC" is the
  // California Electrical Code (issue 26). The engine refuses both with its reasons.
  const csaOf = (v: unknown) => /CSA\s*C22\.1\D*(2021|2024)/i.exec(String(v ?? ''))?.[1] as '2021' | '2024' | undefined;
  const csa = csaOf(rv('dwg_electrical_code')?.value) ?? csaOf(ahj!.electrical);
  const electricalCode: 'NEC' | 'CEC' | 'CSA C22.1' = csa ? 'CSA C22.1' : /CEC/i.test(ahj!.electrical ?? '') || rv('dwg_electrical_code')?.value === 'CEC' ? 'CEC' : 'NEC';
  const nec = (necMatch?.[1] ?? '2020') as '2017' | '2020' | '2023';
  const minTempC = num(ahj!.minDesignTempC)!;
  // One rule for the sheets, the engine and the letters (issue 24, finding 7): the job's category, else the AHJ's.
  const exposure = exposureCategoryOf(job, ahj)!;
  const heightFt = Math.max(...arrays.map(({ a }) => a.height_from_ground), 10);
  const fireEdition = editionOf(ahj!.irc ?? ahj!.fire) as FireCode['edition'];
  const fireCode: FireCode = { code: ahj!.irc ? 'IRC' : 'IFC', edition: (['2012', '2015', '2018', '2021', '2024'].includes(fireEdition) ? fireEdition : '2021') as FireCode['edition'], sprinklered: false };
  return { modItem, invItem, rackItem, rv, on, csa, electricalCode, nec, minTempC, exposure, heightFt, fireCode };
}
export type Codes = ReturnType<typeof codesOf>;

/** Step 2, the design: the module's size and cold voltage, the system, and the roof layout (saved, or the Design page's unsaved model). */
export async function designOf(ctx: Ctx, f: Facts, c: Codes, unsaved: DesignModel | undefined) {
  const { job, cad, md, id, micro, optimizerLine, batteryLine, arrays, framings, existingPv } = f;
  const { rv, on, minTempC, fireCode } = c;
  const lengthIn = num(md.lengthMm)! / 25.4;
  const widthIn = num(md.widthMm)! / 25.4;
  const weightLb = num(md.weightKg)! * 2.20462;
  const vocV = num(md.vocV)!;
  const coeff = num(md.tempCoeffVocPctPerC) ?? -0.3;
  const vocCold = vocV * (1 + (coeff / 100) * (minTempC - 25));
  const maxDcV = Math.min(num(id.maxDcVoltageV) ?? 600, 600);
  const optimizer = !!optimizerLine;
  const system: DesignSystem = {
    kind: micro ? 'micro' : optimizer ? 'optimizer' : 'string',
    battery: !!batteryLine,
    acCombiner: micro || (!!batteryLine && !isDcCoupled(f)),
    backupGateway: ['Whole Home', 'Partial Home'].includes(str(cad.battery_backup)),
    backupPanel: str(cad.battery_backup) === 'Partial Home',
    acDisconnect: rv('ac_disconnect')?.value !== 'Not Required',
    subpanel: cad.subpanel_routed === true,
    productionMeter: on('production_meter'),
    rapidShutdownInitiator: !micro && !optimizer,
  };
  const designArrays: DesignArray[] = arrays.map(({ a }, k) => ({
    id: `A${k + 1}`, moduleCount: a.panel_quantity ?? 0, pitchDeg: a.roof_pitch, orientation: a.orientation === 'Landscape' ? 'landscape' : 'portrait',
    material: str(a.roof_material) || 'Asphalt shingle', framing: framings[k]!.drawing,
  }));
  const layout = await loadDesignFor(ctx, job, {
    revision: job.revisionNumber, arrays: designArrays, module: { lengthIn, widthIn }, fireCode,
    roofIsHip: job.roofType === 'Hip Roof', streetName: str(job.clientStreetAddress).replace(/^\d+\s+/, '') || 'Street', system,
  }, unsaved);
  if (!layout.ok) return { ok: false as const, missing: [{ field: 'design', message: `The roof layout could not place every module: ${layout.detail}.` }] };
  const modules = layout.design.modules;
  // The existing array's roof faces are drawn on the design's planes facing them (PV-5's placard diagrams).
  const unplaced = existingPv?.faces.filter((f) => !layout.design.roofPlanes.some((p) => compassFace(p.azimuthDeg) === f)) ?? [];
  if (unplaced.length) return { ok: false as const, missing: [{ field: 'cad_intake.existing_array_faces', message: `The existing solar array is on the ${unplaced.join(', ')} roof face${unplaced.length > 1 ? 's' : ''}, which no roof plane of the design faces: add that roof plane on the job's Design page or correct the face in the CAD intake, so the rapid-shutdown placard's roof diagram can show the existing array.` }] };
  const arrayOfPlane = new Map(layout.design.roofPlanes.map((p) => [p.id, p.arrayId]));
  const modulesOf = (arrayId: string) => modules.filter((m) => arrayOfPlane.get(m.planeId) === arrayId).map((m) => m.id);
  return { ok: true as const, lengthIn, widthIn, weightLb, vocV, coeff, vocCold, maxDcV, optimizer, system, designArrays, layout, modules, arrayOfPlane, modulesOf };
}
export type Designed = Extract<Awaited<ReturnType<typeof designOf>>, { ok: true }>;

/** Step 3, the circuits: the designer's strings or branch circuits, or the run's own. */
export function electricalDesignOf(f: Facts, d: Designed) {
  const { inverterType, micro, id, pmaxW } = f;
  const { optimizer, maxDcV, vocCold, modules, modulesOf, designArrays, layout, arrayOfPlane } = d;
  // The designer's strings or branch circuits when the design has them (the Design page checks
  // them and a save holds every module in one); else the run's own: as few and as even as the
  // inverter's DC voltage window (or the micro-inverter's units per branch) allows, array by array.
  const perUnit = /Dual/i.test(inverterType) ? 2 : 1;
  const maxUnits = micro ? num(id.maxUnitsPerBranch) ?? Math.max(1, Math.floor(16 / num(id.maxContinuousOutputCurrentA)!)) : 0;
  const maxSeries = optimizer ? Math.max(1, Math.min(25, Math.floor(5700 / pmaxW))) : Math.max(1, Math.floor(maxDcV / vocCold));
  const auto: ElectricalDesign = micro
    ? { kind: 'branch_circuits', circuits: autoBranchesOf(modules.map((m) => m.id), perUnit, maxUnits) }
    : { kind: 'strings', circuits: autoStringsOf(designArrays.map((da) => ({ moduleIds: modulesOf(da.id) })), maxSeries) };
  const given = circuitsOf(layout.electrical, auto.kind).filter((c) => c.moduleIds.length > 0);
  const fromDesign = given.length > 0 && electricalDesignProblems({ modules, ...layout.electrical }, { complete: false }).length === 0;
  const chosen = fromDesign ? given : auto.circuits;
  const arrayOfModule = new Map(modules.map((m) => [m.id, arrayOfPlane.get(m.planeId)]));
  const strings: { id: string; arrayId?: string; modulesInSeries: number }[] = [];
  const branches: { id: string; units: number }[] = [];
  if (micro) {
    for (const c of chosen) branches.push({ id: c.id, units: Math.ceil(c.moduleIds.length / perUnit) });
  } else {
    for (const c of chosen) {
      const arraysOf = new Set(c.moduleIds.map((mid) => arrayOfModule.get(mid)));
      const only = arraysOf.size === 1 ? [...arraysOf][0] : undefined;
      strings.push({ id: c.id, ...(only ? { arrayId: only } : {}), modulesInSeries: c.moduleIds.length });
    }
  }
  const designStrings: DesignModel['strings'] = micro ? [] : chosen;
  const designBranches: DesignModel['branchCircuits'] = micro ? chosen : [];
  const electrical: { kind: ElectricalKind; source: 'design' | 'auto'; auto: Circuit[] } = { kind: auto.kind, source: fromDesign ? 'design' : 'auto', auto: auto.circuits };
  return { strings, branches, designStrings, designBranches, electrical };
}
export type Circuits = ReturnType<typeof electricalDesignOf>;

/** The battery ordered sits on the inverter's DC side (DC-coupled), not on an AC combiner. */
const isDcCoupled = ({ coupling }: Pick<Facts, 'coupling'>): boolean => !!coupling && 'coupling' in coupling && coupling.coupling === 'dc';

/** Step 4, the runs: measured on the site plan, from the roof to the service, as the interconnection and the storage are ordered. */
export function runsOf(f: Facts, d: Designed, circuits: Circuits) {
  const { cad, micro } = f;
  const { layout, system } = d;
  const { strings, branches } = circuits;
  const r = layout.routes;
  const runs: NonNullable<DesignInputRaw['runs']> = [];
  const designRuns: DesignModel['runs'] = [];
  const method = interconnectionMethodOf(str(cad.interconnection), cad.main_breaker_derate === true);
  const dcCoupled = isDcCoupled(f);
  const addRun = (from: RoutePoint, to: RoutePoint, names: [string, string], location: 'rooftop-raceway' | 'exterior', carries: NonNullable<DesignInputRaw['runs']>[number]['carries']) => {
    const a = r[from];
    const b = r[to];
    if (!a || !b) return;
    const route = a.x === b.x || a.y === b.y ? [a, b] : [a, { x: b.x, y: a.y }, b];
    const lengthFt = routeLengthFt(route, location === 'rooftop-raceway' ? 12 : 4);
    const runId = `R${runs.length + 1}`;
    runs.push({ id: runId, from: names[0], to: names[1], lengthFt, location, ...(location === 'rooftop-raceway' ? { heightAboveRoofIn: 1 } : {}), carries });
    designRuns.push({ id: runId, route, lengthFt });
  };
  // The AC path from the last equipment to the service: through the AC disconnect where there is one.
  const toService = (from: RoutePoint, fromName: string, includeBattery: boolean) => {
    const last: NonNullable<DesignInputRaw['runs']>[number]['carries'] = method === 'supply-side-tap' ? { kind: 'supply-side-tap' } : { kind: 'inverter-output', includeBattery };
    if (system.acDisconnect) {
      addRun(from, 'ac_disconnect', [fromName, 'AC disconnect'], 'exterior', { kind: 'inverter-output', includeBattery });
      addRun('ac_disconnect', 'main_panel', ['AC disconnect', 'Main service panel'], 'exterior', last);
    } else {
      addRun(from, 'main_panel', [fromName, 'Main service panel'], 'exterior', last);
    }
  };
  if (micro) {
    addRun('roof', 'combiner', ['Roof junction box', 'AC combiner'], 'rooftop-raceway', { kind: 'branches', ids: branches.map((b) => b.id) });
    // An AC-coupled battery lands in the same combiner: its circuit, and the battery's current on
    // every run from there to the service (it was counted at the busbar but drawn nowhere).
    if (system.battery) addRun('battery', 'combiner', ['Battery', 'AC combiner'], 'exterior', { kind: 'battery' });
    toService('combiner', 'AC combiner', system.battery);
  } else {
    addRun('roof', 'inverter', ['Roof junction box', 'Inverter'], 'rooftop-raceway', { kind: 'strings', ids: strings.map((s) => s.id) });
    if (system.battery && dcCoupled) {
      // DC-coupled: the batteries sit on the hybrid inverter's DC side (706.30); its output is the only AC source.
      addRun('battery', 'inverter', ['Battery', 'Inverter'], 'exterior', { kind: 'battery-dc' });
      toService('inverter', 'Inverter', false);
    } else if (system.battery) {
      addRun('inverter', 'combiner', ['Inverter', 'AC combiner panel'], 'exterior', { kind: 'inverter-output' });
      addRun('battery', 'combiner', ['Battery', 'AC combiner panel'], 'exterior', { kind: 'battery' });
      toService('combiner', 'AC combiner panel', true);
    } else {
      toService('inverter', 'Inverter', false);
    }
  }
  return { runs, designRuns, method, dcCoupled };
}
export type Runs = ReturnType<typeof runsOf>;

/**
 * Step 5, the engineering engine's input: the site, the equipment, the arrays, the circuits and
 * runs, the service and the requirements that are engine inputs. Longer than ~80 lines on purpose:
 * one object literal, the engine's input schema field by field, reads best in one place.
 */
// eslint-disable-next-line max-lines-per-function -- one object literal, the engineering engine's input schema field by field (see the comment above)
export function engineInputOf(f: Facts, c: Codes, d: Designed, circuits: Circuits, r: Runs): DesignInputRaw {
  const { job, ahj, pmaxW, md, micro, inverterLine, id, inverterType, optimizerLine, od, optimizerOutV, fixedStringV, batteryLine, bd, mciLine, arrays, framings, attachmentsOf, mainBreaker, busbar, loadCalc, backupOrder, existingPv } = f;
  const { modItem, invItem, rackItem, rv, minTempC, exposure, heightFt, electricalCode, csa, nec } = c;
  const { coeff, lengthIn, widthIn, weightLb, vocV, optimizer } = d;
  const { strings, branches } = circuits;
  const { runs, method, dcCoupled } = r;
  const engine: DesignInputRaw = {
    projectName: job.name,
    site: {
      designMinTempC: minTempC,
      highAmbientTempC: DEFAULT_HIGH_AMBIENT_C,
      windSpeedMph: num(ahj!.windSpeedMph)!,
      exposure,
      groundSnowLoadPsf: num(ahj!.groundSnowLoadPsf)!,
      meanRoofHeightFt: Math.min(60, heightFt),
      codes: { electricalCode, ...(csa ? { csa } : {}), nec, asce: ((ahj!.asce ?? '7-16') as '7-10' | '7-16' | '7-22'), iebc: editionOf(ahj!.iebc) as '2018' },
    },
    equipment: {
      module: {
        model: modItem.model, pmaxW, vocV, iscA: num(md.iscA)!, vmpV: num(md.vmpV)!, impA: num(md.impA)!,
        vocTempCoeffPctPerC: coeff, lengthIn, widthIn, weightLb,
        maxSystemVoltageV: num(md.maxSystemVoltageV) ?? 1000, maxSeriesFuseA: num(md.maxSeriesFuseA) ?? 20,
      },
      inverter: {
        model: invItem.model, kind: micro ? 'micro' : 'string', count: micro ? 1 : Math.max(1, inverterLine!.quantity ?? 1),
        continuousOutputCurrentA: num(id.maxContinuousOutputCurrentA)!, ratedOutputW: num(id.acPowerW)!, nominalAcVoltageV: num(id.nominalVoltageV) ?? 240,
        ...(num(id.maxDcVoltageV) !== undefined ? { maxDcInputVoltageV: num(id.maxDcVoltageV) } : {}),
        ...(num(id.maxOcpdA) !== undefined ? { maxOcpdA: num(id.maxOcpdA) } : {}),
        ...(micro ? { modulesPerUnit: /Dual/i.test(inverterType) ? 2 : 1, ...(num(id.maxUnitsPerBranch) !== undefined ? { maxUnitsPerBranch: num(id.maxUnitsPerBranch) } : {}) } : {}),
      },
      ...(optimizerLine ? { optimizer: { model: optimizerLine.item!.model, maxOutputCurrentA: num(od.maxOutputCurrentA)!, maxOutputVoltageV: optimizerOutV!, ...(num(od.maxInputVoltageV) !== undefined ? { maxInputVoltageV: num(od.maxInputVoltageV) } : {}), ...(fixedStringV !== undefined ? { maxStringVoltageV: fixedStringV } : {}) } } : {}),
      ...(batteryLine ? {
        battery: {
          model: batteryLine.item!.model, count: Math.max(1, batteryLine.quantity ?? 1), coupling: dcCoupled ? 'dc' as const : 'ac' as const,
          // The catalogue's maximum continuous current is the AC output of an AC-coupled unit and the DC circuit's nameplate current of a DC-coupled one.
          ...(dcCoupled ? (num(bd.maxContinuousCurrentA) !== undefined ? { maxContinuousCurrentA: num(bd.maxContinuousCurrentA)! } : {}) : (num(bd.maxContinuousCurrentA) !== undefined ? { continuousOutputCurrentA: num(bd.maxContinuousCurrentA)! } : {})),
          ...(num(bd.nominalVoltageV) !== undefined ? { nominalVoltageV: num(bd.nominalVoltageV)! } : {}),
          ...(num(bd.energyKwh) !== undefined ? { energyKwh: num(bd.energyKwh)! } : {}),
          ...(num(bd.continuousPowerKw) !== undefined ? { ratedOutputW: num(bd.continuousPowerKw)! * 1000 } : {}),
        },
      } : {}),
      ...(!micro && !optimizer ? { rapidShutdownDevice: mciLine ? 'mlpe' as const : 'array-boundary' as const } : {}),
    },
    arrays: arrays.map(({ a }, k) => ({
      id: `A${k + 1}`, moduleCount: a.panel_quantity ?? 0, roofPitchDeg: a.roof_pitch, roofType: job.roofType === 'Hip Roof' ? 'hip' : 'gable',
      orientation: a.orientation === 'Landscape' ? 'landscape' : 'portrait',
      framing: { ...framings[k]!.engine!, spacingIn: a.beam_spacing, spansIn: a.beam_span, panelsOnRafter: Math.max(1, a.num_panels_on_rafter ?? 2), ...framingFactsOf(a).framing },
      ...(framingFactsOf(a).roofDeadLoadPsf !== undefined ? { roofDeadLoadPsf: framingFactsOf(a).roofDeadLoadPsf } : {}),
      // The rail product's allowable moment and its document, from the catalogue (no one value for every rail).
      rail: railOfCatalogue(rackItem),
      ...(str(a.roof_material) ? { roofMaterial: str(a.roof_material) } : {}),
      attachment: {
        kind: attachmentsOf[k]!.kind,
        ...(attachmentsOf[k]!.kind === 'ballast' ? { ballastPsf: a.ballast_weight } : {}),
        ...(num(dataOf(rackItem).allowableUpliftLb) !== undefined ? { allowableUpliftLb: num(dataOf(rackItem).allowableUpliftLb) } : {}),
      },
    })),
    strings,
    branchCircuits: branches,
    runs,
    service: {
      // The intake's interconnection is the order: drawn as ordered or refused with the reason (issue 25).
      mainBreakerA: mainBreaker!, busbarA: busbar!, ...(method ? { preferredMethod: method, preferredMethodIsOrder: true } : {}),
      ...(loadCalc.calc ? { loadCalculation: loadCalc.calc } : {}),
      ...(backupOrder.backup ? { backup: backupOrder.backup } : {}),
    },
    ...(existingPv ? { existingPv: { rapidShutdown: existingPv.rapidShutdown } } : {}),
    requirements: engineRequirementsOf(f.resolved, {
      productionMeter: engineProductionMeter(rv('production_meter')?.value),
      wireSizes: {
        ...(wireSizeOf(rv('ac_wire_size')?.value) ? { ac: wireSizeOf(rv('ac_wire_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('ac_ground_size')?.value) ? { acGround: wireSizeOf(rv('ac_ground_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('dc_wire_size')?.value) ? { dc: wireSizeOf(rv('dc_wire_size')?.value) as '10' } : {}),
        ...(wireSizeOf(rv('dc_ground_size')?.value) ? { dcGround: wireSizeOf(rv('dc_ground_size')?.value) as '10' } : {}),
      },
      ...(['EMT', 'PVC-40', 'PVC-80', 'RMC', 'FMC', 'LFMC'].includes(str(rv('conduit_naming')?.value)) ? { conduitNaming: str(rv('conduit_naming')?.value) as 'EMT' } : {}),
    }),
  };

  // The intake leaves the method to the engine: where it lands on a supply-side tap, the run to the
  // service carries the tap conductors (sized by 705.11(B), bonded by 250.102(C)(1)), never an inverter
  // output circuit with an EGC (issue 25). The engine is pure and fast; a refusal is left to the run.
  if (!method) {
    let chosen: string | null = null;
    try { chosen = calculateDesign(engine).interconnection.method; } catch { chosen = null; }
    if (chosen === 'supply-side-tap') {
      const last = runs.findIndex((x) => x.to === 'Main service panel');
      if (last >= 0) runs[last] = { ...runs[last]!, carries: { kind: 'supply-side-tap' } };
      engine.service.preferredMethod = 'supply-side-tap';
    }
  }
  return engine;
}

/** Step 5b, the attachments: laid out on the framing for this site (unless drawn), and the rails as drawn given to the engine. */
export function withAttachments(f: Facts, d: Designed, engineIn: DesignInputRaw): { ok: false; missing: MissingInput[] } | { ok: true; attachments: DesignModel['attachments']; engine: DesignInputRaw } {
  const { attachmentsOf } = f;
  const { layout, lengthIn, widthIn } = d;
  let engine = engineIn;
  // Attachments on rafters within the rail's allowable span and cantilever for this site (unless the
  // designer drew them), and the engine checks the rails as drawn: a rail that cannot be held names itself.
  let attachments = layout.design.attachments;
  try {
    const ballasted = new Set(attachmentsOf.flatMap((x, k) => (x?.kind === 'ballast' ? [`A${k + 1}`] : [])));
    const plan = planAttachments(layout.design, { lengthIn, widthIn }, engine, ballasted);
    if (!plan.ok) return { ok: false, missing: [{ field: 'design.attachments', message: `The attachments cannot be laid out: ${plan.detail}. Use a heavier rail, closer framing, or change the layout on the job's Design page.` }] };
    attachments = plan.attachments;
    engine = withRails(engine, plan.railsByArray);
    // ASCE 7 §29.4.4: the drawn modules' least distance to the roof edges and ridges, checked by the engine.
    engine = withEdgeDistances(engine, edgeDistancesIn(layout.design, { lengthIn, widthIn }));
  } catch (e) {
    // An engine input the schema refuses: the engine's own refusal names it when the run calculates.
    if (!(e instanceof ZodError)) throw e;
  }
  return { ok: true, attachments, engine };
}
