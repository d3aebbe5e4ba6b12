import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from '@cantoo/pdf-lib';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { sniffImage } from '../images.ts';
import type { SealBox, SealSlot } from './seal-slots.ts';

/*
 * Draws PE seals into the places a draft reserved (seal-slots.ts): the seal image, the engineer's
 * name, licence, the sealing date and the verification code with where to check it. Pure, bytes in
 * and bytes out. Sealing always comes before any digital signature: re-saving a signed PDF voids
 * the signature (research/planset.md §5.2). The caller checks the result with sealsShown.
 */

export interface SealToApply {
  discipline: Discipline;
  engineerName: string;
  licenceState: string;
  licenceNumber: string;
  /** ISO date the seal is applied. */
  date: string;
  /** The verification code as printed (formatted with dashes). */
  code: string;
  /** Where anyone checks the code: `{PUBLIC_URL}/verify`. */
  verifyUrl: string;
  /** The seal image, PNG or JPEG (normaliseSealImage's PNG). */
  seal: Uint8Array;
  /** The engineer's signature image, drawn on a letter's signature line when given. */
  signature?: Uint8Array;
  /** A demo engineer: every seal says "DEMO – NOT A VALID SEAL". */
  demo?: boolean;
}

export const DEMO_SEAL_TEXT = 'DEMO – NOT A VALID SEAL';

export interface StampedSeal { page: number; discipline: Discipline; kind: SealSlot['kind'] }

/** The standard fonts encode WinAnsi only: anything else prints as "?" rather than failing the seal. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function winAnsi(s: string): string {
  let out = '';
  // By code point: a character outside the BMP is one "?" (an emoji decomposed would not print either).
  for (const c of s) {
    const code = c.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c) ? c : code < 0x20 ? ' ' : '?';
  }
  return out;
}

/** Lines of `text` no wider than `width`: words, then a word too long broken after a dash or slash, or anywhere. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) { line = joined; continue; }
    if (line) lines.push(line);
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      const soft = Math.max(rest.lastIndexOf('-', cut - 1), rest.lastIndexOf('/', cut - 1));
      const at = soft > 0 ? soft + 1 : cut;
      lines.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

interface Fonts { regular: PDFFont; bold: PDFFont }
interface Line { text: string; bold?: boolean; red?: boolean }

const INK = rgb(0.08, 0.12, 0.25);
const RED = rgb(0.75, 0.05, 0.05);

/** The lines printed under a seal image: who, the licence, the date; with the code when no band carries it. */
function sealLines(s: SealToApply, withCode: boolean, compact = false): Line[] {
  const discipline = s.discipline === 'structural' ? 'Structural' : 'Electrical';
  return [
    { text: `${s.engineerName}, P.E.`, bold: true },
    { text: compact ? `${s.licenceState} No. ${s.licenceNumber}` : `${s.licenceState} PE No. ${s.licenceNumber}` },
    { text: compact ? `${discipline} · ${s.date}` : `${discipline} seal · ${s.date}` },
    ...(withCode ? codeLines(s) : []),
  ];
}

/** The verification code, where to check it, and the demo warning. */
function codeLines(s: SealToApply): Line[] {
  return [
    { text: `Verification code ${s.code}` },
    { text: s.verifyUrl },
    ...(s.demo ? [{ text: DEMO_SEAL_TEXT, bold: true, red: true }] : []),
  ];
}

function drawLines(page: PDFPage, fonts: Fonts, lines: Line[], box: SealBox, top: number, size: number): number {
  const { height } = page.getSize();
  let y = top;
  for (const l of lines) {
    const font = l.bold ? fonts.bold : fonts.regular;
    for (const t of wrapText(winAnsi(l.text), font, size, box.w - 4)) {
      const w = font.widthOfTextAtSize(t, size);
      page.drawText(t, { x: box.x + (box.w - w) / 2, y: height - (y + size * 0.82), size, font, color: l.red ? RED : INK });
      y += size * 1.18;
    }
  }
  return y;
}

function lineCount(fonts: Fonts, lines: Line[], width: number, size: number): number {
  return lines.reduce((n, l) => n + wrapText(winAnsi(l.text), l.bold ? fonts.bold : fonts.regular, size, width - 4).length, 0);
}

/**
 * A seal block: white ground, the image on top, the lines under it. The text is set at the sheet's
 * least size (7 pt at the least) and shrinks half a point at a time, not under 6 pt, until the seal
 * keeps at least half the block's height.
 */
