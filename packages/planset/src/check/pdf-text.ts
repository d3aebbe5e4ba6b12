import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/*
 * Text of a rendered PDF, per page, with pdfjs-dist 5.6.205 (the last release for Node 20). Fonts the
 * sheets use are embedded; standardFontDataUrl is set for cut sheets that use the standard 14.
 */

export interface PageText { items: { str: string; x: number; y: number; size: number }[]; text: string; width: number; height: number }

const require = createRequire(import.meta.url);
/*
 * pdfjs-dist's legacy build installs core-js's JSON.parse and JSON.stringify (for JSON.rawJSON, which
 * Node 20 lacks) from its main module and again from its worker module, loaded in this process. The
 * stacked wrappers overflow the stack on deeply nested values anywhere else in the process (seen in
 * the API's fuzz test once a seal had been checked), so the native functions are put back once
 * pdfjs and its worker are loaded; pdfjs itself needs neither rawJSON nor source text.
 */
const nativeJson = { parse: JSON.parse, stringify: JSON.stringify };
const restoreJson = () => {
  if (JSON.parse !== nativeJson.parse) JSON.parse = nativeJson.parse;
  if (JSON.stringify !== nativeJson.stringify) JSON.stringify = nativeJson.stringify;
};
let lib: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
function pdfjs() {
  lib ??= (async () => {
    const m = await import('pdfjs-dist/legacy/build/pdf.mjs');
    restoreJson();
    m.GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;
    return m;
  })();
  return lib;
}
const standardFontDataUrl = require.resolve('pdfjs-dist/package.json').replace(/package\.json$/, 'standard_fonts/');

export async function extractPdfText(bytes: Uint8Array): Promise<PageText[]> {
  const { getDocument } = await pdfjs();
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  // The worker module is loaded with the first document.
  restoreJson();
  try {
    const pages: PageText[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const vp = page.getViewport({ scale: 1 });
      const tc = await page.getTextContent();
      const items = tc.items.flatMap((it) => ('str' in it && it.str.trim() !== ''
        ? [{ str: it.str, x: it.transform[4] as number, y: vp.height - (it.transform[5] as number), size: Math.hypot(it.transform[2] as number, it.transform[3] as number) }]
        : []));
      pages.push({ items, text: items.map((t) => t.str).join(' ').replace(/\s+/g, ' '), width: vp.width, height: vp.height });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
