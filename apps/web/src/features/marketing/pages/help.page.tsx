import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { EmptyState } from '../../../components/empty-state.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ContentHero } from '../components/content-hero.tsx';

export function HelpPage() {
  usePageTitle('Help');
  return (
    <>
      <ContentHero title="Help centre" lead="Guides to ordering jobs, reading plan sets and working with revisions." />
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <EmptyState
          icon={<HelpOutline />}
          title="Articles are being written"
          action={
            <Button variant="contained" component={RouterLink} to="/contact-us">
              Contact us
            </Button>
          }
        >
          Until they are published, our support team answers any question about your account or your jobs.
        </EmptyState>
      </Container>
    </>
  );
}

export function HelpArticlePage() {
  const { articleId } = useParams();
  usePageTitle('Help');
  return (
    <>
      <ContentHero title="Help centre" />
      <Container maxWidth="md" sx={{ py: 6 }}>
        <EmptyState
          icon={<HelpOutline />}
          title="This article is not available"
          action={
            <Button variant="outlined" component={RouterLink} to="/help">
              All articles
            </Button>
          }
        >
          We could not find the article “{articleId}”.
        </EmptyState>
      </Container>
    </>
  );
}
