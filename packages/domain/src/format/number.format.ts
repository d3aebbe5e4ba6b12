/** Rounding and thousands separators (spec §5). */

// Exponent notation avoids binary drift: 1.005 rounds to 1.01, not 1.00.
function shift(value: number, exponent: number): number {
  const [mantissa, exp = '0'] = String(value).split('e');
  return Number(`${mantissa}e${Number(exp) + exponent}`);
}

/** Half away from zero, so -2.5 and 2.5 round symmetrically (Math.round does not). */
function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** Rounds to `decimals` places (default 2). Non-finite values pass through. */
export function roundTo(value: number, decimals = 2): number {
  if (!Number.isFinite(value)) return value;
  const r = shift(roundHalfAway(shift(value, decimals)), -decimals);
  return r === 0 ? 0 : r;
}

function decimalsOf(step: number): number {
  const s = String(step);
  const e = s.match(/e-(\d+)$/);
  if (e) return Number(e[1]) + (s.split('e')[0].split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

/** Rounds to the nearest multiple of `step` (e.g. 0.25, 5). A step ≤ 0 is refused. */
export function roundToStep(value: number, step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) throw new RangeError(`step must be > 0, got ${step}`);
  if (!Number.isFinite(value)) return value;
  const multiples = roundHalfAway(roundTo(value / step, 9));
  return roundTo(multiples * step, decimalsOf(step));
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Thousands separators with en-US grouping ("1,234,567.5"), at most `maxDecimals` (default 2)
 * fraction digits and none forced. Fixed locale so the API and the web print the same text.
 */
export function formatThousands(value: number, maxDecimals = 2, minDecimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const key = `${minDecimals}:${maxDecimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: minDecimals,
      maximumFractionDigits: maxDecimals,
    });
    formatters.set(key, f);
  }
  const out = f.format(roundTo(value, maxDecimals));
  return out === '-0' ? '0' : out;
}
