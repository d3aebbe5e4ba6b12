import type { CodeList, CodeType } from '@sunstamp/domain/contracts/catalogue';

/** Short names of the code types, as a plan set's code block writes them. */
export const CODE_SHORT_LABELS: Record<CodeType, string> = {
  ibc: 'IBC', irc: 'IRC', iebc: 'IEBC', asce: 'ASCE 7', electrical: 'Electrical code', fire: 'Fire code',
};

/**
 * The edition a new edition row suggests: the year after the newest four-digit year on offer
 * (ICC codes come every three years), else empty.
 */
export function suggestNextEdition(list: Pick<CodeList, 'editions'>): { value: string; label: string } {
  const years = list.editions.map((e) => Number(e.value)).filter((y) => Number.isInteger(y) && y > 1900);
  if (!years.length) return { value: '', label: '' };
  const next = String(Math.max(...years) + 3);
  const sample = list.editions.find((e) => Number(e.value) === Math.max(...years));
  const prefix = sample?.label.replace(/\s*\d{4}\s*$/, '') ?? '';
  return { value: next, label: prefix ? `${prefix} ${next}` : next };
}

/**
 * The editions a new AHJ starts with: each code list's default (the Codes page promises "Default
 * for a new AHJ: IBC 2021"); a list without a default, or not loaded, leaves its code not known.
 */
export function newAhjCodeDefaults(lists: readonly Pick<CodeList, 'type' | 'default'>[] | undefined): Partial<Record<CodeType, string>> {
  const out: Partial<Record<CodeType, string>> = {};
  for (const l of lists ?? []) if (l.default) out[l.type] = l.default;
  return out;
}
