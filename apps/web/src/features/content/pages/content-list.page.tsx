import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import type { ContentAdmin, ContentKind } from '@sunstamp/domain/contracts/content';
import { mayEditCatalogue } from '@sunstamp/domain/policies/catalogue.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useContentItems } from '../api/content-editor.api.ts';
import { publicPathOf } from '../content-form.rules.ts';
import { STATE_CHIP } from '../components/content-state.ts';


const KIND_LABEL: Record<ContentKind, string> = { post: 'Blog posts', help: 'Help articles' };

function ItemRow({ item }: { item: ContentAdmin }) {
  const chip = STATE_CHIP[item.state];
  const when = item.state === 'draft' ? `updated ${formatDateTime(item.updated_at)}`
    : item.state === 'scheduled' ? `goes public ${formatDateTime(item.published_at!)}`
      : `published ${formatDateTime(item.published_at!)}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="content-item">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Chip size="small" label={chip.label} color={chip.color} variant={item.state === 'draft' ? 'outlined' : 'filled'} />
            {item.category && <Chip size="small" label={item.category} variant="outlined" />}
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{item.title}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {publicPathOf(item.kind, item.slug)} · {when}{item.author ? ` · by ${item.author}` : ''}
            {item.revision_count ? ` · ${item.revision_count} earlier ${item.revision_count === 1 ? 'version' : 'versions'}` : ''}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {item.state === 'published' && (
            <Button size="small" component={RouterLink} to={publicPathOf(item.kind, item.slug)}>View</Button>
          )}
          <Button size="small" variant="outlined" component={RouterLink} to={`/content/${item.id}`}>Edit</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The blog and help editors' list (admin: both; support: help only). */
export function ContentListPage() {
  const user = useSessionUser();
  const kinds = (['help', 'post'] as const).filter((k) => mayEditCatalogue(user.role, k === 'post' ? 'blog' : 'help'));
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind');
  const kind: ContentKind = kinds.find((k) => k === asked) ?? kinds[0] ?? 'help';
  const items = useContentItems(kind);
  return (
    <>
      <PageHeader
        title="Blog and help"
        subtitle="Write in Markdown with a live preview; save as a draft, publish now or schedule a date. Every save keeps the earlier version."
        actions={
          <Button variant="contained" startIcon={<AddRounded />} component={RouterLink} to={`/content/new?kind=${kind}`}>
            {kind === 'post' ? 'New post' : 'New article'}
          </Button>
        }
      />
      {kinds.length > 1 && (
        <Tabs value={kind} onChange={(_e, v: ContentKind) => setParams({ kind: v }, { replace: true })} sx={{ mb: 2 }}>
          {kinds.map((k) => <Tab key={k} value={k} label={KIND_LABEL[k]} />)}
        </Tabs>
      )}
      {items.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : !items.data?.length ? (
        <EmptyState icon={<ArticleOutlined />} title={kind === 'post' ? 'No posts yet' : 'No articles yet'}>Write the first one.</EmptyState>
      ) : (
        <Stack spacing={1.5}>{items.data.map((i) => <ItemRow key={i.id} item={i} />)}</Stack>
      )}
    </>
  );
}
