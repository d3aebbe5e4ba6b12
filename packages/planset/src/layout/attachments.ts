import { railAllowances } from '@sunstamp/engineering/structural/structural.calc';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { drawnRails, layoutAttachments, type LayoutModuleSize } from '@sunstamp/domain/design/attachment-layout.rules';
import type { DesignModel, RoofPlane } from '../input.schema.ts';
import { distRectSegment, moduleExtentIn, planeFrame, toPlane } from './plane-geometry.ts';
import { WIND_EDGE_KINDS } from './wind-edge.rules.ts';

/*
 * Attachments for a design and the engine's rails (issue 24 finding 1), in two steps a run takes
 * before the engineering checks: the rail maker's allowable span and cantilever for the site's loads
 * (railAllowances), the attachments placed by the layout rule on rafters within them (unless the
 * designer drew their own), then the drawn attachments read back into rails with their spans and
 * cantilevers, which the engine checks. PV-2 reads the same rails back from the same attachments.
 */

export type EngineRail = { id: string; attachments: number; spansIn: number[]; cantileversIn: [number, number] };

export type AttachmentPlan =
  | { ok: true; attachments: DesignModel['attachments']; railsByArray: Record<string, EngineRail[]>; limits: ReturnType<typeof railAllowances> }
  | { ok: false; rail: string; detail: string };

export function planAttachments(design: Pick<DesignModel, 'roofPlanes' | 'modules' | 'attachments'>, size: LayoutModuleSize, engine: DesignInputRaw, ballasted: ReadonlySet<string> = new Set()): AttachmentPlan {
  const limits = railAllowances(engine);
  let attachments = design.attachments;
  // Ballasted arrays have no rails on rafters: the ballast calculation holds them down.
  const planes = design.roofPlanes.filter((p) => !ballasted.has(p.arrayId));
  if (!attachments.length) {
    const r = layoutAttachments(planes, design.modules, size, (arrayId) => limits[arrayId]);
    if (!r.ok) return { ok: false, rail: r.rail, detail: r.reason };
    attachments = r.attachments;
  }
  const { rails } = drawnRails(planes, design.modules, size, attachments);
  const railsByArray: Record<string, EngineRail[]> = {};
  for (const r of rails) {
    (railsByArray[r.arrayId] ??= []).push({ id: r.id, attachments: r.attachmentsU.length, spansIn: r.spansIn, cantileversIn: r.cantileversIn });
  }
  return { ok: true, attachments, railsByArray, limits };
}

/** The engine input with each array's drawn rails. */
export function withRails(engine: DesignInputRaw, railsByArray: Record<string, EngineRail[]>): DesignInputRaw {
  const arrays = (engine as { arrays: { id: string }[] }).arrays.map((a) => (railsByArray[a.id] ? { ...a, rails: railsByArray[a.id] } : a));
  return { ...engine, arrays } as DesignInputRaw;
}


/**
 * Per array, the least distance on the roof surface, in., from a drawn module to an eave, rake, ridge
 * or hip of its plane (ASCE 7 §29.4.4's 2 h2 edge distance is checked on it by the engine).
 */
export function edgeDistancesIn(design: Pick<DesignModel, 'roofPlanes' | 'modules'>, size: LayoutModuleSize): Record<string, number> {
  const out: Record<string, number> = {};
  const planes = new Map<string, RoofPlane>(design.roofPlanes.map((p) => [p.id, p]));
  for (const m of design.modules) {
    const plane = planes.get(m.planeId);
    if (!plane) continue;
    const f = planeFrame(plane.pitchDeg, plane.azimuthDeg);
    const poly = plane.polygon.map((p) => toPlane(f, p));
    const c = toPlane(f, m);
    const { du, dv } = moduleExtentIn(m.orientation, size.lengthIn, size.widthIn);
    const rect = [{ x: c.x - du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y - dv / 2 }, { x: c.x + du / 2, y: c.y + dv / 2 }, { x: c.x - du / 2, y: c.y + dv / 2 }];
    for (let i = 0; i < poly.length; i++) {
      if (!WIND_EDGE_KINDS.has(plane.edges[i] ?? '')) continue;
      const d = distRectSegment(rect, poly[i]!, poly[(i + 1) % poly.length]!);
      if (d < (out[plane.arrayId] ?? Infinity)) out[plane.arrayId] = d;
    }
  }
  return out;
}

/** The engine input with each array's drawn edge distance. */
export function withEdgeDistances(engine: DesignInputRaw, byArray: Record<string, number>): DesignInputRaw {
  const arrays = (engine as { arrays: { id: string }[] }).arrays.map((a) => (byArray[a.id] !== undefined ? { ...a, edgeDistanceIn: Math.round(byArray[a.id]! * 100) / 100 } : a));
  return { ...engine, arrays } as DesignInputRaw;
}
