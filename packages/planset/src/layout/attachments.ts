import { railAllowances } from '@sunstamp/engineering/structural/structural.calc';
import type { DesignInputRaw } from '@sunstamp/engineering/design-input.schema';
import { drawnRails, layoutAttachments, type LayoutModuleSize } from '@sunstamp/domain/design/attachment-layout.rules';
import type { DesignModel } from '../input.schema.ts';

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
