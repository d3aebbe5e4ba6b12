import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENT_PAGES, type PublicPage } from '@sunstamp/domain/site/public-pages.data';
import type { ContentSlug } from '@sunstamp/domain/site/public-pages.routes';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ContentHero } from '../components/content-hero.tsx';
import { DemoCta } from '../components/demo-cta.tsx';

const paragraphsOf = (body: string) => body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

/** Marketing, about and legal pages: a hero and their sections (the same words the server prerenders). */
export function ContentPage({ slug }: { slug: ContentSlug }) {
  const page: PublicPage = CONTENT_PAGES[slug];
  usePageTitle(page.title);
  return (
    <>
      <ContentHero title={page.title} lead={page.lead} />
      <Container maxWidth={page.legal ? 'md' : 'lg'} sx={{ py: { xs: 5, md: 7 } }}>
        {page.legal ? (
          <Stack spacing={3} component="article">
            <Typography variant="body2" color="text.secondary">Last updated {page.legal.updated}</Typography>
            {page.sections.map((s) => (
              <section key={s.heading}>
                <Typography variant="h6" component="h2" gutterBottom>{s.heading}</Typography>
                {paragraphsOf(s.body).map((p) => <Typography key={p} sx={{ mb: 1.5 }}>{p}</Typography>)}
              </section>
            ))}
          </Stack>
        ) : (
          <Grid container spacing={4}>
            {page.sections.map((s) => (
              <Grid key={s.heading} size={{ xs: 12, md: page.sections.length > 2 ? 4 : 6 }}>
                <Typography variant="h6" component="h2" gutterBottom>{s.heading}</Typography>
                {paragraphsOf(s.body).map((p) => <Typography key={p} color="text.secondary" sx={{ mb: 1.5 }}>{p}</Typography>)}
              </Grid>
            ))}
          </Grid>
        )}
        {page.cta && <DemoCta />}
      </Container>
    </>
  );
}
