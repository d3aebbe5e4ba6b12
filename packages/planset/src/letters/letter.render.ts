import PDFDocument from 'pdfkit';
import { pdfBytesOf } from '../render/pdf-bytes.ts';
import { PDFDocument as PdfLib } from '@cantoo/pdf-lib';
import type { Check } from '@sunstamp/engineering/report.schema';
import { loadSheetFonts, type SheetFonts } from '../draw/fonts.ts';
import type { SealSlot } from '../seals/seal-slots.ts';
import { ZLetterInput, type LetterInputRaw, type LetterType } from './letter-input.schema.ts';
import { checkLine, composeLetter, LetterRefusal, refOf, type ComposedLetter } from './letter.compose.ts';

/*
 * renderLetter: LetterInput → a US Letter PDF: the letter (firm header, addressee, subject, text,
 * design criteria, findings with their code sections, signature block with the place of the PE
 * seal), then the calculation pages C-1… (each report section: formula, value, limit, verdict and
 * section). The result is a draft: the engineer's seal, signature and verification code are drawn
 * into its `sealSlots` when the engineer seals it (seals/seal-stamp.ts), never here. Pure:
 * the same input gives the same bytes (the creation date is the letter's date). Pages are added by
 * this code only (pdfkit adds pages silently when text overflows, so every block is measured first).
 */

const W = 612;
const H = 792;
const M = 54;
const TEXT_W = W - 2 * M;
const BOTTOM = H - 60;
/** A seal at most 2 in across (Texas 22 TAC 137.33). */
export const SEAL_SIZE = 144;
/** The seal's place: the 2 in seal and, under it, the engineer, licence, date and verification code. */
export const SEAL_BOX_W = 170;
export const SEAL_BLOCK_H = 214;
/** The footer line the seal step writes on every page (who sealed, licence, verification code). */
const SEAL_FOOTER_Y = H - 31;

export interface RenderedLetter {
  type: LetterType;
  pdf: Uint8Array;
  composed: ComposedLetter;
  pageCount: number;
  /** Calculation page names and their 1-based page numbers in the PDF. */
  calculationPages: { name: string; page: number }[];
  /** Where the seal goes (1-based page, PDF points from the top left): the letter is a draft until sealed. */
  seal: { page: number; x: number; y: number; size: number };
  /** Every place the seal step draws into: signature line, seal box, each page's footer line. */
  sealSlots: SealSlot[];
}

