import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import rehypeSanitize from 'rehype-sanitize';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/*
 * Post and article bodies. The same plugins as the server's renderer (apps/api platform/markdown.ts):
 * GitHub-flavoured Markdown, raw HTML left as text (no rehype-raw), then rehype-sanitize's GitHub
 * schema, which drops javascript:/data: links, event handlers and any element it does not list.
 * react-markdown builds React elements, never innerHTML.
 */
const components: Components = {
  a: ({ href, children }) => {
    // Links within the site stay in the app; others open in a new tab.
    if (href?.startsWith('/') && !href.startsWith('//')) return <Link component={RouterLink} to={href}>{children}</Link>;
    return <Link href={href} target="_blank" rel="noopener noreferrer">{children}</Link>;
  },
};

export function MarkdownView({ source }: { source: string }) {
  return (
    <Box
      className="markdown"
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        overflowWrap: 'anywhere',
        '& h1, & h2, & h3': { typography: 'h6', fontWeight: 600, mt: 3, mb: 1 },
        '& h1': { typography: 'h5' },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3 },
        '& li': { my: 0.5 },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& code': { fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { p: 2, overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1 },
        '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& table': { borderCollapse: 'collapse', width: '100%', display: 'block', overflowX: 'auto', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left', verticalAlign: 'top' },
        '& th': { bgcolor: 'action.hover', fontWeight: 600 },
      }}
    >
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {source}
      </Markdown>
    </Box>
  );
}
