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
  page: z.coerce.number().int().min(1).default(1),
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
