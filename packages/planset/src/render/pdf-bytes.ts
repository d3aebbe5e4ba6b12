import type PDFDocument from 'pdfkit';

/**
 * The bytes a pdfkit document writes, resolved when it ends (the caller draws, then calls
 * `doc.end()`). Listen before drawing: pdfkit streams pages out as they are finished.
 */
export function pdfBytesOf(doc: InstanceType<typeof PDFDocument>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}
