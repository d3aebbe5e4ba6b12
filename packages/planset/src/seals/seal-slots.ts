import { z } from 'zod';
import { DISCIPLINES, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';

/*
 * Where a document is sealed. A generated draft reserves these places (the title block's stamp box
 * of each covered sheet, the seal and signature boxes and the footer line of a letter); the seal
 * step draws into them (seal-stamp.ts) and then checks the produced PDF itself (seal-check.ts).
 * Boxes are in PDF points from the page's top-left corner; pages are 1-based.
 */

export const SEAL_SLOT_KINDS = [
  /** A plan-set sheet's stamp box (or its share of it): the seal image over name, licence, date and code. */
  'sheet',
  /** A letter's 2 in seal box with the lines under it. */
  'letter-seal',
  /** A letter's signature line (the engineer's signature image, when one is on file). */
  'letter-signature',
  /** One line at the foot of a letter page: who sealed it, the licence and the verification code. */
  'footer',
  /** A document made outside Sunstamp: a seal block in the lower right corner of every page. */
  'margin',
] as const;
export type SealSlotKind = (typeof SEAL_SLOT_KINDS)[number];

export const ZSealBox = z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() });
export type SealBox = z.infer<typeof ZSealBox>;

export const ZSealSlot = z.object({
  page: z.number().int().min(1),
  discipline: z.enum(DISCIPLINES),
  kind: z.enum(SEAL_SLOT_KINDS),
  box: ZSealBox,
  /**
   * A sheet's band under its seals, shared by the seals of the page: the verification code and where
   * to check it (one code per document), printed once across the band's width.
   */
  strip: ZSealBox.optional(),
  /** The least text size of the document (an AHJ's minimum on a plan set): the seal's text is no smaller. */
  textPt: z.number().positive().optional(),
});
export type SealSlot = z.infer<typeof ZSealSlot>;
export const ZSealSlots = z.array(ZSealSlot);

/** The slots that show a seal (each must carry the licence number and code once sealed). */
export const SHOWS_SEAL: Readonly<Record<SealSlotKind, boolean>> = { sheet: true, 'letter-seal': true, 'letter-signature': false, footer: true, margin: true };

/** The disciplines a set of slots asks for, in a fixed order. */
export function disciplinesOf(slots: readonly SealSlot[]): Discipline[] {
  return DISCIPLINES.filter((d) => slots.some((s) => s.discipline === d));
}

/** The 1-based pages a discipline's seal covers. */
export function coveredPages(slots: readonly SealSlot[], discipline?: Discipline): number[] {
  return [...new Set(slots.filter((s) => SHOWS_SEAL[s.kind] && (!discipline || s.discipline === discipline)).map((s) => s.page))].sort((a, b) => a - b);
}

/**
 * Seal blocks for the pages of a document made elsewhere: 2 in wide, in the lower right corner inside
 * a half-inch margin, a second discipline's block to the left of the first.
 */
export function marginSlots(pageSizes: readonly { width: number; height: number }[], disciplines: readonly Discipline[]): SealSlot[] {
  return pageSizes.flatMap((p, i) => {
    const w = Math.min(150, (p.width - 72) / Math.max(2, disciplines.length + 1));
    const h = Math.min(210, p.height / 3);
    return disciplines.map((discipline, k) => ({
      page: i + 1, discipline, kind: 'margin' as const, box: { x: p.width - 36 - w - k * (w + 8), y: p.height - 36 - h, w, h },
    }));
  });
}
