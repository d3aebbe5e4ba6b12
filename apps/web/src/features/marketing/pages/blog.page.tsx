import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { EmptyState } from '../../../components/empty-state.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ContentHero } from '../components/content-hero.tsx';

export function BlogPage() {
  usePageTitle('Blog');
  return (
    <>
      <ContentHero title="Blog" lead="News on codes, authorities and utilities, and how we design and engineer solar permit sets." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <EmptyState icon={<ArticleOutlined />} title="No posts yet">
          Our first articles are on their way. Check back soon.
        </EmptyState>
      </Container>
    </>
  );
}

export function BlogPostPage() {
  const { postId } = useParams();
  usePageTitle('Blog');
  return (
    <>
      <ContentHero title="Blog" />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <EmptyState
          icon={<ArticleOutlined />}
          title="This post is not available"
          action={
            <Button variant="outlined" component={RouterLink} to="/blog">
              All posts
            </Button>
          }
        >
          We could not find the post “{postId}”. It may have moved or been unpublished.
        </EmptyState>
      </Container>
    </>
  );
}
