import { z } from 'zod';
import { ZDateFilter } from './common.ts';

/** Blog posts and help-centre articles: one model, two kinds (blog: admin; help: admin and support). */
export const CONTENT_KINDS = ['post', 'help'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What the editor chooses; "scheduled" is derived (published with a publish date still ahead). */
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const CONTENT_STATES = ['draft', 'scheduled', 'published'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** The help centre's categories, in the order the help page lists them. */
export const HELP_CATEGORIES = [
  'Getting started',
  'Ordering a job',
  'Requirements',
  'Plan sets and deliverables',
  'Revisions',
  'Messaging',
  'Account and security',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_SUMMARY_MAX = 300;
export const CONTENT_BODY_MAX = 100_000;
export const CONTENT_SLUG_MAX = 120;
/** Revisions kept per item: the oldest beyond this are dropped when a new one is saved. */
export const CONTENT_REVISIONS_KEPT = 50;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A URL slug from a title: lower case ASCII letters and digits joined by single hyphens. */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CONTENT_SLUG_MAX)
    .replace(/-+$/, '');
}

/** An item as its editor writes it. The kind is fixed at creation. */
export const ZContentBody = z
  .object({
    title: z.string().trim().min(1, 'Write a title.').max(CONTENT_TITLE_MAX),
    /** Empty or absent: made from the title. */
    slug: z
      .string()
      .trim()
      .max(CONTENT_SLUG_MAX)
      .refine((s) => s === '' || SLUG_PATTERN.test(s), 'Use lower-case letters, digits and single hyphens (e.g. ordering-a-job).')
      .default(''),
    summary: z.string().trim().max(CONTENT_SUMMARY_MAX).default(''),
    body_md: z.string().max(CONTENT_BODY_MAX).default(''),
    status: z.enum(CONTENT_STATUSES).default('draft'),
    /** When it goes public; null on publishing means now. A date ahead schedules it. */
    published_at: ZDateFilter.nullable().default(null),
    /** Help articles only (required there); posts have none. */
    category: z.enum(HELP_CATEGORIES).nullable().default(null),
  })
  .strict();
export type ContentBody = z.output<typeof ZContentBody>;
export type ContentBodyInput = z.input<typeof ZContentBody>;

export const ZContentCreate = ZContentBody.extend({ kind: z.enum(CONTENT_KINDS) }).strict();
export type ContentCreateInput = z.input<typeof ZContentCreate>;

/** An item in a public list (the blog, the help centre). */
export const ZContentSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(HELP_CATEGORIES).nullable(),
  published_at: z.string(),
  updated_at: z.string(),
  cover_url: z.string().nullable(),
  author: z.string().nullable(),
});
export type ContentSummary = z.infer<typeof ZContentSummary>;
export const ZContentSummaryList = z.array(ZContentSummary);

/** A published item as the public page shows it: the Markdown, rendered by the page with the same sanitising rules as the server. */
export const ZContentPublic = ZContentSummary.extend({ body_md: z.string() });
export type ContentPublic = z.infer<typeof ZContentPublic>;

/** An item as the editor sees it. */
export const ZContentAdmin = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body_md: z.string(),
  status: z.enum(CONTENT_STATUSES),
  state: z.enum(CONTENT_STATES),
  published_at: z.string().nullable(),
  category: z.enum(HELP_CATEGORIES).nullable(),
  cover_url: z.string().nullable(),
  author: z.string().nullable(),
  revision_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentAdmin = z.infer<typeof ZContentAdmin>;
export const ZContentAdminList = z.array(ZContentAdmin);

/** A saved earlier version: what the item was before an edit. */
export const ZContentRevision = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body_md: z.string(),
  category: z.enum(HELP_CATEGORIES).nullable(),
  edited_by: z.string().nullable(),
  saved_at: z.string(),
});
export type ContentRevision = z.infer<typeof ZContentRevision>;
export const ZContentRevisionList = z.array(ZContentRevision);

export const ZContentIdParams = z.object({ id: z.string().max(100) });
export const ZContentSlugParams = z.object({ slug: z.string().max(200) });
export const ZContentCoverParams = z.object({ coverId: z.string().max(100) });
export const ZContentKindQuery = z.object({ kind: z.enum(CONTENT_KINDS) });
export const ZHelpQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.enum(HELP_CATEGORIES).optional(),
});

/** Draft, scheduled or published, at `now`. */
export function contentStateOf(item: { status: 'draft' | 'published'; publishedAt: Date | null }, now: Date): ContentState {
  if (item.status === 'draft') return 'draft';
  return item.publishedAt && item.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}
