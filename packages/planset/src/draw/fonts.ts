import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

/*
 * The sheet font: DejaVu Sans Condensed (regular and bold) from the npm package `dejavu-fonts-ttf`
 * (Bitstream Vera / DejaVu licence, see its LICENSE). The same bytes measure the text here, are
 * embedded by pdfkit and named by the SVG preview, so layout, PDF and preview agree. Loaded once
 * per process: the only file read of this package, done when a renderer first asks for the fonts.
 */

export interface SheetFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  /** fontkit handles for measuring. */
  regularFont: fontkit.Font;
  boldFont: fontkit.Font;
  family: string;
}

let cached: SheetFonts | undefined;

export function fontsFromBytes(regular: Uint8Array, bold: Uint8Array): SheetFonts {
  return {
    regular, bold,
    regularFont: fontkit.create(Buffer.from(regular.buffer, regular.byteOffset, regular.byteLength)),
    boldFont: fontkit.create(Buffer.from(bold.buffer, bold.byteOffset, bold.byteLength)),
    family: 'DejaVu Sans Condensed',
  };
}

export function loadSheetFonts(): SheetFonts {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const dir = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
  cached = fontsFromBytes(readFileSync(dir + 'DejaVuSansCondensed.ttf'), readFileSync(dir + 'DejaVuSansCondensed-Bold.ttf'));
  return cached;
}
