import type { Check } from '@sunstamp/engineering/report.schema';
import { relationSymbol } from '../check/check-display.ts';
import type { Canvas } from '../draw/canvas.ts';
import { wordSafeWidths } from '../draw/table-widths.ts';
import { electricalCodeName } from '../planset.model.ts';
import type { SheetContext } from './sheet-context.ts';

/** The table of report checks the ESS and calculations sheets draw (what, formula, value, limit, result, code section). */

export const fmt = (v: unknown): string => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : String(v ?? ''));

const CHECK_HEADS = ['CHECK', 'FORMULA', 'VALUE', 'LIMIT', 'RESULT', 'CODE'];
const CHECK_WIDTHS = [300, 250, 70, 80, 44, 150];

/**
 * Why an option was not used, from its note ("Does not fit: …", "Not allowed: …", "Not needed: …", "Fits, not
 * needed: …", "Fits, not used: the job orders …"):
 * the verdict alone where the value and limit printed beside it already show it (a value over its
 * limit), the verdict and its reason where they do not (a derate within the busbar but without its
 * load calculation, a method the requirements forbid).
 */
function notUsedWhy(k: Check): string | undefined {
  const note = k.notes?.[0];
  if (note === undefined) return undefined;
  const [verdict] = note.split(':', 1) as [string];
  const v = k.value;
  const lim = k.limit?.value;
  const exceeded = typeof v === 'number' && typeof lim === 'number' && (k.limit!.relation === '<=' ? v > lim : k.limit!.relation === '>=' ? v < lim : false);
  // "feeder ampacity not given" prints a value of 0 beside its limit: the reason, not the numbers, says why.
  return verdict === 'Does not fit' && exceeded && /overload|exceed/.test(note) ? verdict : note;
}

function checkRows(ctx: SheetContext, checks: Check[]): string[][] {
  const code = electricalCodeName(ctx.input);
  return checks.map((k) => {
    // A requirement the engine states rather than calculates (value "required", no limit, no verdict, e.g. the ESS
    // disconnecting means, whose formula says what is required): the values it was stated for and no limit, never "required / — / —".
    const stated = typeof k.value === 'string' && !k.limit && k.pass == null;
    const value = stated ? k.inputs.map((i) => `${i.name}: ${fmt(i.value)}${i.unit ? ` ${i.unit}` : ''}`.toUpperCase()).join('; ') : `${fmt(k.value)} ${k.unit}`.trim();
    // An option evaluated but not used (an interconnection method other than the one drawn): why, in
    // its own words, never a bare value with "—" a reviewer could take for an unchecked result.
    const why = !stated && k.pass == null ? notUsedWhy(k) : undefined;
    const notUsed = why !== undefined;
    return [
      notUsed ? `${k.title.toUpperCase()} — ${why.toUpperCase()}` : k.title.toUpperCase(), k.formula, value,
      k.limit ? `${relationSymbol(k.limit.relation)} ${fmt(k.limit.value)} ${k.limit.unit ?? ''}`.trim() : stated ? 'NONE' : '—',
      k.pass === false ? 'FAIL' : k.pass === true ? 'OK' : notUsed ? 'NOT USED' : '—', `${code} ${k.ref.section}`,
    ];
  });
}

/**
 * A check table's column widths at width `w`: in proportion, with no column narrower than its longest word
 * (in a third of the sheet the proportional split cut "RESULT", "COUPLING:" and "micro-inverters" letter by
 * letter, on the one-sheet calculations at 8 pt as on the continued ones at 10 pt).
 */
const checkWidths = (c: Canvas, rows: string[][], w: number): number[] => wordSafeWidths(c, CHECK_HEADS, rows, CHECK_WIDTHS, w - 10, 6.5);


/** The height a check table takes at width `w` (the same sum checkTable draws). */
export function checkTableHeight(c: Canvas, ctx: SheetContext, checks: Check[], w: number): number {
  const rows = checkRows(ctx, checks);
  return c.tableHeight(CHECK_HEADS, rows, checkWidths(c, rows, w), { size: 6.5 }) + c.sz(9) * 1.8 + 12;
}

/** A table of report checks: what, formula, value, limit, result, code section. Returns the height used. */
export function checkTable(c: Canvas, ctx: SheetContext, title: string, checks: Check[], at: { x: number; y: number; w: number }, where: string): number {
  const heads = CHECK_HEADS;
  const rows = checkRows(ctx, checks);
  const h = checkTableHeight(c, ctx, checks, at.w);
  const a = c.panel(title, at.x, at.y, at.w, h);
  c.table(heads, rows, a.x, a.y, checkWidths(c, rows, at.w), { size: 6.5, where, checkIds: checks.map((k) => [k.id, undefined, k.id, undefined, k.id, undefined]) });
  return h;
}
