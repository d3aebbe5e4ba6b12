import { z } from 'zod';

/** The error envelope of decisions.md: every error answer has this shape. */
export const ZErrorEnvelope = z.object({
  message: z.string(),
  args: z.array(z.union([z.string(), z.record(z.string(), z.string())])).optional(),
});
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export const ZId = z.string().uuid();

/** Server-side paging: page size 50 by default, 200 at most (decisions.md, Numbers not shown). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export function ZPage<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    results: z.array(item),
  });
}

/** Query-string booleans: "true"/"false"/"1"/"0". */
export const ZQueryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

export const ZOk = z.object({ detail: z.string() });

/** The years a date filter may name: PostgreSQL holds far more, but nothing here is older or newer. */
export const DATE_FILTER_MIN_YEAR = 1900;
export const DATE_FILTER_MAX_YEAR = 2200;

/**
 * A date or date-time query filter (ISO 8601: a date, or a date-time with an offset) within
 * DATE_FILTER_MIN_YEAR..MAX_YEAR. Every parsed date filter uses it: year 0000 once reached the
 * database and failed there (500).
 */
export const ZDateFilter = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .refine((v) => {
    const t = Date.parse(v);
    if (Number.isNaN(t)) return false;
    const y = new Date(t).getUTCFullYear();
    return y >= DATE_FILTER_MIN_YEAR && y <= DATE_FILTER_MAX_YEAR;
  }, { message: `Use a date between ${DATE_FILTER_MIN_YEAR} and ${DATE_FILTER_MAX_YEAR}.` });
