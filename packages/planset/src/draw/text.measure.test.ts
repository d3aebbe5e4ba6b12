import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadSheetFonts } from './fonts.ts';
import { TextMeasure } from './text.measure.ts';

const m = new TextMeasure(loadSheetFonts());

describe('wrap', () => {
  it('never parts a value from its unit (the inverter box once read "… 240" over "V")', () => {
    const text = '11400 W, 47.5 A, 240 V';
    // A width where a plain word wrap leaves the unit alone on the next line.
    const width = m.width('11400 W, 47.5 A, 240', 6.5) + 1;
    expect(m.wrap(text, 6.5, width)).toEqual(['11400 W, 47.5 A,', '240 V']);
    expect(m.wrap('TAP CONDUCTORS: 6 AWG THWN-2', 7, m.width('TAP CONDUCTORS: 6', 7) + 1)).toEqual(['TAP CONDUCTORS:', '6 AWG THWN-2']);
    // A limit reads as one: the comparison, the value and its unit ("≤" once ended a line, "30 V" began the next).
    expect(m.wrap('outside the array boundary ≤ 30 V within 30 s', 8, m.width('outside the array boundary ≤', 8) + 1)).toEqual(['outside the array boundary', '≤ 30 V within 30 s']);
  });

  it('joins only a number and a unit: words that merely look like units stay free', () => {
    expect(m.wrap('A BOX', 7, m.width('BOX', 7) + 1)).toEqual(['A', 'BOX']);
    expect(m.wrap('STRING S1 V', 7, m.width('STRING S1', 7) + 1)).toEqual(['STRING S1', 'V']);
  });

  it('keeps every word, in order, and each line within the width unless one word alone is wider', () => {
    const word = fc.oneof(fc.constantFrom('240', 'V', 'A,', '47.5', 'AWG', '(1)', 'INVERTER', 'SUPPLY-SIDE', 'W'), fc.stringMatching(/^[A-Z0-9]{1,12}$/));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 20 }), fc.integer({ min: 20, max: 200 }), (words, width) => {
      const lines = m.wrap(words.join(' '), 7, width);
      expect(lines.join(' ').replace(/\s+/g, '')).toBe(words.join(''));
      for (const l of lines) if (l.includes(' ')) expect(m.width(l, 7)).toBeLessThanOrEqual(width + 1e-9);
    }));
  });
});
