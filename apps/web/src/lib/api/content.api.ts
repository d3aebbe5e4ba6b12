import { useQuery } from '@tanstack/react-query';
import { ZContentPublic, ZContentSummaryList, type ContentKind } from '@sunstamp/domain/contracts/content';
import { fetchEndpoint, getEndpoint, seg } from './endpoint.ts';
import { queryKeys } from './query-keys.ts';

/*
 * The public reads of the blog and the help centre (open routes). The editors' calls live in the
 * content feature; both use queryKeys.content, so an editor's save refreshes the public pages too.
 */
const base = (kind: ContentKind) => (kind === 'post' ? '/content/posts' : '/content/help');
const listEndpoint = getEndpoint(
  ZContentSummaryList,
  (p: { kind: ContentKind; q?: string; category?: string }) => base(p.kind),
  (p) => ({ q: p.q || undefined, category: p.category || undefined }),
  { auth: false },
);
const itemEndpoint = getEndpoint(ZContentPublic, (p: { kind: ContentKind; slug: string }) => `${base(p.kind)}/${seg(p.slug)}`, undefined, { auth: false });

/** Published posts (newest first) or help articles (by title), searched by words and category. */
export function usePublishedContent(kind: ContentKind, filter: { q?: string; category?: string } = {}) {
  return useQuery({
    queryKey: queryKeys.content.publicList(kind, filter),
    queryFn: ({ signal }) => fetchEndpoint(listEndpoint, { kind, ...filter }, signal),
    placeholderData: (prev) => prev,
  });
}

/** One published post or article by its slug (404 for drafts, scheduled and unknown slugs). */
export function usePublishedItem(kind: ContentKind, slug: string) {
  return useQuery({
    queryKey: queryKeys.content.publicItem(kind, slug),
    queryFn: ({ signal }) => fetchEndpoint(itemEndpoint, { kind, slug }, signal),
    retry: false,
  });
}
