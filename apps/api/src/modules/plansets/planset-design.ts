import type { AppContext } from '../../context.ts';
import type { DesignModel, FireCode, PlacedModule, RoofPlane } from '@sunstamp/planset/input.schema';
import { autoLayoutRoof } from '@sunstamp/planset/layout/auto-layout';
import { placeBesidePanel } from '@sunstamp/planset/layout/equipment-placement';
import { loadDesignFor as loadStoredDesign } from '../designs/designs.api.ts';

/*
 * The design model a run draws: the one the Design page saved for the job's revision (or the
 * latest of an earlier revision), else the package's auto-layout of the job: one rectangular roof
 * plane per array (eave at the bottom, gable rakes on both sides) sized to hold its modules with
 * the fire setbacks of the AHJ's code, modules placed by autoLayoutRoof, the service equipment on
 * the building's east wall. Conductor routes are measured on that site plan between the equipment
 * locations (route points).
 *
 * This is the one place a run reads a design from.
 */

export type DesignArray = {
  /** The engine's array id (A1, A2…). */
  id: string;
  moduleCount: number;
  pitchDeg: number;
  orientation: 'portrait' | 'landscape';
  material: string;
  framing: RoofPlane['framing'];
};

export type DesignSystem = {
  kind: 'string' | 'optimizer' | 'micro';
  battery: boolean;
  /**
   * The AC combiner panel: micro-inverters' branches and an AC-coupled battery land in it. A DC-coupled
   * battery sits on the inverter's DC side and has none: the site plan and the ESS plan drew one the
   * single-line diagram did not have.
   */
  acCombiner: boolean;
  /** Whole- or partial-home backup is ordered: the backup gateway (transfer equipment, 702.5) gets a location. */
  backupGateway: boolean;
  /** Partial-home backup: the backup loads panel the gateway supplies gets a location (site plan, ESS plan). */
  backupPanel: boolean;
  acDisconnect: boolean;
  subpanel: boolean;
  productionMeter: boolean;
  rapidShutdownInitiator: boolean;
};

export type DesignRequest = {
  revision: number;
  arrays: DesignArray[];
  module: { lengthIn: number; widthIn: number };
  fireCode: FireCode;
  roofIsHip: boolean;
  streetName: string;
  system: DesignSystem;
};

export type DesignResult =
  | {
    ok: true;
    design: Omit<DesignModel, 'strings' | 'branchCircuits' | 'runs'>;
    routes: Record<RoutePoint, { x: number; y: number }>;
    /** The designer's strings and branch circuits (empty for an auto-layout: the run forms its own). */
    electrical: Pick<DesignModel, 'strings' | 'branchCircuits'>;
  }
  | { ok: false; detail: string };

export type RoutePoint = 'roof' | 'inverter' | 'combiner' | 'ac_disconnect' | 'main_panel' | 'battery' | 'utility_meter' | 'production_meter' | 'sub_panel';

