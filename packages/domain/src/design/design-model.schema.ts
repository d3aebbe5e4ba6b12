import { z } from 'zod';

/*
 * The design model of a job's revision: the site, the roof planes, the modules placed on them,
 * attachments, equipment locations and the electrical design. The API stores it (job_designs), the
 * Design page edits it, and packages/planset draws the sheets from it; all three read this one
 * schema. Units: site and roof geometry in feet (plan view, x east, y north), module and framing
 * sizes in inches, angles in degrees.
 */

const finite = () => z.number().finite();
const positive = () => z.number().finite().positive();

export const ZPoint = z.object({ x: finite(), y: finite() });
export type Point = z.infer<typeof ZPoint>;
/** A closed polygon; the last point joins the first. */
export const ZPolygon = z.array(ZPoint).min(3);


export const ROOF_EDGE_KINDS = ['eave', 'rake', 'ridge', 'hip', 'valley', 'wall'] as const;
export const ZRoofEdgeKind = z.enum(ROOF_EDGE_KINDS);
export type RoofEdgeKind = z.infer<typeof ZRoofEdgeKind>;

/** Spec §3 truss types, plus the rafter framing of the array defaults. */
export const TRUSS_TYPES = [
  'Non Standard', 'Rafter', 'Kingpost', 'Collar Tie', 'Simple Fink', 'Queen', 'Fink', 'Howe', 'Fan',
  'Modified Queen', 'Double Fink', 'Double Howe', 'Purlin',
] as const;

export const ZFraming = z.object({
  /** "Rafter" or one of the 13 truss types (spec §3). */
  type: z.enum(TRUSS_TYPES),
  size: z.string().min(1),
  spacingIn: positive(),
  spansIn: z.array(positive()).min(1),
  /** Truss builder points (inches) for "Non Standard"; drawn on PV-3 when present. */
  trussBuilderCoords: z.array(ZPoint).optional(),
});

export const ZRoofPlane = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Plan-view outline in feet. */
  polygon: ZPolygon,
  /** edges[i] is the edge from polygon[i] to polygon[i+1]. */
  edges: z.array(ZRoofEdgeKind),
  pitchDeg: z.number().min(0).max(75),
  /** Direction the plane faces (down-slope), degrees clockwise from north. */
  azimuthDeg: z.number().min(0).lt(360),
  material: z.string().min(1),
  framing: ZFraming,
  /** The engineering array whose modules sit on this plane. */
  arrayId: z.string().min(1),
  /** Edges (indices) along which a 36 in eave-to-ridge pathway is kept; chosen by the layout when absent. */
  pathwayEdges: z.array(z.number().int().min(0)).optional(),
});
export type RoofPlane = z.infer<typeof ZRoofPlane>;

export const ZOrientation = z.enum(['portrait', 'landscape']);
export type Orientation = z.infer<typeof ZOrientation>;

export const ZPlacedModule = z.object({
  id: z.string().min(1),
  planeId: z.string().min(1),
  /** Centre, plan view, feet; the module's edges run along and across the plane's slope. */
  x: finite(),
  y: finite(),
  orientation: ZOrientation,
});
export type PlacedModule = z.infer<typeof ZPlacedModule>;

export const EQUIPMENT_LOCATION_KINDS = [
  'utility_meter', 'main_panel', 'sub_panel', 'ac_disconnect', 'inverter', 'combiner', 'junction_box',
  'rsd_initiator', 'production_meter', 'battery', 'backup_gateway', 'backup_panel',
] as const;
export const ZEquipmentLocation = z.object({
  kind: z.enum(EQUIPMENT_LOCATION_KINDS),
  x: finite(),
  y: finite(),
  /** e.g. "(E) exterior wall", "(N) garage". */
  note: z.string().optional(),
});
export type EquipmentLocation = z.infer<typeof ZEquipmentLocation>;

export const ZDesignModel = z.object({
  revision: z.number().int().min(0),
  site: z.object({
    property: ZPolygon,
    building: ZPolygon,
    /** The street, a line in plan feet, and its name. */
    street: z.object({ from: ZPoint, to: ZPoint, name: z.string().min(1) }),
    driveway: ZPolygon.optional(),
  }),
  roofPlanes: z.array(ZRoofPlane).min(1),
  modules: z.array(ZPlacedModule),
  /** Attachment points, plan feet. */
  attachments: z.array(z.object({ planeId: z.string(), x: finite(), y: finite() })).default([]),
  equipment: z.array(ZEquipmentLocation),
  /** Strings (string/optimizer systems) or branch circuits (micro-inverters): engine ids → module ids. */
  strings: z.array(z.object({ id: z.string(), moduleIds: z.array(z.string()) })).default([]),
  branchCircuits: z.array(z.object({ id: z.string(), moduleIds: z.array(z.string()) })).default([]),
  /** Conductor runs measured on the site plan: engine run id → route in plan feet. */
  runs: z.array(z.object({ id: z.string(), route: z.array(ZPoint).min(2), lengthFt: positive() })).default([]),
  obstructions: z.array(z.object({ kind: z.string(), x: finite(), y: finite(), diameterFt: positive() })).default([]),
});
export type DesignModel = z.infer<typeof ZDesignModel>;

