import { parsePageList } from '@sunstamp/domain/jobs/page-list.rules';
import { PDFDocument, rgb } from 'pdf-lib';
import { sniffImage } from '../images.ts';
import { titleBlockStampBox } from '../sheets/title-block.sheet.ts';

/*
 * PE seals on a finished plan set: the pages structural_pages_to_stamp / electrical_pages_to_stamp
 * name, when the stamp requirement asks for a seal (spec §9 "Stamp on CAD options"). Pure, bytes in
 * and bytes out; stamping always happens before signing (re-saving a signed PDF voids its signature).
 */

export const STAMP_ON_CAD = ['No Stamp Required', 'Always Include', 'Only Over 10 Kilowatts'] as const;
export type StampOnCad = (typeof STAMP_ON_CAD)[number];

/** Whether a stamp requirement's option asks for a seal on a system of this size. */
export function stampRequired(option: string | null | undefined, systemKw: number): boolean {
  if (option === 'Always Include') return true;
  if (option === 'Only Over 10 Kilowatts') return systemKw > 10;
  return false;
}

export interface StampRequirementValues {
  structural_stamps_on_cad?: string | null;
  professional_stamps_on_electrical?: string | null;
  electrical_stamps_on_cad?: string | null;
  structural_pages_to_stamp?: string | null;
  electrical_pages_to_stamp?: string | null;
}

/** The page names to seal per discipline for a job's requirements and system size (kW, AC as the requirement options count it). */
export function pagesToStamp(values: StampRequirementValues, systemKw: number): { structural: string[]; electrical: string[] } {
  const structural = stampRequired(values.structural_stamps_on_cad, systemKw) ? parsePageList(values.structural_pages_to_stamp).pages : [];
  const electricalOn = stampRequired(values.professional_stamps_on_electrical, systemKw) || stampRequired(values.electrical_stamps_on_cad, systemKw);
  const electrical = electricalOn ? parsePageList(values.electrical_pages_to_stamp).pages : [];
  return { structural, electrical };
}

export interface SealToPlace {
  discipline: 'structural' | 'electrical';
  /** Page names as the requirement lists them (PV-3, PV-4, …). */
  pages: readonly string[];
  /** PNG or JPEG. */
  seal: Uint8Array;
}

export interface StampResult {
  pdf: Uint8Array;
  stamped: { page: number; name: string; discipline: 'structural' | 'electrical' }[];
  /** Names asked for that the set does not have. */
  missing: string[];
}

const norm = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * Places each seal in the title block's stamp box of the pages it names. `pageNames[i]` is the
 * sheet number of page i (PV-1, PV-2, …; cut sheets have none). Two seals on one page share the box.
 */
export async function stampPlanSetPages(
  pdf: Uint8Array,
  pageNames: readonly (string | null)[],
  seals: readonly SealToPlace[],
  opts: { minTextPt?: number; date?: string } = {},
): Promise<StampResult> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages();
  const byName = new Map<string, number>();
  pageNames.forEach((n, i) => { if (n) byName.set(norm(n), i); });
  const perPage = new Map<number, { discipline: SealToPlace['discipline']; image: Awaited<ReturnType<PDFDocument['embedPng']>> }[]>();
  const missing: string[] = [];
  for (const s of seals) {
    const kind = sniffImage(s.seal);
    if (!kind) throw new Error(`The ${s.discipline} seal is not a PNG or JPEG.`);
    const image = kind.mime === 'image/png' ? await doc.embedPng(s.seal) : await doc.embedJpg(s.seal);
    for (const name of s.pages) {
      const i = byName.get(norm(name));
      if (i === undefined || i >= pages.length) { missing.push(name); continue; }
      const list = perPage.get(i) ?? [];
      list.push({ discipline: s.discipline, image });
      perPage.set(i, list);
    }
  }
  const box = titleBlockStampBox(opts.minTextPt);
  const stamped: StampResult['stamped'] = [];
  for (const [i, list] of [...perPage.entries()].sort((a, b) => a[0] - b[0])) {
    const page = pages[i]!;
    const { height } = page.getSize();
    const each = box.w / list.length;
    list.forEach(({ discipline, image }, k) => {
      const size = Math.min(each - 4, box.h - 4);
      const x = box.x + k * each + (each - size) / 2;
      const yTop = box.y + (box.h - size) / 2;
      // White under the seal so the "STAMP AREA" placeholder never shows through.
      page.drawRectangle({ x: box.x + k * each + 1, y: height - box.y - box.h, width: each - 2, height: box.h, color: rgb(1, 1, 1) });
      const fit = image.scaleToFit(size, size);
      page.drawImage(image, { x: x + (size - fit.width) / 2, y: height - yTop - size + (size - fit.height) / 2, width: fit.width, height: fit.height });
      stamped.push({ page: i + 1, name: pageNames[i]!, discipline });
    });
  }
  if (opts.date) doc.setModificationDate(new Date(`${opts.date}T12:00:00Z`));
  return { pdf: await doc.save({ useObjectStreams: false }), stamped, missing };
}
