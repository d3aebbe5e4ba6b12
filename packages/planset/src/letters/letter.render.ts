import PDFDocument from 'pdfkit';
import { PDFDocument as PdfLib } from 'pdf-lib';
import type { Check } from '@sunstamp/engineering/report.schema';
import { loadSheetFonts, type SheetFonts } from '../draw/fonts.ts';
import { sniffImage } from '../images.ts';
import { ZLetterInput, type LetterInputRaw, type LetterType } from './letter-input.schema.ts';
import { checkLine, composeLetter, LetterRefusal, refOf, type ComposedLetter } from './letter.compose.ts';

/*
 * renderLetter: LetterInput → a US Letter PDF: the letter (firm header, addressee, subject, text,
 * design criteria, findings with their code sections, signature block with the PE seal), then the
 * calculation pages C-1… (each report section: formula, value, limit, verdict and section). Pure:
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

export interface RenderedLetter {
  type: LetterType;
  pdf: Uint8Array;
  composed: ComposedLetter;
  pageCount: number;
  /** Calculation page names and their 1-based page numbers in the PDF. */
  calculationPages: { name: string; page: number }[];
  /** Where the seal was placed (1-based page, PDF points from the top left), or null without a seal. */
  seal: { page: number; x: number; y: number; size: number } | null;
}

export async function renderLetter(raw: LetterInputRaw, fonts: SheetFonts = loadSheetFonts()): Promise<RenderedLetter> {
  const input = ZLetterInput.parse(raw);
  for (const [name, img] of [['seal', input.seal], ['signature', input.signature]] as const) {
    if (img && !sniffImage(img)) throw new Error(`The ${name} image is not a PNG or JPEG.`);
  }
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
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

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

  // The letter.
  newPage();
  write(input.firm.name, 'B', 14, { gap: 2 });
  write(`${input.firm.address} · ${input.firm.phone}`, 'R', 9, { color: '#444', gap: 4 });
  doc.moveTo(M, y).lineTo(W - M, y).lineWidth(0.75).stroke('#000');
  y += 12;
  write(input.job.date, 'R', 10);
  write(composed.addressee.join('\n'), 'R', 10, { gap: 10 });
  write(composed.subject, 'B', 10.5, { gap: 10 });
  write(composed.title, 'B', 15, { gap: 10 });
  for (const p of composed.paragraphs) write(p, 'R', 10, { gap: 8 });
  write('Design criteria', 'B', 11, { gap: 4 });
  for (const c of composed.criteria) write(`• ${c}`, 'R', 9.5, { x: M + 8, width: TEXT_W - 8, gap: 2 });
  y += 6;
  if (composed.findings.length) {
    write('Findings (engineering report)', 'B', 11, { gap: 4 });
    for (const f of composed.findings) write(`• ${f.text} [${f.ref}]`, 'R', 9, { x: M + 8, width: TEXT_W - 8, gap: 2 });
    y += 6;
  }
  // Another party's stamp (NABCEP or third-party): a 2 in box with its caption, before our signature.
  if (composed.stampBox) {
    if (y + SEAL_SIZE + 40 > BOTTOM) newPage();
    write(composed.stampBox, 'B', 10, { gap: 6 });
    doc.rect(M, y, SEAL_SIZE, SEAL_SIZE).lineWidth(0.5).dash(3, { space: 3 }).stroke('#888').undash();
    doc.font('R').fontSize(8).fillColor('#888').text('Stamp', M, y + SEAL_SIZE / 2 - 4, { width: SEAL_SIZE, align: 'center', lineBreak: false });
    y += SEAL_SIZE + 12;
  }
  // Signature block: text on the left, the seal in a 2 in box on the right; kept on one page.
  if (y + SEAL_SIZE + 30 > BOTTOM) newPage();
  const blockTop = y + 6;
  y = blockTop;
  const leftW = TEXT_W - SEAL_SIZE - 24;
  write('Sincerely,', 'R', 10, { width: leftW, gap: 4 });
  if (input.signature) {
    doc.image(Buffer.from(input.signature), M, y, { fit: [leftW * 0.6, 44] });
    y += 48;
  } else {
    y += 20;
  }
  for (const [i, line] of composed.closing.entries()) write(line, i === 0 ? 'B' : 'R', i === 0 ? 10.5 : 9, { width: leftW, gap: 2 });
  const sealX = W - M - SEAL_SIZE;
  let seal: RenderedLetter['seal'] = null;
  const letterPages = doc.bufferedPageRange().count;
  if (input.seal) {
    doc.image(Buffer.from(input.seal), sealX, blockTop, { fit: [SEAL_SIZE, SEAL_SIZE], align: 'center', valign: 'center' });
    seal = { page: letterPages, x: sealX, y: blockTop, size: SEAL_SIZE };
  } else {
    doc.rect(sealX, blockTop, SEAL_SIZE, SEAL_SIZE).lineWidth(0.5).dash(3, { space: 3 }).stroke('#888').undash();
    doc.font('R').fontSize(8).fillColor('#888').text('PE seal', sealX, blockTop + SEAL_SIZE / 2 - 4, { width: SEAL_SIZE, align: 'center', lineBreak: false });
  }
  if (input.verification) {
    doc.font('R').fontSize(7).fillColor('#444').text(`Verify at ${input.verification.url}`, sealX - 20, blockTop + SEAL_SIZE + 4, { width: SEAL_SIZE + 20, align: 'right' });
    doc.font('B').fontSize(7).fillColor('#000').text(input.verification.code, sealX - 20, doc.y + 1, { width: SEAL_SIZE + 20, align: 'right' });
  }

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
    if (input.verification) {
      doc.text(`Verification code ${input.verification.code} · ${input.verification.url}`, M, H - 30, { width: TEXT_W, align: 'center', lineBreak: false });
    }
  }
  doc.end();
  const pdf = await done;
  if (!analysis || !input.structuralAnalysis) return { type: input.type, pdf, composed, pageCount: range.count, calculationPages, seal };
  const merged = await PdfLib.load(pdf, { updateMetadata: false });
  const pages = await merged.copyPages(analysis, analysis.getPageIndices());
  pages.forEach((p, i) => {
    merged.addPage(p);
    calculationPages.push({ name: `R-${i + 1} ${input.structuralAnalysis!.tool} result (${input.structuralAnalysis!.fileName})`, page: range.count + i + 1 });
  });
  const out = await merged.save({ useObjectStreams: false });
  return { type: input.type, pdf: out, composed, pageCount: merged.getPageCount(), calculationPages, seal };
}
