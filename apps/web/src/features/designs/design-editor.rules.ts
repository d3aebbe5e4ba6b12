import type { DesignModel, EquipmentLocation, Point, RoofPlane } from '@sunstamp/domain/design/design-model.schema';
import { moduleCornersPlan, polygonArea } from '@sunstamp/domain/design/plane-geometry.rules';

/*
 * The Design page's editing rules, pure: an undo/redo history of whole models, moves snapped to
 * the grid, what Tab walks through, and the plan ↔ screen frame (plan y runs north, SVG y down).
 */

export type Selection =
  | { kind: 'module'; id: string }
  | { kind: 'equipment'; index: number }
  | { kind: 'plane'; id: string }
  | null;

export interface History {
  past: DesignModel[];
  present: DesignModel;
  future: DesignModel[];
}

/** Undo steps kept; older ones drop off. */
export const HISTORY_LIMIT = 200;

export const historyOf = (m: DesignModel): History => ({ past: [], present: m, future: [] });

/** A new present; the old one becomes undoable and the redo steps are gone. Same model: no step. */
export function commit(h: History, next: DesignModel): History {
  if (next === h.present) return h;
  return { past: [...h.past, h.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}
export function undo(h: History): History {
  const prev = h.past.at(-1);
  return prev ? { past: h.past.slice(0, -1), present: prev, future: [h.present, ...h.future] } : h;
}
export function redo(h: History): History {
  const next = h.future[0];
  return next ? { past: [...h.past, h.present], present: next, future: h.future.slice(1) } : h;
}

export const GRID_CHOICES_FT = [0.25, 0.5, 1, 2] as const;

/** A value on the grid (feet); a grid of 0 leaves it as it is. Rounded to 1/1000 ft. */
export function snap(v: number, gridFt: number): number {
  const r = gridFt > 0 ? Math.round(v / gridFt) * gridFt : v;
  return Math.round(r * 1000) / 1000;
}

export function moveModule(m: DesignModel, id: string, to: Point): DesignModel {
  return { ...m, modules: m.modules.map((x) => (x.id === id ? { ...x, x: to.x, y: to.y } : x)) };
}
export function removeModule(m: DesignModel, id: string): DesignModel {
  return {
    ...m,
    modules: m.modules.filter((x) => x.id !== id),
    // A string left without modules goes with its last one (a save refuses an empty string).
    strings: m.strings.map((s) => ({ ...s, moduleIds: s.moduleIds.filter((x) => x !== id) })).filter((s) => s.moduleIds.length > 0),
    branchCircuits: m.branchCircuits.map((s) => ({ ...s, moduleIds: s.moduleIds.filter((x) => x !== id) })).filter((s) => s.moduleIds.length > 0),
  };
}
/** A module added at the plane's centre, named after the plane (R1-M7 …, the first free number). */
export function addModule(m: DesignModel, plane: RoofPlane, orientation: 'portrait' | 'landscape', gridFt: number): DesignModel {
  const c = centroid(plane.polygon);
  let n = m.modules.filter((x) => x.planeId === plane.id).length + 1;
  while (m.modules.some((x) => x.id === `${plane.id}-M${n}`)) n++;
  return { ...m, modules: [...m.modules, { id: `${plane.id}-M${n}`, planeId: plane.id, x: snap(c.x, gridFt), y: snap(c.y, gridFt), orientation }] };
}
export function moveEquipment(m: DesignModel, index: number, to: Point): DesignModel {
  return { ...m, equipment: m.equipment.map((e, i) => (i === index ? { ...e, x: to.x, y: to.y } : e)) };
}
export function removeEquipment(m: DesignModel, index: number): DesignModel {
  return { ...m, equipment: m.equipment.filter((_, i) => i !== index) };
}
export function addEquipment(m: DesignModel, kind: EquipmentLocation['kind'], at: Point): DesignModel {
  return { ...m, equipment: [...m.equipment, { kind, x: at.x, y: at.y }] };
}
/** Moves one corner of a plane. */
export function movePlaneVertex(m: DesignModel, planeId: string, index: number, to: Point): DesignModel {
  return { ...m, roofPlanes: m.roofPlanes.map((p) => (p.id === planeId ? { ...p, polygon: p.polygon.map((q, i) => (i === index ? to : q)) } : p)) };
}
/** Moves a whole plane with its modules. */
export function movePlane(m: DesignModel, planeId: string, d: Point): DesignModel {
  const shift = (q: Point) => ({ x: Math.round((q.x + d.x) * 1000) / 1000, y: Math.round((q.y + d.y) * 1000) / 1000 });
  return {
    ...m,
    roofPlanes: m.roofPlanes.map((p) => (p.id === planeId ? { ...p, polygon: p.polygon.map(shift) } : p)),
    modules: m.modules.map((x) => (x.planeId === planeId ? { ...x, ...shift(x) } : x)),
  };
}
export function updatePlane(m: DesignModel, planeId: string, patch: Partial<Pick<RoofPlane, 'name' | 'pitchDeg' | 'azimuthDeg' | 'material'>>): DesignModel {
  return { ...m, roofPlanes: m.roofPlanes.map((p) => (p.id === planeId ? { ...p, ...patch } : p)) };
}

/** The place of what is selected, to move it by keys. */
export function positionOf(m: DesignModel, s: Selection): Point | null {
  if (!s) return null;
  if (s.kind === 'module') return m.modules.find((x) => x.id === s.id) ?? null;
  if (s.kind === 'equipment') return m.equipment[s.index] ?? null;
  const p = m.roofPlanes.find((x) => x.id === s.id);
  return p ? centroid(p.polygon) : null;
}

/** Moves the selection by (dx, dy) feet in grid steps. */
export function nudge(m: DesignModel, s: Selection, dx: number, dy: number, gridFt: number): DesignModel {
  if (!s) return m;
  if (s.kind === 'plane') return movePlane(m, s.id, { x: dx, y: dy });
  const at = positionOf(m, s);
  if (!at) return m;
  if (s.kind === 'module') return moveModule(m, s.id, stepFrom(at, { x: dx, y: dy }, gridFt));
  return moveEquipment(m, s.index, { x: snap(at.x + dx, gridFt), y: snap(at.y + dy, gridFt) });
}

/**
 * A module moves in whole grid steps from where it is, so it stays in line with the row the
 * auto-fill laid out (its centre is rarely on the grid); equipment and roof corners land on the grid.
 */
export function stepFrom(at: Point, d: Point, gridFt: number): Point {
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  return { x: r4(at.x + snap(d.x, gridFt)), y: r4(at.y + snap(d.y, gridFt)) };
}

/** Removes the selection (modules and equipment; a plane is not removed from here). */
export function removeSelected(m: DesignModel, s: Selection): DesignModel {
  if (s?.kind === 'module') return removeModule(m, s.id);
  if (s?.kind === 'equipment') return removeEquipment(m, s.index);
  return m;
}

export function centroid(poly: readonly Point[]): Point {
  const n = poly.length || 1;
  return { x: poly.reduce((s, p) => s + p.x, 0) / n, y: poly.reduce((s, p) => s + p.y, 0) / n };
}

/** Plan feet → SVG user units (feet, y down). */
export const toSvg = (p: Point): Point => ({ x: p.x, y: -p.y });
export const fromSvg = (p: Point): Point => ({ x: p.x, y: -p.y });
export const pointsAttr = (poly: readonly Point[]) => poly.map((p) => `${p.x},${-p.y}`).join(' ');

/** The drawing's bounds in SVG units with a margin: the site, the building and the planes. */
export function viewBoxOf(m: DesignModel, marginFt = 6): { x: number; y: number; w: number; h: number } {
  const pts = [...m.site.property, ...m.site.building, ...m.roofPlanes.flatMap((p) => p.polygon), m.site.street.from, m.site.street.to, ...m.equipment];
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => -p.y);
  const x0 = Math.min(...xs) - marginFt;
  const y0 = Math.min(...ys) - marginFt;
  return { x: x0, y: y0, w: Math.max(...xs) + marginFt - x0, h: Math.max(...ys) + marginFt - y0 };
}

export function moduleOutline(m: DesignModel, moduleId: string, size: { lengthIn: number; widthIn: number }): Point[] {
  const mod = m.modules.find((x) => x.id === moduleId);
  const plane = mod && m.roofPlanes.find((p) => p.id === mod.planeId);
  return mod && plane ? moduleCornersPlan(plane, mod, size.lengthIn, size.widthIn) : [];
}

/** Plan area of a plane, square feet (shown beside its pitch). */
export const planeAreaFt2 = (p: RoofPlane) => Math.round(polygonArea(p.polygon));

/** Whether two models place the same modules in the same places (the layout_alteration rule's "change"). */
export function sameLayout(a: DesignModel, b: DesignModel): boolean {
  const key = (x: DesignModel['modules'][number]) => `${x.planeId}|${x.orientation}|${x.x.toFixed(2)}|${x.y.toFixed(2)}`;
  const ka = a.modules.map(key).sort();
  const kb = b.modules.map(key).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

export const EQUIPMENT_LABELS: Record<EquipmentLocation['kind'], { short: string; name: string }> = {
  utility_meter: { short: 'M', name: 'Utility meter' },
  main_panel: { short: 'MSP', name: 'Main service panel' },
  sub_panel: { short: 'SP', name: 'Subpanel' },
  ac_disconnect: { short: 'ACD', name: 'AC disconnect' },
  inverter: { short: 'INV', name: 'Inverter' },
  combiner: { short: 'CB', name: 'Combiner' },
  junction_box: { short: 'JB', name: 'Junction box' },
  rsd_initiator: { short: 'RSD', name: 'Rapid shutdown initiator' },
  production_meter: { short: 'PM', name: 'Production meter' },
  battery: { short: 'BAT', name: 'Battery' },
  backup_gateway: { short: 'GW', name: 'Backup gateway' },
  backup_panel: { short: 'BLP', name: 'Backup loads panel' },
};

/**
 * The Design page's subtitle: where the drawing comes from and, once saved, which version by whom.
 * A viewer who cannot edit (the client) is not told the drawing is "not saved yet", which reads
 * as a task of theirs: they read that the team has not drawn it yet.
 */
export function designSubtitle(
  a: { source: 'saved' | 'previous_revision' | 'auto'; version: number; updated_at: string | null; updated_by: { name: string } | null },
  readOnly: boolean,
  formatDateTime: (iso: string) => string,
): string {
  const source = {
    saved: 'Saved design',
    previous_revision: readOnly ? 'The design of the previous revision' : 'Carried from the previous revision (not saved for this one yet)',
    auto: readOnly ? 'A first layout from the job\'s arrays; our design team has not drawn the plan yet' : 'Auto-filled from the job\'s arrays (not saved yet)',
  }[a.source];
  if (!a.updated_at) return source;
  return `${source} · version ${a.version}, ${formatDateTime(a.updated_at)}${a.updated_by ? ` by ${a.updated_by.name}` : ''}`;
}
