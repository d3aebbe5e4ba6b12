import { createHash } from 'node:crypto';
import { EncryptedPDFError, PDFDocument } from '@cantoo/pdf-lib';
import type { PlanSetFile, PlanSetInput } from '../input.schema.ts';
import { PlanSetError } from '../planset.errors.ts';
import { req } from '../planset.model.ts';

/*
 * Cut sheets: the datasheet of each piece of equipment and the extra uploads (pv8a, pv11–pv20, NOA,
 * UL 1703), loaded with @cantoo/pdf-lib (the maintained fork of pdf-lib, the one PDF editor of the
 * code base). Manufacturers often owner-password-protect datasheets; upstream pdf-lib copied those
 * pages as garbage, so an encrypted file is decrypted (password '') and re-saved first
 * (research/planset.md §3.2). A file that cannot be read is left
 * out with a cut_sheets_failed warning naming it; the set still completes, unless the requirements
 * call for cut sheets (cut_sheets_required): then a module, inverter, optimizer or battery without a
 * readable datasheet fails the run with cut_sheets_failed, naming each model.
 */

export interface CutSheetSource {
  /** "MODULE", "INVERTER", "PV-8A", "NOA" … */
  slot: string;
  title: string;
  /** Model number the page must name (equipment only). */
  model?: string;
  doc: PDFDocument;
  pageCount: number;
  /** The original (decrypted) bytes, for text extraction. */
  bytes: Uint8Array;
  /** Extra uploads keep their number (8A, 11…20). */
  fixedNumber?: string;
}

export interface CutSheetWarning { slot: string; detail: string }

/** Decrypted copies by the encrypted file's hash: the same datasheet is decrypted once per process. */
const decryptedCache = new Map<string, Uint8Array>();
const DECRYPTED_CACHE_MAX = 64;

export async function loadPdf(bytes: Uint8Array): Promise<{ doc: PDFDocument; bytes: Uint8Array; decrypted: boolean }> {
  try {
    return { doc: await PDFDocument.load(bytes, { updateMetadata: false }), bytes, decrypted: false };
  } catch (e) {
    if (!(e instanceof EncryptedPDFError) && !/encrypted/i.test((e as Error).message)) throw e;
    const key = createHash('sha256').update(bytes).digest('hex');
    let plain = decryptedCache.get(key);
    if (!plain) {
      const c = await PDFDocument.load(bytes, { password: '', updateMetadata: false });
      plain = await c.save({ useObjectStreams: false });
      if (decryptedCache.size >= DECRYPTED_CACHE_MAX) decryptedCache.delete(decryptedCache.keys().next().value!);
      decryptedCache.set(key, plain);
    }
    return { doc: await PDFDocument.load(plain, { updateMetadata: false }), bytes: plain, decrypted: true };
  }
}

