import { describe, expect, it } from 'vitest';
import { followNumberValue, numberToText, parseNumberText } from './number-text.rules.ts';

describe('number text', () => {
  it('reads empty as null and the rest as a number', () => {
    expect(parseNumberText('  ')).toBeNull();
    expect(parseNumberText(' 1.5 ')).toBe(1.5);
    expect(parseNumberText('abc')).toBeNaN();
  });
  it('shows nothing for null, undefined and NaN', () => {
    expect(numberToText(null)).toBe('');
    expect(numberToText(undefined)).toBe('');
    expect(numberToText(Number.NaN)).toBe('');
    expect(numberToText(0)).toBe('0');
  });
  it('keeps the typed text while it says the same number', () => {
    expect(followNumberValue('1.', 1)).toBe('1.');
    expect(followNumberValue('1.50', 1.5)).toBe('1.50');
    expect(followNumberValue('', null)).toBe('');
    expect(followNumberValue('x', Number.NaN)).toBe('x');
  });
  it('shows a value set from elsewhere', () => {
    expect(followNumberValue('1.', 2)).toBe('2');
    expect(followNumberValue('3', null)).toBe('');
    expect(followNumberValue('', 7)).toBe('7');
  });
});
