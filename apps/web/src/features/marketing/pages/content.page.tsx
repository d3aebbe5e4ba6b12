import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ContentHero } from '../components/content-hero.tsx';
import { DemoCta } from '../components/demo-cta.tsx';
import { CONTENT_PAGES, type ContentPageData, type ContentSlug } from '../data/content-pages.data.ts';

/** Marketing, about and legal pages: a hero and a few sections. */
export function ContentPage({ slug }: { slug: ContentSlug }) {
  const page: ContentPageData = CONTENT_PAGES[slug];
  usePageTitle(page.title);
  return (
    <>
      <ContentHero title={page.title} lead={page.lead} />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Grid container spacing={4}>
          {page.sections.map((s) => (
            <Grid key={s.heading} size={{ xs: 12, md: page.sections.length > 2 ? 4 : 6 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {s.heading}
              </Typography>
              <Typography color="text.secondary">{s.body}</Typography>
            </Grid>
          ))}
        </Grid>
        {page.cta && <DemoCta />}
      </Container>
    </>
  );
}