export async function loadCutSheets(input: PlanSetInput, opts: { enforce?: boolean } = {}): Promise<{ sources: CutSheetSource[]; warnings: CutSheetWarning[] }> {
  const e = input.equipment;
  const wanted: { slot: string; title: string; model?: string; file?: Uint8Array; required: boolean; fixedNumber?: string; name?: string }[] = [
    { slot: 'MODULE', title: `${e.module.manufacturer} ${e.module.model}`, model: e.module.model, file: e.module.datasheet, required: true },
    { slot: 'INVERTER', title: `${e.inverter.manufacturer} ${e.inverter.model}`, model: e.inverter.model, file: e.inverter.datasheet, required: true },
  ];
  if (e.optimizer) wanted.push({ slot: 'OPTIMIZER', title: `${e.optimizer.manufacturer} ${e.optimizer.model}`, model: e.optimizer.model, file: e.optimizer.datasheet, required: true });
  if (e.battery) wanted.push({ slot: 'BATTERY', title: `${e.battery.manufacturer} ${e.battery.model}`, model: e.battery.model, file: e.battery.datasheet, required: true });
  wanted.push({ slot: 'RACKING', title: `${e.racking.manufacturer} ${e.racking.railModel}`, model: e.racking.railModel, file: e.racking.datasheet, required: false });
  for (const [slot, x] of [['COMBINER', e.combiner], ['AC DISCONNECT', e.acDisconnect], ['PRODUCTION METER', e.productionMeter], ['RAPID SHUTDOWN', e.rapidShutdown]] as const) {
    if (x?.datasheet) wanted.push({ slot, title: `${x.manufacturer} ${x.model}`, model: x.model, file: x.datasheet, required: false });
  }
  const extras: [string, string, string | undefined][] = [
    ['cut_sheet_pv8a', 'PV-8A', '8A'], ...Array.from({ length: 10 }, (_, i): [string, string, string] => [`cut_sheet_pv${i + 11}`, `PV-${i + 11}`, String(i + 11)]),
    ['noa_cut_sheets', 'NOA', undefined], ['ul_1703_cut_sheets', 'UL 1703', undefined],
  ];
  const files = (key: string): PlanSetFile[] => (req(input, key).on ? input.requirementFiles[key] ?? [] : []);
  for (const [key, slot, num] of extras) {
    files(key).forEach((f, i) => wanted.push({ slot, title: f.name.toUpperCase(), file: f.bytes, required: false, fixedNumber: num && i === 0 ? num : undefined, name: f.name }));
  }

  const sources: CutSheetSource[] = [];
  const warnings: CutSheetWarning[] = [];
  for (const w of wanted) {
    if (!w.file) {
      if (w.required) warnings.push({ slot: w.slot, detail: `no cut sheet for the ${w.slot.toLowerCase()} ${w.title}` });
      continue;
    }
    try {
      const { doc, bytes } = await loadPdf(w.file);
      if (doc.getPageCount() === 0) throw new Error('no pages');
      sources.push({ slot: w.slot, title: w.title, model: w.model, doc, pageCount: doc.getPageCount(), bytes, fixedNumber: w.fixedNumber });
    } catch (err) {
      warnings.push({ slot: w.slot, detail: `the ${w.slot.toLowerCase()} cut sheet${w.name ? ` ${w.name}` : ''} could not be read (${(err as Error).message.slice(0, 80)})` });
    }
  }
  if (opts.enforce !== false && req(input, 'cut_sheets_required').on) {
    const missing = wanted.filter((w) => w.required && !sources.some((s) => s.slot === w.slot));
    if (missing.length) {
      throw new PlanSetError('cut_sheets_failed', `the requirements call for cut sheets (cut_sheets_required) and ${missing.map((w) => `the ${w.slot.toLowerCase()} ${w.title}`).join(', ')} ${missing.length > 1 ? 'have' : 'has'} no readable datasheet in the catalogue`);
    }
  }
  return { sources, warnings };
}

/** Puts each cut-sheet page into its frame page of the rendered set (scaled into `box`). */
export async function assembleSet(sheetsPdf: Uint8Array, placements: { pageIndex: number; source: CutSheetSource; sourcePage: number; box: { x: number; y: number; w: number; h: number } }[]): Promise<Uint8Array> {
  if (!placements.length) return sheetsPdf;
  const out = await PDFDocument.load(sheetsPdf, { updateMetadata: false });
  for (const p of placements) {
    const [emb] = await out.embedPdf(p.source.doc, [p.sourcePage]);
    const page = out.getPage(p.pageIndex);
    const ph = page.getHeight();
    const s = Math.min(p.box.w / emb!.width, p.box.h / emb!.height);
    const w = emb!.width * s;
    const h = emb!.height * s;
    // pdf-lib's origin is bottom-left; the drawing model's is top-left
    page.drawPage(emb!, { x: p.box.x + (p.box.w - w) / 2, y: ph - p.box.y - (p.box.h + h) / 2, width: w, height: h });
  }
  return out.save({ useObjectStreams: false });
}
