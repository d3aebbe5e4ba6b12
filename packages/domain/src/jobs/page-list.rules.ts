import { z } from 'zod';

/**
 * Comma-separated page lists (spec §5), e.g. "PV-1, PV-3,S-1". A page is letters, an optional
 * hyphen, a number and an optional suffix: PV-1, PV-5A, S-1, E1.1. Pages are upper-cased,
 * empty items (a trailing comma) dropped and duplicates kept once, in first-seen order.
 */
export const PAGE_NAME_RE = /^[A-Z]{1,4}-?\d{1,3}[A-Z]?(?:\.\d{1,2})?$/;

export interface PageListResult {
  pages: string[];
  invalid: string[];
}

export function parsePageList(input: string | null | undefined): PageListResult {
  const pages: string[] = [];
  const invalid: string[] = [];
  for (const raw of (input ?? '').split(',')) {
    const item = raw.trim().replace(/\s+/g, '').toUpperCase();
    if (!item) continue;
    if (!PAGE_NAME_RE.test(item)) invalid.push(raw.trim());
    else if (!pages.includes(item)) pages.push(item);
  }
  return { pages, invalid };
}

export const formatPageList = (pages: readonly string[]): string => pages.join(', ');

/** A page-list field: validates and normalises to "PV-1, PV-3, S-1". Empty is allowed. */
export const ZPageList = z
  .string()
  .max(1000)
  .superRefine((s, ctx) => {
    const { invalid } = parsePageList(s);
    if (invalid.length) {
      ctx.addIssue({ code: 'custom', message: `Invalid page name: ${invalid.join(', ')}` });
    }
  })
  .transform((s) => formatPageList(parsePageList(s).pages));
