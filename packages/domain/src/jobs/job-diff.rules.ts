/**
 * Which fields of a job an update really changes, for the history (an edit names only those, and
 * writes nothing when none changed). The intake re-sends the whole form on every step, so the
 * comparison has to see through differences of form that are not changes:
 * - missing, null, blank text, an empty list and an object with nothing set are all "nothing";
 * - text is compared trimmed; a number and its plain decimal text are the same ("24" and 24, but
 *   not "02134" and 2134: a ZIP keeps its zero);
 * - objects are compared key by key whatever the key order (jsonb does not keep it), lists by
 *   content in order, and the fields named `unordered` (a set, like the services) in any order.
 */

const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

/** The canonical form of a value: what two values must share to be "the same". */
export function normaliseJobValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return null;
    return PLAIN_DECIMAL.test(t) ? Number(t) : t;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Object.is(value, -0) ? 0 : value;
  }
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) {
    return value.length ? value.map(normaliseJobValue) : null;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = normaliseJobValue((value as Record<string, unknown>)[k]);
      if (v !== null) out[k] = v;
    }
    return Object.keys(out).length ? out : null;
  }
  return String(value);
}

const keyOf = (v: unknown, unordered: boolean): string => {
  const n = normaliseJobValue(v);
  if (unordered && Array.isArray(n)) return JSON.stringify(n.map((x) => JSON.stringify(x)).sort());
  return JSON.stringify(n);
};

/** Whether two values are the same once normalised (`unordered`: a list compared as a set of items, duplicates kept). */
export function sameJobValue(a: unknown, b: unknown, opts: { unordered?: boolean } = {}): boolean {
  return keyOf(a, !!opts.unordered) === keyOf(b, !!opts.unordered);
}

/**
 * The fields of `incoming` whose value differs from `stored`, in the order of `incoming`. A field
 * absent from `incoming` is not being changed, so it is never named.
 */
export function changedJobFields<K extends string>(
  incoming: Partial<Record<K, unknown>>,
  stored: Partial<Record<K, unknown>>,
  opts: { unordered?: readonly K[] } = {},
): K[] {
  const unordered = new Set<K>(opts.unordered ?? []);
  return (Object.keys(incoming) as K[]).filter(
    (k) => incoming[k] !== undefined && !sameJobValue(incoming[k], stored[k], { unordered: unordered.has(k) }),
  );
}
