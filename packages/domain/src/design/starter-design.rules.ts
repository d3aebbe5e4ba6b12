import type { JobArray } from '../jobs/job-defaults.schema.ts';
import { TRUSS_TYPES, type DesignModel, type EquipmentLocation, type Point, type RoofPlane } from './design-model.schema.ts';

/*
 * The design a job starts with before anyone draws: one rectangular roof plane per array, facing
 * south at the array's pitch, big enough for the array's modules in its orientation plus a 36 in
 * pathway on each rake and the full 36 in ridge setback, side by side on one building; the site and
 * the usual equipment on the building's east wall. The designer then traces the real roof over the
 * client's layout image; the auto-fill (packages/planset auto-layout) places the modules.
 */

export interface StarterInput {
  revision: number;
  arrays: readonly Pick<JobArray, 'panel_quantity' | 'orientation' | 'roof_pitch' | 'roof_material' | 'beam_spacing' | 'beam_span' | 'frame_shape' | 'beam_shape' | 'nonstandard_framing' | 'truss_builder_coords'>[];
  module: { lengthIn: number; widthIn: number };
  /** What the job's equipment asks for (battery, optimizer systems need no box of their own). */
  hasBattery: boolean;
  microInverters: boolean;
}

const GAP_IN = 1;
const PATHWAY_IN = 36;
const MARGIN_FT = 10;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** "Rafter", or the truss type the array's framing names (spec §3 truss types). */
export function framingTypeOf(a: StarterInput['arrays'][number]): RoofPlane['framing']['type'] {
  if (a.nonstandard_framing) return 'Non Standard';
  const shape = (a.frame_shape ?? '').toLowerCase();
  return TRUSS_TYPES.find((t) => t !== 'Rafter' && shape.includes(t.toLowerCase())) ?? 'Rafter';
}

/** Columns × rows for n modules: a wide block, about twice as wide as it is deep. */
export function blockOf(n: number): { cols: number; rows: number } {
  if (n <= 0) return { cols: 1, rows: 1 };
  const rows = Math.max(1, Math.round(Math.sqrt(n / 3)));
  return { cols: Math.ceil(n / rows), rows };
}

export function starterDesignOf(input: StarterInput): DesignModel {
  const planes: RoofPlane[] = [];
  let x0 = 0;
  let depthFt = 0;
  const arrays = input.arrays.length ? input.arrays : [null];
  arrays.forEach((a, i) => {
    const n = a?.panel_quantity ?? 0;
    const pitch = Math.min(75, Math.max(0, a?.roof_pitch ?? 26));
    const portrait = (a?.orientation ?? 'Portrait') === 'Portrait';
    const du = portrait ? input.module.widthIn : input.module.lengthIn;
    const dv = portrait ? input.module.lengthIn : input.module.widthIn;
    const { cols, rows } = blockOf(n);
    // Room for the block, both rake pathways, the ridge setback and a little slack at the eave.
    const widthFt = r2((cols * (du + GAP_IN) + 2 * PATHWAY_IN + 12) / 12);
    const slopeFt = (rows * (dv + GAP_IN) + PATHWAY_IN + 12) / 12;
    const planFt = r2(slopeFt * Math.cos((pitch * Math.PI) / 180));
    depthFt = Math.max(depthFt, planFt);
    const poly: Point[] = [{ x: x0, y: 0 }, { x: r2(x0 + widthFt), y: 0 }, { x: r2(x0 + widthFt), y: planFt }, { x: x0, y: planFt }];
    planes.push({
      id: `R${i + 1}`,
      name: `Roof ${i + 1}`,
      polygon: poly,
      edges: ['eave', 'rake', 'ridge', 'rake'],
      pitchDeg: pitch,
      azimuthDeg: 180,
      material: typeof a?.roof_material === 'string' ? a.roof_material : 'Asphalt Shingle',
      framing: {
        type: a ? framingTypeOf(a) : 'Rafter',
        size: typeof a?.beam_shape === 'string' ? a.beam_shape : '2x6',
        spacingIn: a?.beam_spacing ?? 24,
        spansIn: a?.beam_span?.length ? [...a.beam_span] : [168],
        ...(a?.truss_builder_coords?.length ? { trussBuilderCoords: a.truss_builder_coords.map((p) => ({ x: p.x, y: p.y })) } : {}),
      },
      arrayId: `array-${i + 1}`,
    });
    x0 = r2(x0 + widthFt);
  });
  // The building is the planes' outline and the north slope behind them (not drawn as a plane).
  const top = r2(depthFt * 2);
  const building: Point[] = [{ x: 0, y: 0 }, { x: x0, y: 0 }, { x: x0, y: top }, { x: 0, y: top }];
  const property: Point[] = [
    { x: -MARGIN_FT, y: -MARGIN_FT * 1.5 }, { x: r2(x0 + MARGIN_FT * 1.5), y: -MARGIN_FT * 1.5 },
    { x: r2(x0 + MARGIN_FT * 1.5), y: r2(top + MARGIN_FT) }, { x: -MARGIN_FT, y: r2(top + MARGIN_FT) },
  ];
  // On the east wall, 4 ft apart from the meter north.
  const wallX = r2(x0 + 2);
  const at = (kind: EquipmentLocation['kind'], i: number): EquipmentLocation => ({ kind, x: wallX, y: r2(depthFt * 0.4 + i * 4) });
  const kinds: EquipmentLocation['kind'][] = ['utility_meter', 'main_panel', 'ac_disconnect', input.microInverters ? 'combiner' : 'inverter'];
  if (input.hasBattery) kinds.push('battery');
  const equipment = kinds.map(at);
  return {
    revision: input.revision,
    site: {
      property,
      building,
      street: { from: { x: -MARGIN_FT, y: -MARGIN_FT * 1.5 - 4 }, to: { x: r2(x0 + MARGIN_FT * 1.5), y: -MARGIN_FT * 1.5 - 4 }, name: 'Street' },
    },
    roofPlanes: planes,
    modules: [],
    attachments: [],
    equipment,
    strings: [],
    branchCircuits: [],
    runs: [],
    obstructions: [],
  };
}
