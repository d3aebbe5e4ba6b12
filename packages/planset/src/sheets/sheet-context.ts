import type { PlanSetFacts } from '@sunstamp/domain/requirements/sticker-logic.data';
import type { ImageTable } from '../draw/drawing.model.ts';
import type { TextMeasure } from '../draw/text.measure.ts';
import type { PlanSetInput } from '../input.schema.ts';
import type { checkRoofAccess } from '../layout/auto-layout.ts';
import type { RailsOfSet } from '../check/rails.check.ts';
import type { LogicalPage, SheetLabel } from '../planset.model.ts';

/** What every sheet builder receives: the input and what was derived from it once. */
export interface SheetContext {
  input: PlanSetInput;
  m: TextMeasure;
  vars: Record<string, string>;
  facts: PlanSetFacts;
  labels: SheetLabel[];
  access: ReturnType<typeof checkRoofAccess>;
  /** The rails as drawn (attachments read back), checked against the report before any sheet is built. */
  rails: RailsOfSet;
  images: ImageTable;
  /** Logical pages in order, as printed (sheet index, page count). */
  pages: { page: LogicalPage; number: string; title: string }[];
  inputHash: string;
  /** Least text size on the sheets (the AHJ's minimum). */
  minPt: number;
}

/** Frame and title-block geometry shared by every sheet (points). */
export const FRAME = { x: 18, y: 18, w: 1188, h: 756 };
export const TB = { x: 1010, y: 18, w: 196, h: 756 };
/** The drawing area left of the title block. */
export const AREA = { x: 26, y: 26, w: TB.x - 26 - 8, h: 740 };
