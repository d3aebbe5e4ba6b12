import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import type { Engineer } from '@sunstamp/domain/contracts/engineers';
import { mayManageEngineers } from '@sunstamp/domain/policies/engineers.policy';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useEngineerImage, useEngineers, useUploadEngineerImage } from '../api/engineers.api.ts';
import { EngineerDialog } from '../components/engineer.dialog.tsx';
import { AuthorisationSection, CertificatesSection } from '../components/engineer-credentials.tsx';
import { DISCIPLINE_LABELS, licenceText } from '../engineer-form.rules.ts';

function ImageSlot({ engineer, kind, editable }: { engineer: Engineer; kind: 'seal' | 'signature'; editable: boolean }) {
  const image = useEngineerImage(engineer, kind);
  const upload = useUploadEngineerImage();
  const input = useRef<HTMLInputElement>(null);
  const label = kind === 'seal' ? 'Seal' : 'Signature';
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', width: 160 }}>
      <Box sx={{ width: 140, height: kind === 'seal' ? 140 : 60, border: 1, borderColor: 'divider', borderStyle: image.data ? 'solid' : 'dashed', borderRadius: 1, display: 'grid', placeItems: 'center', overflow: 'hidden', bgcolor: 'background.default' }}>
        {image.data ? <img src={image.data} alt={`${engineer.name}'s ${kind}`} style={{ maxWidth: '100%', maxHeight: '100%' }} /> : <Typography variant="caption" color="text.secondary">No {kind}</Typography>}
      </Box>
      {editable && (
        <>
          <input ref={input} type="file" accept="image/png,image/svg+xml,.svg" hidden aria-label={`${label} image of ${engineer.name}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate({ id: engineer.id, kind, file }, { onSuccess: () => notify(`${label} uploaded.`, { variant: 'success' }) });
            }} />
          <Button size="small" variant="outlined" loading={upload.isPending} onClick={() => input.current?.click()}>
            {engineer[kind === 'seal' ? 'has_seal' : 'has_signature'] ? `Replace ${kind}` : `Upload ${kind}`}
          </Button>
        </>
      )}
    </Stack>
  );
}

function EngineerCard({ engineer, editable, onEdit }: { engineer: Engineer; editable: boolean; onEdit: () => void }) {
  const today = new Date().toISOString().slice(0, 10);
  const sealsIn = engineer.licences.filter((l) => !l.expired && l.expires_on >= today).map((l) => l.state);
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} data-testid="engineer">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h6" component="h2">{engineer.name}, P.E.</Typography>
            {engineer.disciplines.map((d) => <Chip key={d} size="small" label={DISCIPLINE_LABELS[d]} color="info" />)}
            {!engineer.is_active && <Chip size="small" label="Deactivated" variant="outlined" />}
            {engineer.is_demo && <Chip size="small" color="warning" label="Demo – not a valid seal" />}
          </Stack>
          {engineer.email && <Typography variant="body2" color="text.secondary">{engineer.email}</Typography>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {engineer.licences.length === 0
              ? <Typography variant="body2" color="text.secondary">No PE licence yet: this engineer seals nothing.</Typography>
              : engineer.licences.map((l) => <Chip key={l.state} label={licenceText(l)} color={l.expired ? 'error' : 'default'} variant={l.expired ? 'filled' : 'outlined'} />)}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {engineer.is_active && sealsIn.length && engineer.has_seal
              ? `Seals ${engineer.disciplines.map((d) => DISCIPLINE_LABELS[d].toLowerCase()).join(' and ')} documents in ${sealsIn.join(', ')}.`
              : !engineer.has_seal ? 'Upload the seal image before this engineer can seal.' : 'Seals nothing until a licence is current.'}
            {engineer.user_id ? '' : ' No account is linked, so nobody can sign as this engineer.'}
          </Typography>
          <AuthorisationSection engineer={engineer} />
          <CertificatesSection engineer={engineer} />
          {editable && <Box><Button size="small" variant="outlined" onClick={onEdit}>Edit</Button></Box>}
        </Stack>
        <Stack direction="row" spacing={2}>
          <ImageSlot engineer={engineer} kind="seal" editable={engineer.may.manage_credentials} />
          <ImageSlot engineer={engineer} kind="signature" editable={engineer.may.manage_credentials} />
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /engineers (staff; admin edits): the PE licences, seals and signatures letters and plan sets are sealed with. */
export function EngineersPage() {
  const user = useSessionUser();
  const engineers = useEngineers();
  const [editing, setEditing] = useState<Engineer | 'new' | null>(null);
  const editable = mayManageEngineers(user.role);
  const list = engineers.data ?? [];
  return (
    <>
      <PageHeader
        title="Engineers"
        subtitle="A document is sealed only by an engineer licensed in the job's state for its discipline, with a licence that has not expired, from the engineer's own account or by an admin on the engineer's recorded authorisation."
        actions={editable ? <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing('new')}>Add engineer</Button> : undefined}
      />
      {engineers.isLoading ? (
        <Stack spacing={2}>{[0, 1].map((i) => <Skeleton key={i} variant="rounded" height={160} />)}</Stack>
      ) : engineers.isError ? (
        <Alert severity="error">The engineers could not be loaded. Reload the page to try again.</Alert>
      ) : list.length === 0 ? (
        <EmptyState icon={<VerifiedOutlined fontSize="large" />} title="No engineers yet"
          action={editable ? <Button variant="contained" onClick={() => setEditing('new')}>Add the first engineer</Button> : undefined}>
          Letters and plan sets are sealed by the engineers listed here, with their PE licence, seal and signature.
        </EmptyState>
      ) : (
        <Stack spacing={2}>
          {list.map((e) => <EngineerCard key={e.id} engineer={e} editable={editable} onEdit={() => setEditing(e)} />)}
        </Stack>
      )}
      {editing && <EngineerDialog engineer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
