import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';

/*
 * Markdown to safe HTML, for the prerendered public pages. The web renders the same Markdown with
 * react-markdown and the same plugins (remark-gfm, rehype-sanitize with its default GitHub schema),
 * so what a crawler reads and what a visitor sees agree. Raw HTML in the Markdown is never parsed
 * (no rehype-raw): it stays text. rehype-sanitize then drops what the schema does not allow
 * (javascript: and data: links, event handlers, unknown elements), so a stored post cannot carry a
 * script whatever its author typed.
 */
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify);

export function renderMarkdown(md: string): string {
  return String(processor.processSync(md));
}

/** Plain text of rendered HTML, for meta descriptions made from a body. */
export function textOfHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ').replace(/\s+/g, ' ').trim();
}