const rect = (x0: number, y0: number, x1: number, y1: number) => [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A plane wide and deep enough for n modules with room for pathways and the ridge setback; grown until the layout fits. */
function planeFor(a: DesignArray, x0: number, module: { lengthIn: number; widthIn: number }, grow: number): RoofPlane {
  const across = (a.orientation === 'portrait' ? module.widthIn : module.lengthIn) / 12;
  const up = ((a.orientation === 'portrait' ? module.lengthIn : module.widthIn) / 12) * Math.cos((a.pitchDeg * Math.PI) / 180);
  const cols = Math.max(1, Math.ceil(Math.sqrt(a.moduleCount * 1.6)));
  const rows = Math.max(1, Math.ceil(a.moduleCount / cols));
  const w = round2((cols * across + 6.5) * grow);
  const d = round2((rows * up + 4.5) * grow);
  return {
    id: `P-${a.id}`, name: `Roof ${a.id}`, polygon: rect(x0, 0, x0 + w, d), edges: ['eave', 'rake', 'ridge', 'rake'],
    pitchDeg: a.pitchDeg, azimuthDeg: 180, material: a.material, framing: a.framing, arrayId: a.id,
  };
}

type Ctx = Pick<AppContext, 'database' | 'caches' | 'clock'>;

/**
 * The design a run draws for a job: the stored design when someone saved one (its planes,
 * modules, equipment and site as drawn), else the auto-layout of the job's arrays. `unsaved` is
 * the Design page's model being checked: drawn as if it were saved.
 */
export async function loadDesignFor(ctx: Ctx, job: { id: string; revisionNumber: number }, req: DesignRequest, unsaved?: DesignModel): Promise<DesignResult> {
  if (unsaved) return storedDesign(unsaved, req);
  // An unsaved job is laid out here (autoDesign): the stored side's own auto layout would be thrown away.
  const stored = await loadStoredDesign(ctx, job.id, { fill: false });
  if (stored.source === 'auto') return autoDesign(req);
  return storedDesign(stored.model, req);
}

/** The route point an equipment location is. */
const POINT_OF: Partial<Record<DesignModel['equipment'][number]['kind'], RoutePoint>> = {
  utility_meter: 'utility_meter', main_panel: 'main_panel', production_meter: 'production_meter', ac_disconnect: 'ac_disconnect',
  sub_panel: 'sub_panel', combiner: 'combiner', inverter: 'inverter', battery: 'battery', junction_box: 'roof',
};

const centroid = (poly: readonly { x: number; y: number }[]) => ({
  x: round2(poly.reduce((s, p) => s + p.x, 0) / poly.length), y: round2(poly.reduce((s, p) => s + p.y, 0) / poly.length),
});

/**
 * A saved design as a run draws it. Its planes name their arrays ("array-1"), which become the
 * engine's ids (A1); every array must have all its modules placed (a designer who saved planes
 * without modules gets them auto-filled on those planes). Equipment the system needs but the
 * drawing lacks (the battery and the backup gateway too, when ordered) is placed beside the main panel, and a roof junction box at the centre of the
 * first plane with modules, so every run is measured; a drawing without a main panel is refused.
 */
export function storedDesign(model: DesignModel, req: DesignRequest): DesignResult {
  const arrays = req.arrays.filter((a) => a.moduleCount > 0);
  if (arrays.length === 0) return { ok: false, detail: 'no array has modules' };
  const planes: RoofPlane[] = model.roofPlanes.map((p, i) => {
    const m = /^array-(\d+)$/.exec(p.arrayId);
    return { ...p, arrayId: `A${m ? Number(m[1]) : i + 1}` };
  });
  let modules: PlacedModule[] = model.modules;
  if (modules.length === 0) {
    const targets = planes.map((p) => {
      const a = req.arrays.find((x) => x.id === p.arrayId);
      const share = planes.filter((q) => q.arrayId === p.arrayId).length;
      return { planeId: p.id, count: a ? Math.ceil(a.moduleCount / share) : 0, orientation: a?.orientation ?? 'portrait' as const };
    });
    modules = autoLayoutRoof(planes, req.module, targets, { fireCode: req.fireCode, roofIsHip: req.roofIsHip, obstructions: [] }).modules;
  }
  const arrayOfPlane = new Map(planes.map((p) => [p.id, p.arrayId]));
  for (const a of arrays) {
    const placed = modules.filter((m) => arrayOfPlane.get(m.planeId) === a.id).length;
    if (placed !== a.moduleCount) {
      return { ok: false, detail: `the design places ${placed} of array ${a.id.slice(1)}'s ${a.moduleCount} modules on its roof planes: correct it on the job's Design page` };
    }
  }
  const equipment = [...model.equipment];
  const routes = {} as Record<RoutePoint, { x: number; y: number }>;
  for (const e of equipment) {
    const point = POINT_OF[e.kind];
    if (point && !routes[point]) routes[point] = { x: e.x, y: e.y };
  }
  const panel = routes.main_panel;
  if (!panel) return { ok: false, detail: 'the design has no main service panel: place it on the job\'s Design page' };
  const needed: { kind: DesignModel['equipment'][number]['kind']; point: RoutePoint | null; on: boolean }[] = [
    { kind: 'utility_meter', point: 'utility_meter', on: true },
    { kind: 'production_meter', point: 'production_meter', on: req.system.productionMeter },
    { kind: 'ac_disconnect', point: 'ac_disconnect', on: req.system.acDisconnect },
    { kind: 'sub_panel', point: 'sub_panel', on: req.system.subpanel },
    { kind: 'combiner', point: 'combiner', on: req.system.acCombiner },
    { kind: 'inverter', point: 'inverter', on: req.system.kind !== 'micro' },
    { kind: 'battery', point: 'battery', on: req.system.battery },
    // no conductor route is measured to the gateway (the backup circuits are the engine's), but the site plan and the 705.10 map show it
    { kind: 'backup_gateway', point: null, on: req.system.backupGateway },
    { kind: 'backup_panel', point: null, on: req.system.backupPanel },
  ];
  const missing = needed.filter((x) => x.on && !(x.point ? routes[x.point] : equipment.some((e) => e.kind === x.kind)));
  const beside = placeBesidePanel(equipment, panel, missing.map((x) => x.kind));
  equipment.splice(0, equipment.length, ...beside.equipment);
  for (const n of missing) if (n.point) routes[n.point] = beside.placed.get(n.kind)!;
  if (!routes.roof) {
    // Under the module nearest the main panel: inside the array, so never in a fire setback or
    // pathway (PV-2 fails a junction box there); without modules, the first plane's corner 1.5 ft in.
    const first = planes.find((p) => modules.some((m) => m.planeId === p.id)) ?? planes[0]!;
    const c = centroid(first.polygon);
    const corner = first.polygon.reduce((best, q) => (Math.hypot(q.x - panel.x, q.y - panel.y) < Math.hypot(best.x - panel.x, best.y - panel.y) ? q : best));
    const d = Math.hypot(c.x - corner.x, c.y - corner.y) || 1;
    const under = modules.length ? modules.reduce((b, m) => (Math.hypot(m.x - panel.x, m.y - panel.y) < Math.hypot(b.x - panel.x, b.y - panel.y) ? m : b)) : undefined;
    const at = under ? { x: round2(under.x), y: round2(under.y) } : { x: round2(corner.x + ((c.x - corner.x) / d) * 1.5), y: round2(corner.y + ((c.y - corner.y) / d) * 1.5) };
    equipment.push({ kind: 'junction_box', ...at });
    routes.roof = at;
  }
  const street = model.site.street;
  return {
    ok: true,
    routes,
    // Auto-filled modules (none were saved) have no strings of the designer's.
    electrical: modules === model.modules ? { strings: model.strings, branchCircuits: model.branchCircuits } : { strings: [], branchCircuits: [] },
    design: {
      revision: req.revision,
      site: { ...model.site, street: { ...street, name: street.name !== 'Street' ? street.name : req.streetName } },
      roofPlanes: planes,
      modules,
      attachments: model.attachments,
      equipment,
      obstructions: model.obstructions,
    },
  };
}

/**
 * The auto layouts laid out lately, by request: a run's request (its input hash and checks) and the
 * run itself lay out the same roof seconds apart, ~100 ms of the event loop each (bench/README.md,
 * "Generation throughput"). A layout depends on its request only; each caller gets its own copy.
 */
const recentLayouts = new Map<string, DesignResult>();
const RECENT_LAYOUTS = 64;

export function autoDesign(req: DesignRequest): DesignResult {
  const key = JSON.stringify(req);
  const hit = recentLayouts.get(key);
  if (hit) return structuredClone(hit);
  const result = layOut(req);
  if (recentLayouts.size >= RECENT_LAYOUTS) recentLayouts.delete(recentLayouts.keys().next().value!);
  recentLayouts.set(key, structuredClone(result));
  return result;
}

function layOut(req: DesignRequest): DesignResult {
  const arrays = req.arrays.filter((a) => a.moduleCount > 0);
  if (arrays.length === 0) return { ok: false, detail: 'no array has modules' };
  let planes: RoofPlane[] = [];
  let modules: PlacedModule[] = [];
  let grow = 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    let x = 0;
    planes = arrays.map((a) => {
      const p = planeFor(a, x, req.module, grow);
      x = Math.max(...p.polygon.map((q) => q.x));
      return p;
    });
    const layout = autoLayoutRoof(planes, req.module, arrays.map((a) => ({ planeId: `P-${a.id}`, count: a.moduleCount, orientation: a.orientation })), {
      fireCode: req.fireCode, roofIsHip: req.roofIsHip, obstructions: [],
    });
    modules = layout.modules;
    if (Object.keys(layout.shortBy).length === 0) break;
    grow *= 1.2;
  }
  const placed = modules.length;
  const wanted = arrays.reduce((s, a) => s + a.moduleCount, 0);
  if (placed !== wanted) return { ok: false, detail: `the auto-layout placed ${placed} of ${wanted} modules` };

  const maxX = Math.max(...planes.flatMap((p) => p.polygon.map((q) => q.x)));
  const maxY = Math.max(...planes.flatMap((p) => p.polygon.map((q) => q.y)));
  const wall = round2(maxX + 0.6);
  // Equipment along the east wall, from the street end: meter, main panel, then what the system has.
  const order: { kind: DesignModel['equipment'][number]['kind']; point: RoutePoint | null; on: boolean }[] = [
    { kind: 'utility_meter', point: 'utility_meter', on: true },
    { kind: 'main_panel', point: 'main_panel', on: true },
    { kind: 'production_meter', point: 'production_meter', on: req.system.productionMeter },
    { kind: 'ac_disconnect', point: 'ac_disconnect', on: req.system.acDisconnect },
    { kind: 'sub_panel', point: 'sub_panel', on: req.system.subpanel },
    { kind: 'combiner', point: 'combiner', on: req.system.acCombiner },
    { kind: 'inverter', point: 'inverter', on: req.system.kind !== 'micro' },
    { kind: 'battery', point: 'battery', on: req.system.battery },
    { kind: 'backup_gateway', point: null, on: req.system.backupGateway },
    { kind: 'backup_panel', point: null, on: req.system.backupPanel },
    { kind: 'rsd_initiator', point: null, on: req.system.rapidShutdownInitiator },
  ];
  const equipment: DesignModel['equipment'] = [];
  const routes = {} as Record<RoutePoint, { x: number; y: number }>;
  let y = 3;
  for (const e of order.filter((o) => o.on)) {
    equipment.push({ kind: e.kind, x: wall, y });
    if (e.point) routes[e.point] = { x: wall, y };
    y += 3;
  }
  // the junction box under the module nearest the wall's equipment: never in a fire pathway
  const near = modules.reduce((b, m) => (Math.hypot(m.x - wall, m.y - 3) < Math.hypot(b.x - wall, b.y - 3) ? m : b), modules[0]!);
  const jbox = near ? { x: round2(near.x), y: round2(near.y) } : { x: round2(maxX - 3), y: round2(Math.min(maxY - 2, 6)) };
  equipment.push({ kind: 'junction_box', x: jbox.x, y: jbox.y });
  routes.roof = jbox;
  return {
    ok: true,
    routes,
    electrical: { strings: [], branchCircuits: [] },
    design: {
      revision: req.revision,
      site: {
        property: rect(-25, -35, round2(maxX + 30), round2(maxY + 25)),
        building: rect(0, 0, round2(maxX), round2(maxY)),
        // the street's centreline 10 ft beyond the front property line: the property never runs past it
        street: { from: { x: -25, y: -45 }, to: { x: round2(maxX + 30), y: -45 }, name: req.streetName },
      },
      roofPlanes: planes,
      modules,
      attachments: [],
      equipment,
      obstructions: [],
    },
  };
}

/** Length of a route along its points, feet, plus the drops at both ends, rounded up to 5 ft. */
export function routeLengthFt(route: { x: number; y: number }[], dropsFt = 6): number {
  let l = 0;
  for (let i = 1; i < route.length; i++) l += Math.hypot(route[i]!.x - route[i - 1]!.x, route[i]!.y - route[i - 1]!.y);
  return Math.max(5, Math.ceil((l + dropsFt) / 5) * 5);
}
