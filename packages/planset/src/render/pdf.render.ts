import PDFDocument from 'pdfkit';
import { pdfBytesOf } from './pdf-bytes.ts';
import { SHEET_H, SHEET_W, type ImageTable, type Sheet } from '../draw/drawing.model.ts';
import type { SheetFonts } from '../draw/fonts.ts';

/*
 * PDF back end (pdfkit 0.20): one vector page per sheet, ANSI B landscape. Text is placed line by
 * line with lineBreak off, so pdfkit never wraps or adds a page on its own; the font is embedded as
 * a subset. The creation date is the drawing date so the same input gives the same bytes.
 */

export interface PdfMeta {
  title: string;
  author: string;
  subject: string;
  /** ISO date. */
  date: string;
}

export function renderSheetsPdf(sheets: Sheet[], images: ImageTable, fonts: SheetFonts, meta: PdfMeta): Promise<Uint8Array> {
  const created = new Date(`${meta.date}T12:00:00Z`);
  const doc = new PDFDocument({
    size: [SHEET_W, SHEET_H],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: meta.title, Author: meta.author, Subject: meta.subject, Creator: 'Sunstamp', Producer: 'Sunstamp', CreationDate: created, ModDate: created },
  });
  doc.registerFont('R', Buffer.from(fonts.regular));
  doc.registerFont('B', Buffer.from(fonts.bold));
  const done = pdfBytesOf(doc);
  const imageBuffers = new Map<string, Buffer>();
  const img = (ref: string) => {
    let b = imageBuffers.get(ref);
    if (!b) { b = Buffer.from(images[ref]!); imageBuffers.set(ref, b); }
    return b;
  };

  for (const sheet of sheets) {
    doc.addPage({ size: [SHEET_W, SHEET_H], margin: 0 });
    for (const p of sheet.prims) {
      switch (p.kind) {
        case 'line':
        case 'poly':
        case 'rect':
        case 'circle': {
          doc.save();
          doc.lineWidth(p.lineWidth ?? 0.75);
          if (p.dash) doc.dash(p.dash[0], { space: p.dash[1] }); else doc.undash();
          if (p.kind === 'line') doc.moveTo(p.x1, p.y1).lineTo(p.x2, p.y2);
          else if (p.kind === 'rect') doc.rect(p.x, p.y, p.w, p.h);
          else if (p.kind === 'circle') doc.circle(p.cx, p.cy, p.r);
          else {
            const [f, ...rest] = p.points;
            if (!f) { doc.restore(); break; }
            doc.moveTo(f[0], f[1]);
            for (const q of rest) doc.lineTo(q[0], q[1]);
            if (p.closed) doc.closePath();
          }
          const fill = p.kind === 'line' ? undefined : p.fill;
          const stroke = p.stroke === 'none' ? undefined : (p.stroke ?? '#000');
          if (fill && stroke) doc.fillAndStroke(fill, stroke);
          else if (fill) doc.fill(fill);
          else if (stroke) doc.stroke(stroke);
          doc.restore();
          break;
        }
        case 'text': {
          doc.save();
          if (p.rotate) doc.rotate(-p.rotate, { origin: [p.x, p.y] });
          doc.font(p.bold ? 'B' : 'R').fontSize(p.size).fillColor(p.fill ?? '#000');
          doc.text(p.text, p.x, p.y, { lineBreak: false, baseline: 'alphabetic' });
          doc.restore();
          break;
        }
        case 'image':
          doc.image(img(p.ref), p.x, p.y, { fit: [p.w, p.h], align: 'center', valign: 'center' });
          break;
      }
    }
  }
  doc.end();
  return done;
}
