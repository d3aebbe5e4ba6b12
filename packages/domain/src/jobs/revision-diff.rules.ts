import { normaliseJobValue, sameJobValue } from './job-diff.rules.ts';

/**
 * What a revision changed, for its history entry and its revision record: one entry per changed
 * value, arrays compared field by field ("arrays.1.panel_quantity: 20 → 24", an added or removed
 * array as a whole), the CAD form key by key, other fields whole. Values are shown as text.
 */
export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

const show = (v: unknown): string => {
  const n = normaliseJobValue(v);
  if (n === null) return '—';
  if (Array.isArray(n)) return n.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ');
  if (typeof n === 'object') return JSON.stringify(n);
  return String(n);
};

function objectChanges(prefix: string, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((k) => !sameJobValue(before[k], after[k])).map((k) => ({ field: `${prefix}.${k}`, from: show(before[k]), to: show(after[k]) }));
}

export function revisionChangesOf(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    const a = after[field];
    const b = before[field];
    if (a === undefined || sameJobValue(a, b)) continue;
    if (field === 'arrays' && Array.isArray(a)) {
      const old = Array.isArray(b) ? b : [];
      const n = Math.max(a.length, old.length);
      for (let i = 0; i < n; i++) {
        if (i >= old.length) out.push({ field: `arrays.${i}`, from: '—', to: `Array ${i + 1} added` });
        else if (i >= a.length) out.push({ field: `arrays.${i}`, from: `Array ${i + 1}`, to: 'removed' });
        else out.push(...objectChanges(`arrays.${i}`, old[i] as Record<string, unknown>, a[i] as Record<string, unknown>));
      }
    } else if (field === 'cad_intake' && a && typeof a === 'object') {
      out.push(...objectChanges('cad_intake', (b ?? {}) as Record<string, unknown>, a as Record<string, unknown>));
    } else {
      out.push({ field, from: show(b), to: show(a) });
    }
  }
  return out;
}
