import type { SheetFonts } from './fonts.ts';

/*
 * Text measured with the sheet font as the sum of its glyph advances, cached per code point: no
 * shaping, so measuring a string costs a few map lookups (fontkit's layout took ~1 ms a string).
 * The PDF back end turns kerning and ligatures off (TEXT_FEATURES) so what it prints is exactly
 * what was measured, and extracted text reads as typed ("fi" stays two glyphs).
 */

/** Features passed to pdfkit's text(): no kerning, no ligatures. */
export const TEXT_FEATURES = { kern: false, liga: false, clig: false, dlig: false } as const;

export class TextMeasure {
  constructor(readonly fonts: SheetFonts) {}

  /** Advance width in points. */
  width(text: string, size: number, bold = false): number {
    const f = bold ? this.fonts.boldFont : this.fonts.regularFont;
    const adv = bold ? this.boldAdv : this.regAdv;
    let units = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let a = adv.get(cp);
      if (a === undefined) { a = f.glyphForCodePoint(cp).advanceWidth; adv.set(cp, a); }
      units += a;
    }
    return (units / f.unitsPerEm) * size;
  }
  private readonly regAdv = new Map<number, number>();
  private readonly boldAdv = new Map<number, number>();

  /** Height above the baseline of capitals, per point of size. */
  get capHeight(): number {
    // DejaVu's OS/2 table is too old to carry a cap height; the height of "H" is the same thing.
    this.cap ??= (() => {
      const f = this.fonts.regularFont;
      const h = f.capHeight || f.glyphForCodePoint(0x48).bbox.maxY;
      return h / f.unitsPerEm;
    })();
    return this.cap;
  }
  private cap: number | undefined;
  get ascent(): number {
    const f = this.fonts.regularFont;
    return f.ascent / f.unitsPerEm;
  }
  get descent(): number {
    const f = this.fonts.regularFont;
    return -f.descent / f.unitsPerEm;
  }

  /**
   * Greedy word wrap to `maxWidth` (a value keeps its unit: "240 V" is never split over two lines); a word longer than the line is broken by characters. Returns
   * the lines (never empty for non-empty text).
   */
  wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
    const out: string[] = [];
    for (const para of text.split('\n')) {
      const words = keepUnits(para.split(/\s+/).filter(Boolean));
      let line = '';
      for (let w of words) {
        const candidate = line ? line + ' ' + w : w;
        if (this.width(candidate, size, bold) <= maxWidth) { line = candidate; continue; }
        if (line) out.push(line);
        line = '';
        while (this.width(w, size, bold) > maxWidth && w.length > 1) {
          let n = w.length - 1;
          while (n > 1 && this.width(w.slice(0, n), size, bold) > maxWidth) n--;
          out.push(w.slice(0, n));
          w = w.slice(n);
        }
        line = w;
      }
      if (line || words.length === 0) out.push(line);
    }
    return out;
  }
}

/** A unit that follows its value on a sheet ("240 V", "47.5 A", "12 AWG", "30 s"), with trailing punctuation. */
const UNIT = /^(?:V|A|W|kW|kVA|kWh|Wh|AWG|kcmil|FT|IN|MM|MPH|PSF|PSI|LBS?|HZ|S|%|°[CF])[,.;:)]?$/i;
/** A comparison that reads with the value after it ("≤ 30 V"). */
const RELATION = /^[≤≥<>=±]$/;
const NUMBER = /^\(?\d[\d.,/-]*$/;

/**
 * The words of a line with each value joined to its unit, and a comparison to its value, into one
 * word, so a wrap never parts them ("≤ 30 V" stays on one line).
 */
function keepUnits(words: string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const joins = prev !== undefined && (RELATION.test(prev.split(' ').at(-1)!) || (NUMBER.test(prev.split(' ').at(-1)!) && UNIT.test(w)));
    if (joins) out[out.length - 1] = `${prev} ${w}`;
    else out.push(w);
  }
  return out;
}
