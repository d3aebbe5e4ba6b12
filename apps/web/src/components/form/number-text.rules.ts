/*
 * The rules of the number input that keeps what the user typed: the form holds a number (null for
 * empty), the input holds text, and the text is only replaced when the form's value changes to a
 * number the text does not already say ("1." stays "1." while the value is 1; a reset or a value
 * filled in from elsewhere shows).
 */

/** Empty text is null ("not set"); anything else is what Number() reads (NaN until it is fixed). */
export function parseNumberText(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

export const numberToText = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value);

const sameNumber = (a: number | null, b: number | null | undefined) =>
  a === (b ?? null) || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

/** The text to show once the form's value is `value`, given the text on screen. */
export const followNumberValue = (text: string, value: number | null | undefined): string =>
  sameNumber(parseNumberText(text), value) ? text : numberToText(value);
