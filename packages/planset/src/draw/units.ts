/*
 * Numbers as a drawing prints them (issue 24 finding 6): lengths in feet-inches to the nearest
 * 1/8 in (5'-7 3/4"), short lengths in inches with a fraction, other values with sensible decimals
 * and never a float's noise (67.79527559055119"). One place so every sheet and the DXF agree.
 */

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Inches with a fraction to the nearest 1/denom: 7 3/4", 44 5/8", 0 1/8" → 1/8". */
export function inchFraction(inches: number, denom = 8): string {
  const neg = inches < 0;
  const steps = Math.round(Math.abs(inches) * denom);
  const whole = Math.floor(steps / denom);
  const rest = steps % denom;
  const g = rest ? gcd(rest, denom) : 1;
  const frac = rest ? `${rest / g}/${denom / g}` : '';
  const body = whole && frac ? `${whole} ${frac}` : frac || String(whole);
  return `${neg && steps ? '-' : ''}${body}"`;
}

/** A length in feet-inches to the nearest 1/8 in: 5'-7 3/4", 12'-0", 0'-9" (under a foot: 9"). */
export function ftIn(inches: number, denom = 8): string {
  const neg = inches < 0;
  const steps = Math.round(Math.abs(inches) * denom);
  const feet = Math.floor(steps / (12 * denom));
  const restIn = (steps - feet * 12 * denom) / denom;
  const sign = neg && steps ? '-' : '';
  if (feet === 0) return `${sign}${inchFraction(restIn, denom)}`;
  return `${sign}${feet}'-${inchFraction(restIn, denom)}`;
}

/** A length given in feet, in feet-inches. */
export const ftInOfFt = (feet: number, denom = 8): string => ftIn(feet * 12, denom);

/** A number with at most `decimals` decimals and no trailing zeros: 1.5, 12, 0.38. */
export function num(n: number, decimals = 2): string {
  if (!Number.isFinite(n)) return String(n);
  const f = 10 ** decimals;
  const r = Math.round(n * f) / f;
  return String(Object.is(r, -0) ? 0 : r);
}

/** Any float noise in a printed string: a number with more than four decimals. */
export const FLOAT_NOISE = /\d\.\d{5,}/;
