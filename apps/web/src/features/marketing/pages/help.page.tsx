import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { HELP_CATEGORIES, type ContentSummary, type HelpCategory } from '@sunstamp/domain/contracts/content';
import { LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MarkdownView } from '../../../components/markdown.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePublishedContent, usePublishedItem } from '../../../lib/api/content.api.ts';
import { ContentHero } from '../components/content-hero.tsx';

const isCategory = (v: string | null): v is HelpCategory => !!v && (HELP_CATEGORIES as readonly string[]).includes(v);

/** Articles grouped under their category, in the help centre's category order. */
function groupByCategory(items: ContentSummary[]) {
  return HELP_CATEGORIES.map((c) => ({ category: c, items: items.filter((i) => i.category === c) })).filter((g) => g.items.length);
}

export function HelpPage() {
  usePageTitle(LISTING_PAGES.help.title);
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const raw = params.get('category');
  const category = isCategory(raw) ? raw : undefined;
  const search = useDeferredValue(q.trim());
  const articles = usePublishedContent('help', { q: search || undefined, category });
  const setCategory = (c?: HelpCategory) => {
    const next = new URLSearchParams(params);
    if (c) next.set('category', c); else next.delete('category');
    setParams(next, { replace: true });
  };
  const filtered = !!search || !!category;
  return (
    <>
      <ContentHero title={LISTING_PAGES.help.title} lead={LISTING_PAGES.help.lead}>
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, maxWidth: 560 }}>
          <SearchField value={q} onChange={setQ} placeholder="Search the help centre" clearable maxLength={200} sx={{ width: '100%' }} />
        </Box>
      </ContentHero>
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 4 }} role="group" aria-label="Categories">
          <Chip label="All" color={category ? 'default' : 'primary'} variant={category ? 'outlined' : 'filled'} onClick={() => setCategory()} />
          {HELP_CATEGORIES.map((c) => (
            <Chip key={c} label={c} color={category === c ? 'primary' : 'default'} variant={category === c ? 'filled' : 'outlined'} onClick={() => setCategory(c)} />
          ))}
        </Stack>
        {articles.isPending ? (
          <Skeleton variant="rounded" height={240} />
        ) : !articles.data?.length ? (
          <EmptyState
            icon={<HelpOutline />}
            title={filtered ? 'No articles match' : 'Articles are being written'}
            action={<Button variant="contained" component={RouterLink} to="/contact-us">Contact us</Button>}
          >
            {filtered ? 'Try other words or another category, or ask us directly.' : 'Until they are published, our support team answers any question about your account or your jobs.'}
          </EmptyState>
        ) : (
          <Stack spacing={4}>
            {groupByCategory(articles.data).map((g) => (
              <section key={g.category}>
                <Typography variant="h6" component="h2" gutterBottom>{g.category}</Typography>
                <Paper variant="outlined">
                  <List disablePadding>
                    {g.items.map((a, i) => (
                      <ListItem key={a.slug} disablePadding divider={i < g.items.length - 1}>
                        <ListItemButton component={RouterLink} to={`/help/${a.slug}`} data-testid="help-article">
                          <ListItemText primary={a.title} secondary={a.summary} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </Paper>
              </section>
            ))}
          </Stack>
        )}
      </Container>
    </>
  );
}

export function HelpArticlePage() {
  const { articleId = '' } = useParams();
  const article = usePublishedItem('help', articleId);
  usePageTitle(article.data?.title ?? LISTING_PAGES.help.title);
  if (article.isError) {
    return (
      <>
        <ContentHero title="Help centre" />
        <Container maxWidth="md" sx={{ py: 6 }}>
          <EmptyState
            icon={<HelpOutline />}
            title="This article is not available"
            action={<Button variant="outlined" component={RouterLink} to="/help">All articles</Button>}
          >
            We could not find the article “{articleId}”.
          </EmptyState>
        </Container>
      </>
    );
  }
  const a = article.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Breadcrumbs sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/help">Help centre</Link>
        {a?.category && <Link component={RouterLink} to={`/help?category=${encodeURIComponent(a.category)}`}>{a.category}</Link>}
      </Breadcrumbs>
      {!a ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <article>
          <Typography variant="h4" component="h1" gutterBottom>{a.title}</Typography>
          <Typography variant="body2" color="text.secondary">Updated {formatDate(a.updated_at)}</Typography>
          {a.cover_url && <Box component="img" src={a.cover_url} alt="" sx={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 2, mt: 3 }} />}
          <MarkdownView source={a.body_md} />
        </article>
      )}
      <Paper variant="outlined" sx={{ p: 3, mt: 5 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>Still stuck?</Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Signed-in clients can ask on the job itself, in its conversation. For anything else, contact us.
        </Typography>
        <Button variant="outlined" component={RouterLink} to="/contact-us">Contact us</Button>
      </Paper>
    </Container>
  );
}