// eslint-disable-next-line max-lines-per-function -- the letter's page flow (blocks, keep-with-signature, calculation pages, footers, appended results) shares the page cursor and fonts
export async function renderLetter(raw: LetterInputRaw, fonts: SheetFonts = loadSheetFonts()): Promise<RenderedLetter> {
  const input = ZLetterInput.parse(raw);
  // An uploaded Forte/SkyCiv result is appended after the calculation pages; the letter lists its pages.
  let analysis: PdfLib | null = null;
  if (input.structuralAnalysis) {
    try {
      analysis = await PdfLib.load(input.structuralAnalysis.pdf, { updateMetadata: false });
    } catch {
      throw new LetterRefusal(input.type, 'structural-result-not-pdf', `The ${input.structuralAnalysis.tool} result "${input.structuralAnalysis.fileName}" is not a readable PDF: upload the result as exported by ${input.structuralAnalysis.tool}.`);
    }
  }
  const composed = composeLetter(input, analysis ? { analysisPages: analysis.getPageCount() } : {});
  const created = new Date(`${input.job.date}T12:00:00Z`);
  const doc = new PDFDocument({
    size: 'LETTER', margin: M, autoFirstPage: false, compress: true, bufferPages: true,
    info: { Title: `${composed.title} — ${input.job.name}`, Author: `${input.engineer.name}, P.E.`, Subject: composed.subject, Creator: 'Sunstamp', Producer: 'Sunstamp', CreationDate: created, ModDate: created },
  });
  doc.registerFont('R', Buffer.from(fonts.regular));
  doc.registerFont('B', Buffer.from(fonts.bold));
  const done = pdfBytesOf(doc);

  let y = M;
  const newPage = () => { doc.addPage({ size: 'LETTER', margin: M }); y = M; };
  const height = (text: string, font: 'R' | 'B', size: number, width = TEXT_W) => doc.font(font).fontSize(size).heightOfString(text, { width, lineGap: 1 });
  const write = (text: string, font: 'R' | 'B', size: number, opts: { x?: number; width?: number; gap?: number; color?: string; align?: 'left' | 'center' | 'right' } = {}) => {
    const width = opts.width ?? TEXT_W;
    const h = height(text, font, size, width);
    if (y + h > BOTTOM) newPage();
    doc.font(font).fontSize(size).fillColor(opts.color ?? '#000').text(text, opts.x ?? M, y, { width, lineGap: 1, align: opts.align ?? 'left' });
    y += h + (opts.gap ?? 6);
  };

  // The letter. Everything after the title is a list of blocks, so the signature block can take the
  // last of them along to a new page: the seal and signature never stand alone on a page.
  newPage();
  write(input.firm.name, 'B', 14, { gap: 2 });
  write(`${input.firm.address} · ${input.firm.phone}`, 'R', 9, { color: '#444', gap: 4 });
  doc.moveTo(M, y).lineTo(W - M, y).lineWidth(0.75).stroke('#000');
  y += 12;
  write(input.job.date, 'R', 10);
  write(composed.addressee.join('\n'), 'R', 10, { gap: 10 });
  write(composed.subject, 'B', 10.5, { gap: 10 });
  write(composed.title, 'B', 15, { gap: 10 });
  type Block = { height: () => number; draw: () => void; heading?: boolean; space?: boolean };
  const text = (t: string, font: 'R' | 'B', size: number, o: Parameters<typeof write>[3] = {}, heading = false): Block =>
    ({ height: () => height(t, font, size, o.width ?? TEXT_W) + (o.gap ?? 6), draw: () => write(t, font, size, o), heading });
  const space = (h: number): Block => ({ height: () => h, draw: () => { y += h; }, space: true });
  const blocks: Block[] = composed.paragraphs.map((p) => text(p, 'R', 10, { gap: 8 }));
  blocks.push(text('Design criteria', 'B', 11, { gap: 4 }, true));
  for (const c of composed.criteria) blocks.push(text(`• ${c}`, 'R', 9.5, { x: M + 8, width: TEXT_W - 8, gap: 2 }));
  blocks.push(space(6));
  if (composed.findings.length) {
    blocks.push(text('Findings (engineering report)', 'B', 11, { gap: 4 }, true));
    for (const f of composed.findings) blocks.push(text(`• ${f.text} [${f.ref}]`, 'R', 9, { x: M + 8, width: TEXT_W - 8, gap: 2 }));
    blocks.push(space(6));
  }
  // Another party's stamp (NABCEP or third-party): a 2 in box with its caption, before our signature.
  if (composed.stampBox) {
    const caption = composed.stampBox;
    const stampH = () => height(caption, 'B', 10) + 6 + SEAL_SIZE + 12;
    blocks.push({
      height: stampH,
      draw: () => {
        if (y + stampH() > BOTTOM) newPage();
        write(caption, 'B', 10, { gap: 6 });
        doc.rect(M, y, SEAL_SIZE, SEAL_SIZE).lineWidth(0.5).dash(3, { space: 3 }).stroke('#888').undash();
        doc.font('R').fontSize(8).fillColor('#888').text('Stamp', M, y + SEAL_SIZE / 2 - 4, { width: SEAL_SIZE, align: 'center', lineBreak: false });
        y += SEAL_SIZE + 12;
      },
    });
  }
  // The tail goes with the signature block: the last block that is not space, with its heading
  // when it is the first under one. A heading never ends a page either.
  const signatureH = SEAL_BLOCK_H + 12;
  let tail = blocks.length - 1;
  while (tail > 0 && blocks[tail]!.space) tail--;
  if (tail > 0 && blocks[tail - 1]!.heading) tail--;
  blocks.forEach((block, i) => {
    if (i === tail) {
      const rest = blocks.slice(tail).reduce((h, x) => h + x.height(), 0);
      if (y + rest + signatureH > BOTTOM && M + rest + signatureH <= BOTTOM) newPage();
    } else if (block.heading && blocks[i + 1] && y + block.height() + blocks[i + 1]!.height() > BOTTOM) {
      newPage();
    }
    block.draw();
  });
  if (y + signatureH > BOTTOM) newPage();
  const blockTop = y + 6;
  y = blockTop;
  const leftW = TEXT_W - SEAL_BOX_W - 24;
  write('Sincerely,', 'R', 10, { width: leftW, gap: 4 });
  const signatureBox = { x: M, y, w: leftW * 0.6, h: 44 };
  y += 48;
  for (const [i, line] of composed.closing.entries()) write(line, i === 0 ? 'B' : 'R', i === 0 ? 10.5 : 9, { width: leftW, gap: 2 });
  const letterPages = doc.bufferedPageRange().count;
  const sealBox = { x: W - M - SEAL_BOX_W, y: blockTop, w: SEAL_BOX_W, h: SEAL_BLOCK_H };
  const sealX = sealBox.x + (SEAL_BOX_W - SEAL_SIZE) / 2;
  doc.rect(sealX, blockTop, SEAL_SIZE, SEAL_SIZE).lineWidth(0.5).dash(3, { space: 3 }).stroke('#888').undash();
  doc.font('R').fontSize(8).fillColor('#888').text('PE seal', sealX, blockTop + SEAL_SIZE / 2 - 4, { width: SEAL_SIZE, align: 'center', lineBreak: false });
  const seal: RenderedLetter['seal'] = { page: letterPages, x: sealX, y: blockTop, size: SEAL_SIZE };
  const discipline = input.engineer.discipline;
  const sealSlots: SealSlot[] = [
    { page: letterPages, discipline, kind: 'letter-signature', box: signatureBox },
    { page: letterPages, discipline, kind: 'letter-seal', box: sealBox },
  ];

  // Calculation pages.
  const calculationPages: RenderedLetter['calculationPages'] = [];
  composed.calculations.forEach((section, i) => {
    const name = `C-${i + 1}`;
    newPage();
    calculationPages.push({ name: `${name} ${section.title}`, page: doc.bufferedPageRange().count });
    write(`Calculation page ${name}: ${section.title}`, 'B', 12, { gap: 2 });
    write(`${input.job.name} · ${composed.subject.replace(/^RE: /, '')} · report ${input.report.codes.nec}, ${input.report.codes.asce}, ${input.report.codes.iebc}`, 'R', 8.5, { color: '#444', gap: 10 });
    for (const c of section.checks) writeCheck(c, name, section.title);
  });
  function writeCheck(c: Check, name: string, title: string) {
    const head = checkLine(c);
    const inputs = c.inputs.map((x) => `${x.name} = ${typeof x.value === 'number' ? Math.round(x.value * 1000) / 1000 : String(x.value)}${x.unit ? ` ${x.unit}` : ''}`).join('; ');
    const body = `${c.formula}${inputs ? `  |  ${inputs}` : ''}`;
    const ref = `Section: ${refOf(c)}`;
    const need = height(head, 'B', 9) + height(body, 'R', 8) + height(ref, 'R', 8) + 12;
    if (y + need > BOTTOM) {
      newPage();
      write(`Calculation page ${name} (continued): ${title}`, 'B', 12, { gap: 10 });
    }
    write(head, 'B', 9, { gap: 1, color: c.pass === false ? '#b00020' : '#000' });
    write(body, 'R', 8, { x: M + 10, width: TEXT_W - 10, gap: 1, color: '#333' });
    write(ref, 'R', 8, { x: M + 10, width: TEXT_W - 10, gap: 8, color: '#333' });
  }

  // Footers: page n of N, engineer and licence on every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The footer sits below the bottom margin; without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.font('R').fontSize(7.5).fillColor('#444').text(
      `${composed.title} · ${input.engineer.name}, P.E., ${input.engineer.licenceState} No. ${input.engineer.licenceNumber} · Page ${i + 1} of ${range.count}`,
      M, H - 40, { width: TEXT_W, align: 'center', lineBreak: false },
    );
  }
  const footers = (count: number): SealSlot[] => Array.from({ length: count }, (_, i) => ({ page: i + 1, discipline, kind: 'footer' as const, box: { x: M, y: SEAL_FOOTER_Y, w: TEXT_W, h: 10 } }));
  doc.end();
  const pdf = await done;
  if (!analysis || !input.structuralAnalysis) return { type: input.type, pdf, composed, pageCount: range.count, calculationPages, seal, sealSlots: [...sealSlots, ...footers(range.count)] };
  const merged = await PdfLib.load(pdf, { updateMetadata: false });
  const pages = await merged.copyPages(analysis, analysis.getPageIndices());
  pages.forEach((p, i) => {
    merged.addPage(p);
    calculationPages.push({ name: `R-${i + 1} ${input.structuralAnalysis!.tool} result (${input.structuralAnalysis!.fileName})`, page: range.count + i + 1 });
  });
  const out = await merged.save({ useObjectStreams: false });
  // The appended result pages carry the footer line too, at their own page's foot.
  const appended: SealSlot[] = merged.getPages().slice(range.count).map((p, i) => {
    const { width, height: h } = p.getSize();
    return { page: range.count + i + 1, discipline, kind: 'footer' as const, box: { x: 36, y: h - 14, w: width - 72, h: 9 } };
  });
  return { type: input.type, pdf: out, composed, pageCount: merged.getPageCount(), calculationPages, seal, sealSlots: [...sealSlots, ...footers(range.count), ...appended] };
}
