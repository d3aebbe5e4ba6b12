import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { CONTENT_KINDS, HELP_CATEGORIES, type ContentAdmin, type ContentKind, type ContentRevision } from '@sunstamp/domain/contracts/content';
import { FormError } from '../../../components/form-error.tsx';
import { SelectField, TextField } from '../../../components/form/fields.tsx';
import { MarkdownView } from '../../../components/markdown.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { friendlyErrors, showServerError } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useContentItem, useContentRevisions, useDeleteContent, useRemoveCover, useSaveContent, useUploadCover,
} from '../api/content-editor.api.ts';
import { bodyOf, effectiveSlug, formOf, publicPathOf, publishHint, withCategoryRule, type ContentForm } from '../content-form.rules.ts';
import { STATE_CHIP } from '../components/content-state.ts';

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft (only editors see it)' },
  { value: 'published', label: 'Published (now, or at the publish date)' },
];

/** Markdown on the left, what readers will see on the right (tabs on a narrow screen). */
function MarkdownEditor({ form }: { form: ReturnType<typeof useForm<ContentForm>> }) {
  const body = useWatch({ control: form.control, name: 'body_md' });
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const editor = (
    <TextField control={form.control} name="body_md" label="Text (Markdown)" multiline minRows={18} fullWidth
      slotProps={{ htmlInput: { style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14 }, 'aria-label': 'Text (Markdown)' } }}
      helperText="## Heading, **bold**, *italic*, - list, 1. list, [link](https://…), | tables |. HTML is shown as text." />
  );
  const preview = (
    <Paper variant="outlined" sx={{ p: 2, minHeight: 420, overflow: 'auto' }} data-testid="markdown-preview" aria-label="Preview">
      {body.trim() ? <MarkdownView source={body} /> : <Typography color="text.secondary">The preview appears here as you type.</Typography>}
    </Paper>
  );
  if (wide) {
    return (
      <Grid container spacing={2}>
        <Grid size={6}>{editor}</Grid>
        <Grid size={6}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>Preview</Typography>
          {preview}
        </Grid>
      </Grid>
    );
  }
  return (
    <>
      <Tabs value={tab} onChange={(_e, v: 'write' | 'preview') => setTab(v)} sx={{ mb: 1 }}>
        <Tab value="write" label="Write" />
        <Tab value="preview" label="Preview" />
      </Tabs>
      {tab === 'write' ? editor : preview}
    </>
  );
}

