import type { DesignModel, FireCode, PlacedModule, RoofPlane } from '@sunstamp/planset/input.schema';
import { autoLayoutRoof } from '@sunstamp/planset/layout/auto-layout';

/*
 * The design model a run draws. The Design page stores one per job and revision; until the run
 * reads that, loadDesignFor answers the package's auto-layout of the job: one rectangular roof
 * plane per array (eave at the bottom, gable rakes on both sides) sized to hold its modules with
 * the fire setbacks of the AHJ's code, modules placed by autoLayoutRoof, the service equipment on
 * the building's east wall and conductor routes measured on that site plan.
 *
 * This is the one place a run reads a design from: wiring the stored design in is a change here.
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
  | { ok: true; design: Omit<DesignModel, 'strings' | 'branchCircuits' | 'runs'>; routes: Record<RoutePoint, { x: number; y: number }> }
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

/**
 * The design a run draws for a job. For now the auto-layout of the job's arrays; the stored
 * design of the Design page (per job and revision) replaces it here, and with it the strings,
 * branch circuits and runs that the page's electrical design holds.
 */
export async function loadDesignFor(_ctx: unknown, _job: { id: string; revisionNumber: number }, req: DesignRequest): Promise<DesignResult> {
  return autoDesign(req);
}

export function autoDesign(req: DesignRequest): DesignResult {
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
    { kind: 'combiner', point: 'combiner', on: req.system.kind === 'micro' || req.system.battery },
    { kind: 'inverter', point: 'inverter', on: req.system.kind !== 'micro' },
    { kind: 'battery', point: 'battery', on: req.system.battery },
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
  const jbox = { x: round2(maxX - 3), y: round2(Math.min(maxY - 2, 6)) };
  equipment.push({ kind: 'junction_box', x: jbox.x, y: jbox.y });
  routes.roof = jbox;
  return {
    ok: true,
    routes,
    design: {
      revision: req.revision,
      site: {
        property: rect(-25, -35, round2(maxX + 30), round2(maxY + 25)),
        building: rect(0, 0, round2(maxX), round2(maxY)),
        street: { from: { x: -25, y: -30 }, to: { x: round2(maxX + 30), y: -30 }, name: req.streetName },
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
