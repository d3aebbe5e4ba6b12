import type { Canvas } from '../draw/canvas.ts';
import type { Point, RoofPlane } from '../input.schema.ts';
import { moduleCornersPlan } from '../layout/plane-geometry.ts';
import type { SheetContext } from './sheet-context.ts';

/*
 * Plan view on paper: plan feet (x east, y north) → points in a box, north up, uniform scale picked
 * from a list of architectural scales so the printed scale is a real one.
 */

export interface View { s: number; ox: number; oy: number; scaleLabel: string; toP(p: Point): [number, number] }

const SCALES: [number, string][] = [
  [1 / 2, '1/2" = 1\'-0"'], [3 / 8, '3/8" = 1\'-0"'], [1 / 4, '1/4" = 1\'-0"'], [3 / 16, '3/16" = 1\'-0"'],
  [1 / 8, '1/8" = 1\'-0"'], [1 / 10, '1" = 10\'-0"'], [3 / 32, '3/32" = 1\'-0"'], [1 / 16, '1/16" = 1\'-0"'], [1 / 20, '1" = 20\'-0"'],
  [1 / 30, '1" = 30\'-0"'], [1 / 32, '1/32" = 1\'-0"'], [1 / 40, '1" = 40\'-0"'], [1 / 64, '1/64" = 1\'-0"'],
];

export function fitView(pts: Point[], box: { x: number; y: number; w: number; h: number }): View {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const wFt = Math.max(x1 - x0, 1);
  const hFt = Math.max(y1 - y0, 1);
  // inches of paper per foot: the largest standard scale that fits
  const fit = Math.min(box.w / wFt, box.h / hFt) / 72;
  const [inPerFt, label] = SCALES.find(([v]) => v <= fit) ?? SCALES[SCALES.length - 1]!;
  const s = inPerFt * 72;
  const ox = box.x + (box.w - wFt * s) / 2 - x0 * s;
  const oy = box.y + (box.h - hFt * s) / 2 + y1 * s;
  return { s, ox, oy, scaleLabel: label, toP: (p) => [ox + p.x * s, oy - p.y * s] };
}

export function drawNorthArrow(c: Canvas, x: number, y: number): void {
  c.circle(x, y, 14, { lineWidth: 0.75 }, 'G-ANNO');
  c.poly([[x, y - 13], [x + 6, y + 8], [x, y + 3], [x - 6, y + 8]], true, { fill: '#000', lineWidth: 0.5 }, 'G-ANNO');
  c.text('N', x, y - 17, { size: 9, bold: true, align: 'center', layer: 'G-ANNO' });
}

export function drawModules(c: Canvas, ctx: SheetContext, v: View, planes: RoofPlane[], fill = '#dce6f2'): void {
  const { module } = ctx.input.equipment;
  for (const m of ctx.input.design.modules) {
    const plane = planes.find((p) => p.id === m.planeId);
    if (!plane) continue;
    const corners = moduleCornersPlan(plane, m, module.lengthIn, module.widthIn).map((p) => v.toP(p));
    c.poly(corners, true, { fill, stroke: '#1f4e79', lineWidth: 0.6 }, 'E-PV-MODULE');
  }
}

export function centroid(pts: Point[]): Point {
  return { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length };
}

/** A small scale bar with the printed scale. */
export function drawScale(c: Canvas, v: View, x: number, y: number, title: string): void {
  c.text(title, x, y, { size: 10, bold: true, layer: 'G-ANNO' });
  c.line(x, y + 3, x + c.m.width(title, c.sz(10), true), y + 3, { lineWidth: 1 }, 'G-ANNO');
  c.text(`SCALE: ${v.scaleLabel}`, x, y + 14, { size: 7, layer: 'G-ANNO' });
}

export const EQUIPMENT_TAGS: Record<string, string> = {
  utility_meter: 'UM', main_panel: 'MSP', sub_panel: 'SP', ac_disconnect: 'ACD', inverter: 'INV', combiner: 'CMB',
  junction_box: 'JB', rsd_initiator: 'RSD', production_meter: 'PM', battery: 'BAT', backup_gateway: 'GW', backup_panel: 'BLP',
};
export const EQUIPMENT_NAMES: Record<string, string> = {
  utility_meter: 'UTILITY METER', main_panel: 'MAIN SERVICE PANEL', sub_panel: 'SUB PANEL', ac_disconnect: 'AC DISCONNECT',
  inverter: 'INVERTER', combiner: 'AC COMBINER PANEL', junction_box: 'JUNCTION BOX', rsd_initiator: 'RAPID SHUTDOWN INITIATOR',
  production_meter: 'PRODUCTION METER', battery: 'BATTERY', backup_gateway: 'BACKUP GATEWAY', backup_panel: 'BACKUP LOADS PANEL',
};
/** Requirement locations (EQUIPMENT_LOCATIONS) → design equipment kinds. */
export const LOCATION_KIND: Record<string, string> = {
  'Utility Meter': 'utility_meter', 'Main Panel': 'main_panel', 'Sub Panel': 'sub_panel', 'AC Disconnect': 'ac_disconnect',
  'Production Meter': 'production_meter', Inverter: 'inverter', 'Combiner Panel': 'combiner', Battery: 'battery',
  'Junction Box': 'junction_box', 'Rapid Shutdown Switch': 'rsd_initiator',
};