function CoverPanel({ item }: { item: ContentAdmin | undefined }) {
  const upload = useUploadCover();
  const remove = useRemoveCover();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>Cover image</Typography>
      {!item ? (
        <Typography variant="body2" color="text.secondary">Save the draft first, then add a cover image.</Typography>
      ) : (
        <Stack spacing={1.5}>
          {item.cover_url
            ? <Box component="img" src={item.cover_url} alt="Cover" sx={{ width: '100%', borderRadius: 1, maxHeight: 180, objectFit: 'cover' }} />
            : <Typography variant="body2" color="text.secondary">None. PNG, JPEG or GIF; shown on the list and above the text.</Typography>}
          <input
            ref={input} type="file" hidden accept="image/png,image/jpeg,image/gif" data-testid="cover-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate({ id: item.id, file }, { onSuccess: () => notify('Cover image saved.', { variant: 'success' }) });
            }}
          />
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" onClick={() => input.current?.click()} loading={upload.isPending}>
              {item.cover_url ? 'Replace' : 'Upload'}
            </Button>
            {item.cover_url && <Button size="small" color="error" onClick={() => remove.mutate(item.id)} loading={remove.isPending}>Remove</Button>}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

function RevisionsPanel({ id, onLoad }: { id: string | undefined; onLoad: (r: ContentRevision) => void }) {
  const revisions = useContentRevisions(id);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2">Earlier versions</Typography>
      {!id || !revisions.data?.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>Each save that changes the text keeps the version before it here.</Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 280, overflow: 'auto' }}>
          {revisions.data.map((r) => (
            <ListItem key={r.id} disableGutters secondaryAction={<Button size="small" onClick={() => onLoad(r)}>Load</Button>}>
              <ListItemText primary={r.title} secondary={`${formatDateTime(r.saved_at)}${r.edited_by ? ` · replaced by ${r.edited_by}` : ''}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

// eslint-disable-next-line max-lines-per-function -- one editor form: the content item's fields, its earlier revisions and the delete confirmation on one form state
function Editor({ kind, item }: { kind: ContentKind; item: ContentAdmin | undefined }) {
  const navigate = useNavigate();
  const save = useSaveContent();
  const del = useDeleteContent();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const form = useForm<ContentForm>({ resolver: zodResolver(withCategoryRule(kind), friendlyErrors), defaultValues: formOf(item ?? null) });
  const [title, slug, status, publishedAt] = useWatch({ control: form.control, name: ['title', 'slug', 'status', 'published_at'] });
  const noun = kind === 'post' ? 'post' : 'article';

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: item?.id, kind, body: bodyOf(kind, values) });
      notify(saved.state === 'published' ? 'Saved and published.' : saved.state === 'scheduled' ? 'Saved; it goes public at its date.' : 'Draft saved.', { variant: 'success' });
      form.reset(formOf(saved));
      if (!item) await navigate(`/content/${saved.id}`, { replace: true });
    } catch (e) {
      showServerError(e, form.setError, ['title', 'slug', 'summary', 'body_md', 'status', 'published_at', 'category']);
    }
  });

  const loadRevision = (r: ContentRevision) => {
    form.setValue('title', r.title, { shouldDirty: true });
    form.setValue('summary', r.summary, { shouldDirty: true });
    form.setValue('body_md', r.body_md, { shouldDirty: true });
    if (kind === 'help' && r.category) form.setValue('category', r.category, { shouldDirty: true });
    notify(`Loaded the version of ${formatDateTime(r.saved_at)}. Save to make it current.`, { variant: 'info' });
  };

  return (
    <>
      <PageHeader
        title={item ? `Edit ${noun}` : `New ${noun}`}
        subtitle={item ? <Chip size="small" label={STATE_CHIP[item.state].label} color={STATE_CHIP[item.state].color} /> : undefined}
        actions={
          <>
            <Button component={RouterLink} to={`/content?kind=${kind}`}>All {kind === 'post' ? 'posts' : 'articles'}</Button>
            {item?.state === 'published' && <Button variant="outlined" component={RouterLink} to={publicPathOf(kind, item.slug)}>View</Button>}
            {item && <Button color="error" onClick={() => setConfirmDelete(true)}>Delete</Button>}
          </>
        }
      />
      <Box component="form" onSubmit={submit} noValidate>
        <FormError message={form.formState.errors.root?.server?.message} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Stack spacing={2}>
              <TextField control={form.control} name="title" label="Title" required fullWidth autoFocus={!item} />
              <TextField control={form.control} name="slug" label="Slug" fullWidth placeholder={effectiveSlug({ title, slug: '' })}
                helperText={`Address: ${publicPathOf(kind, effectiveSlug({ title, slug }) || '…')}${slug ? '' : ' (made from the title)'}`} />
              <TextField control={form.control} name="summary" label="Summary" fullWidth multiline minRows={2}
                helperText="One or two sentences for the list and for search engines." />
              <MarkdownEditor form={form} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={2}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack spacing={2}>
                  <Typography variant="subtitle1" component="h2">Publishing</Typography>
                  {kind === 'help' && (
                    <SelectField control={form.control} name="category" label="Category" required options={HELP_CATEGORIES} fullWidth />
                  )}
                  <SelectField control={form.control} name="status" label="Status" options={STATUS_OPTIONS} fullWidth />
                  <TextField control={form.control} name="published_at" label="Publish date" type="datetime-local" fullWidth
                    slotProps={{ inputLabel: { shrink: true } }} helperText="Empty: when published. A later date schedules it." />
                  <Alert severity={status === 'draft' ? 'info' : 'success'} variant="outlined">{publishHint({ status, published_at: publishedAt }, new Date())}</Alert>
                  <Button type="submit" variant="contained" loading={save.isPending}>{item ? 'Save' : `Save ${noun}`}</Button>
                </Stack>
              </Paper>
              <CoverPanel item={item} />
              <RevisionsPanel id={item?.id} onLoad={loadRevision} />
            </Stack>
          </Grid>
        </Grid>
      </Box>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>Delete this {noun}?</DialogTitle>
        <DialogContent>
          <DialogContentText>“{item?.title}” and its earlier versions are deleted for good. To take it off the site but keep it, save it as a draft instead.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
          <Button color="error" variant="contained" loading={del.isPending}
            onClick={() => item && del.mutate(item.id, { onSuccess: () => { notify('Deleted.', { variant: 'success' }); void navigate(`/content?kind=${kind}`); } })}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** /content/new?kind=post|help and /content/{id}: the Markdown editor with a live preview. */
export function ContentEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const isNew = !id || id === 'new';
  const item = useContentItem(isNew ? undefined : id);
  if (isNew) {
    const asked = params.get('kind');
    const kind = CONTENT_KINDS.find((k) => k === asked) ?? 'help';
    return <Editor key={`new-${kind}`} kind={kind} item={undefined} />;
  }
  if (item.isError) return <Alert severity="error">This post or article does not exist, or you may not edit it.</Alert>;
  if (!item.data) return <Skeleton variant="rounded" height={400} />;
  return <Editor key={item.data.id} kind={item.data.kind} item={item.data} />;
}
