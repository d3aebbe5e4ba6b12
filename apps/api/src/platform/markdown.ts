/*
 * Markdown to safe HTML, for the prerendered public pages. The web renders the same Markdown with
 * react-markdown and the same plugins (remark-gfm, rehype-sanitize with its default GitHub schema),
 * so what a crawler reads and what a visitor sees agree. Raw HTML in the Markdown is never parsed
 * (no rehype-raw): it stays text. rehype-sanitize then drops what the schema does not allow
 * (javascript: and data: links, event handlers, unknown elements), so a stored post cannot carry a
 * script whatever its author typed.
 */
async function makeProcessor() {
  const [{ unified }, remarkParse, remarkGfm, remarkRehype, rehypeSanitize, rehypeStringify] = await Promise.all([
    import('unified'), import('remark-parse'), import('remark-gfm'), import('remark-rehype'), import('rehype-sanitize'), import('rehype-stringify'),
  ]);
  return unified()
    .use(remarkParse.default)
    .use(remarkGfm.default)
    .use(remarkRehype.default)
    .use(rehypeSanitize.default)
    .use(rehypeStringify.default);
}
/** Made at the first Markdown written (a post or article saved, a new install's seed), not at start-up. */
let processor: ReturnType<typeof makeProcessor> | undefined;

export async function renderMarkdown(md: string): Promise<string> {
  processor ??= makeProcessor();
  return String((await processor).processSync(md));
}

/** Plain text of rendered HTML, for meta descriptions made from a body. */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ').replace(/\s+/g, ' ').trim();
}
