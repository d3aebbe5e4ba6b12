import type { Check } from '@sunstamp/engineering/report.schema';
import { num } from '../draw/units.ts';

/*
 * A check's value and limit as a drawing or a letter prints them (issue 24 finding 6): sensible
 * decimals, and a rule stated as the quantity and its limit. The IEBC 5 % rule is computed as a
 * percentage increase, which is negative when the array's load replaces roof live load; printed as
 * "-8.7 % ≤ 5 %" it reads as nonsense, so it is printed as the governing gravity load after the
 * installation against 105 % of the load before.
 */

export interface CheckDisplay { value: string; limit: string }

/** A limit's relation as the sheets and letters print it: ≤ and ≥, not the report's ASCII. */
export const relationSymbol = (r: string): string => (r === '<=' ? '≤' : r === '>=' ? '≥' : r);

const inputNum = (c: Check, prefix: string): number | undefined => {
  const v = c.inputs.find((i) => i.name.startsWith(prefix))?.value;
  return typeof v === 'number' ? v : undefined;
};

export function checkDisplay(c: Check): CheckDisplay {
  if (/\.added-load$/.test(c.id) && c.limit && typeof c.limit.value === 'number') {
    const before = inputNum(c, 'before');
    const after = inputNum(c, 'after');
    if (before !== undefined && after !== undefined) {
      const cap = before * (1 + c.limit.value / 100);
      return { value: `${num(after, 1)} psf`, limit: `≤ ${num(cap, 1)} psf (${num(100 + c.limit.value, 1)} % of ${num(before, 1)} psf existing)` };
    }
  }
  const v = (x: number | string | boolean) => (typeof x === 'number' ? num(x, 2) : String(x));
  return {
    value: `${v(c.value)}${c.unit ? ` ${c.unit}` : ''}`,
    limit: c.limit ? `${relationSymbol(c.limit.relation)} ${v(c.limit.value)}${c.limit.unit ? ` ${c.limit.unit}` : ''}` : '',
  };
}
