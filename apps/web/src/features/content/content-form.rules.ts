import { z } from 'zod';
import {
  CONTENT_BODY_MAX, CONTENT_SLUG_MAX, CONTENT_STATUSES, CONTENT_SUMMARY_MAX, CONTENT_TITLE_MAX, HELP_CATEGORIES, SLUG_PATTERN, slugOf,
  type ContentAdmin, type ContentBodyInput, type ContentKind,
} from '@sunstamp/domain/contracts/content';

/** The editor's values: the publish date as the browser's `datetime-local` text ('' = none). */
export const ZContentForm = z
  .object({
    title: z.string().trim().min(1, 'Write a title.').max(CONTENT_TITLE_MAX),
    slug: z.string().trim().max(CONTENT_SLUG_MAX).refine((s) => s === '' || SLUG_PATTERN.test(s), 'Use lower-case letters, digits and single hyphens.'),
    summary: z.string().trim().max(CONTENT_SUMMARY_MAX),
    body_md: z.string().max(CONTENT_BODY_MAX),
    status: z.enum(CONTENT_STATUSES),
    published_at: z.string(),
    category: z.union([z.enum(HELP_CATEGORIES), z.literal('')]),
  })
  .superRefine((v, ctx) => {
    if (v.published_at && Number.isNaN(Date.parse(v.published_at))) ctx.addIssue({ code: 'custom', path: ['published_at'], message: 'Enter a date and time.' });
  });
export type ContentForm = z.infer<typeof ZContentForm>;

/** A help article needs a category; the check runs on the form so the field is marked at once. */
export const withCategoryRule = (kind: ContentKind) =>
  ZContentForm.superRefine((v, ctx) => {
    if (kind === 'help' && !v.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Choose a category.' });
  });

/** `datetime-local` text for an ISO instant, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const formOf = (item: ContentAdmin | null): ContentForm => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  summary: item?.summary ?? '',
  body_md: item?.body_md ?? '',
  status: item?.status ?? 'draft',
  published_at: toLocalInput(item?.published_at ?? null),
  category: item?.category ?? '',
});

export const bodyOf = (kind: ContentKind, f: ContentForm): ContentBodyInput => ({
  title: f.title.trim(),
  slug: f.slug.trim(),
  summary: f.summary.trim(),
  body_md: f.body_md,
  status: f.status,
  published_at: f.published_at ? new Date(f.published_at).toISOString() : null,
  category: kind === 'help' && f.category ? f.category : null,
});

/** The slug the server will use: the one written, or the one made from the title. */
export const effectiveSlug = (f: Pick<ContentForm, 'title' | 'slug'>) => f.slug.trim() || slugOf(f.title);

/** Where the item is (or will be) public. */
export const publicPathOf = (kind: ContentKind, slug: string) => `${kind === 'post' ? '/blog' : '/help'}/${slug}`;

/** What saving will do, in words for the button's hint. */
export function publishHint(f: Pick<ContentForm, 'status' | 'published_at'>, now: Date): string {
  if (f.status === 'draft') return 'Saved as a draft: only editors see it.';
  if (f.published_at && Date.parse(f.published_at) > now.getTime()) return 'Scheduled: it goes public at the publish date.';
  return 'Published: anyone can read it once saved.';
}