function drawSealBlock(page: PDFPage, fonts: Fonts, image: PDFImage, lines: Line[], box: SealBox, opts: { minTextPt: number; frame: boolean; maxImage?: number }) {
  const { height } = page.getSize();
  page.drawRectangle({ x: box.x, y: height - box.y - box.h, width: box.w, height: box.h, color: rgb(1, 1, 1), ...(opts.frame ? { borderColor: rgb(0.5, 0.5, 0.5), borderWidth: 0.5 } : {}) });
  const least = Math.max(6, opts.minTextPt);
  let size = Math.max(7, opts.minTextPt);
  const pad = 3;
  const imageFor = (sz: number) => Math.min(opts.maxImage ?? Infinity, box.w - 2 * pad, box.h - 2 * pad - lineCount(fonts, lines, box.w, sz) * sz * 1.18);
  while (imageFor(size) < box.h * 0.5 && size > least) size = Math.max(least, size - 0.5);
  const side = Math.max(0, imageFor(size));
  if (side > 0) {
    const fit = image.scaleToFit(side, side);
    page.drawImage(image, { x: box.x + (box.w - fit.width) / 2, y: height - (box.y + pad) - side + (side - fit.height) / 2, width: fit.width, height: fit.height });
  }
  drawLines(page, fonts, lines, box, box.y + pad + side + 2, size);
}

/** The band under a sheet's seals: the code lines, centred, at the largest size from 7 pt down to 5 pt that fits. */
function drawBand(page: PDFPage, fonts: Fonts, lines: Line[], band: SealBox, minTextPt: number) {
  const { height } = page.getSize();
  page.drawRectangle({ x: band.x, y: height - band.y - band.h, width: band.w, height: band.h, color: rgb(1, 1, 1) });
  let size = Math.max(7, minTextPt);
  while (size > 5 && lineCount(fonts, lines, band.w, size) * size * 1.18 > band.h - 2) size -= 0.25;
  drawLines(page, fonts, lines, band, band.y + 1, size);
}

function drawFooter(page: PDFPage, fonts: Fonts, s: SealToApply, box: SealBox) {
  const { height } = page.getSize();
  const text = winAnsi(`Sealed by ${s.engineerName}, P.E., ${s.licenceState} PE No. ${s.licenceNumber}, on ${s.date} · Verification code ${s.code} at ${s.verifyUrl}${s.demo ? ` · ${DEMO_SEAL_TEXT}` : ''}`);
  let size = 7.5;
  while (size > 4.5 && fonts.regular.widthOfTextAtSize(text, size) > box.w) size -= 0.25;
  const w = fonts.regular.widthOfTextAtSize(text, size);
  page.drawRectangle({ x: box.x, y: height - box.y - box.h, width: box.w, height: box.h, color: rgb(1, 1, 1) });
  page.drawText(text, { x: box.x + Math.max(0, (box.w - w) / 2), y: height - (box.y + size * 0.9), size, font: fonts.regular, color: s.demo ? RED : INK });
}

async function embed(doc: PDFDocument, bytes: Uint8Array, what: string): Promise<PDFImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new Error(`The ${what} image is not a PNG or JPEG.`);
  return kind.mime === 'image/png' ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

/**
 * Draws each seal into the slots of its discipline. Slots of a discipline no seal is given for are
 * left as they are (another engineer seals them). Throws when a slot names a page the PDF lacks.
 */
export async function stampSeals(
  pdf: Uint8Array, slots: readonly SealSlot[], seals: readonly SealToApply[], opts: { minTextPt?: number; modified?: Date } = {},
): Promise<{ pdf: Uint8Array; stamped: StampedSeal[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const pages = doc.getPages();
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const stamped: StampedSeal[] = [];
  for (const s of seals) {
    const mine = slots.filter((x) => x.discipline === s.discipline);
    if (!mine.length) continue;
    const image = await embed(doc, s.seal, `${s.discipline} seal`);
    const signature = s.signature ? await embed(doc, s.signature, 'signature') : null;
    for (const slot of mine) {
      const page = pages[slot.page - 1];
      if (!page) throw new Error(`The ${s.discipline} seal belongs on page ${slot.page}, but the document has ${pages.length} pages.`);
      const { height } = page.getSize();
      switch (slot.kind) {
        case 'sheet':
          if (slot.strip) {
            drawSealBlock(page, fonts, image, sealLines(s, false, true), { ...slot.box, h: slot.strip.y - slot.box.y }, { minTextPt: opts.minTextPt ?? 7, frame: false });
            drawBand(page, fonts, codeLines(s), slot.strip, opts.minTextPt ?? 7);
          } else {
            drawSealBlock(page, fonts, image, sealLines(s, true), slot.box, { minTextPt: opts.minTextPt ?? 7, frame: false });
          }
          break;
        case 'margin':
          drawSealBlock(page, fonts, image, sealLines(s, true), slot.box, { minTextPt: 6, frame: true });
          break;
        case 'letter-seal':
          // At most 2 in across (Texas 22 TAC 137.33).
          drawSealBlock(page, fonts, image, sealLines(s, true), slot.box, { minTextPt: 7, frame: false, maxImage: 144 });
          break;
        case 'letter-signature':
          if (signature) {
            const fit = signature.scaleToFit(slot.box.w, slot.box.h);
            page.drawImage(signature, { x: slot.box.x, y: height - slot.box.y - fit.height, width: fit.width, height: fit.height });
          }
          break;
        case 'footer':
          drawFooter(page, fonts, s, slot.box);
          break;
      }
      stamped.push({ page: slot.page, discipline: s.discipline, kind: slot.kind });
    }
  }
  if (opts.modified) doc.setModificationDate(opts.modified);
  return { pdf: await doc.save({ useObjectStreams: false }), stamped };
}
