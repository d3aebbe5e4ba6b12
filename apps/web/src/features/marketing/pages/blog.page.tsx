import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MarkdownView } from '../../../components/markdown.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePublishedContent, usePublishedItem } from '../../../lib/api/content.api.ts';
import { ContentHero } from '../components/content-hero.tsx';

const byline = (p: { published_at: string; author: string | null }) =>
  [formatDate(p.published_at), p.author].filter(Boolean).join(' · ');

export function BlogPage() {
  usePageTitle(LISTING_PAGES.blog.title);
  const posts = usePublishedContent('post');
  return (
    <>
      <ContentHero title={LISTING_PAGES.blog.title} lead={LISTING_PAGES.blog.lead} />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        {posts.isPending ? (
          <Grid container spacing={3}>
            {[0, 1, 2].map((i) => <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}><Skeleton variant="rounded" height={220} /></Grid>)}
          </Grid>
        ) : !posts.data?.length ? (
          <EmptyState icon={<ArticleOutlined />} title="No posts yet">Our first articles are on their way. Check back soon.</EmptyState>
        ) : (
          <Grid container spacing={3}>
            {posts.data.map((p) => (
              <Grid key={p.slug} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%' }} data-testid="post-card">
                  <CardActionArea component={RouterLink} to={`/blog/${p.slug}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}>
                    {p.cover_url && <CardMedia component="img" height="160" image={p.cover_url} alt="" />}
                    <CardContent>
                      <Typography variant="body2" color="text.secondary" gutterBottom>{byline(p)}</Typography>
                      <Typography variant="h6" component="h2" gutterBottom>{p.title}</Typography>
                      <Typography color="text.secondary">{p.summary}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
    </>
  );
}

export function BlogPostPage() {
  const { postId = '' } = useParams();
  const post = usePublishedItem('post', postId);
  usePageTitle(post.data?.title ?? LISTING_PAGES.blog.title);
  if (post.isError) {
    return (
      <>
        <ContentHero title="Blog" />
        <Container maxWidth="md" sx={{ py: 6 }}>
          <EmptyState
            icon={<ArticleOutlined />}
            title="This post is not available"
            action={<Button variant="outlined" component={RouterLink} to="/blog">All posts</Button>}
          >
            We could not find the post “{postId}”. It may have moved or been unpublished.
          </EmptyState>
        </Container>
      </>
    );
  }
  return (
    <>
      {/* The page's heading is never empty: while the post loads it says so. */}
      <ContentHero title={post.data?.title ?? 'Loading the post…'} lead={post.data?.summary || undefined}>
        {post.data && <Typography sx={{ color: 'rgba(255,255,255,0.85)' }}>{byline(post.data)}</Typography>}
      </ContentHero>
      <Container maxWidth="md" sx={{ py: 5 }}>
        {!post.data ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <article>
            {post.data.cover_url && (
              <Box component="img" src={post.data.cover_url} alt="" sx={{ width: '100%', maxHeight: 360, objectFit: 'cover', borderRadius: 2, mb: 3 }} />
            )}
            <MarkdownView source={post.data.body_md} />
          </article>
        )}
        <Button component={RouterLink} to="/blog" sx={{ mt: 4 }}>← All posts</Button>
      </Container>
    </>
  );
}
