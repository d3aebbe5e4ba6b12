import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import type { Engineer } from '@sunstamp/domain/contracts/engineers';
import { FormError } from '../../../components/form-error.tsx';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useRemoveCertificate, useSetSealAuthorisation, useUploadCertificate } from '../api/engineers.api.ts';

/**
 * An engineer's signing certificates: the public part, registered once; a letter is signed only
 * with a key whose certificate is registered here for its engineer. The key itself never comes here.
 */
export function CertificatesSection({ engineer }: { engineer: Engineer }) {
  const upload = useUploadCertificate();
  const remove = useRemoveCertificate();
  const input = useRef<HTMLInputElement>(null);
  const editable = engineer.may.manage_credentials;
  return (
    <Box data-testid="certificates">
      <Typography variant="subtitle2">Signing certificates</Typography>
      {engineer.certificates.length === 0 ? (
        <Typography variant="body2" color="text.secondary">None registered: {engineer.name} cannot sign letters digitally yet.</Typography>
      ) : (
        <List dense disablePadding>
          {engineer.certificates.map((c) => (
            <ListItem key={c.id} disableGutters secondaryAction={editable && (
              <Tooltip title="Remove this certificate">
                <IconButton size="small" aria-label={`Remove the certificate ${c.subject}`} onClick={() => remove.mutate({ id: engineer.id, certificateId: c.id }, { onSuccess: () => notify('Certificate removed.', { variant: 'success' }) })}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}>
              <ListItemText
                primary={<Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}><span>{c.subject}</span>{c.self_signed && <Chip size="small" variant="outlined" label="Self-signed" />}{c.expired && <Chip size="small" color="error" label="Expired" />}</Stack>}
                secondary={`Issued by ${c.issuer} · valid to ${c.not_after.slice(0, 10)} · key ${c.key_fingerprint.slice(0, 23)}…`}
                slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <>
          <input ref={input} type="file" accept=".cer,.crt,.pem,.der" hidden aria-label={`Signing certificate of ${engineer.name}`}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.mutate({ id: engineer.id, file }, { onSuccess: () => notify('Certificate registered.', { variant: 'success' }) });
            }} />
          <Button size="small" variant="outlined" loading={upload.isPending} onClick={() => input.current?.click()}>Register a certificate</Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>The public certificate only (.cer, .crt or .pem): never the .p12 that holds the key.</Typography>
        </>
      )}
    </Box>
  );
}

/**
 * The engineer's standing authorisation for an admin to seal in their name: recorded by the
 * engineer from their own account, or by an admin who says where the written authorisation is kept.
 */
export function AuthorisationSection({ engineer }: { engineer: Engineer }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const set = useSetSealAuthorisation();
  const a = engineer.seal_authorisation;
  return (
    <Box data-testid="seal-authorisation">
      <Typography variant="subtitle2">Admins sealing in {engineer.name}'s name</Typography>
      <Typography variant="body2" color="text.secondary">
        {a
          ? `Authorised on ${formatDateTime(a.granted_at)} (recorded by ${a.granted_by}: ${a.reference}).`
          : engineer.user_id
            ? `Not authorised: only ${engineer.name} seals, from their own account.`
            : 'Not authorised, and no account is linked: nobody can seal as this engineer yet.'}
      </Typography>
      {engineer.may.authorise && (
        <Box sx={{ mt: 0.5 }}>
          {a
            ? <Button size="small" color="warning" onClick={() => set.mutate({ id: engineer.id, body: { granted: false } }, { onSuccess: () => notify('Authorisation revoked.', { variant: 'success' }), onError: (e) => notify(errorMessageOf(e), { variant: 'error' }) })}>Revoke</Button>
            : <Button size="small" variant="outlined" onClick={() => setOpen(true)}>Record authorisation</Button>}
        </Box>
      )}
      {open && <AuthorisationDialog engineer={engineer} own={engineer.user_id === user.id} onClose={() => setOpen(false)} />}
    </Box>
  );
}

function AuthorisationDialog({ engineer, own, onClose }: { engineer: Engineer; own: boolean; onClose: () => void }) {
  const set = useSetSealAuthorisation();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Authorise admins to seal in {engineer.name}'s name</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {own
            ? 'You authorise an admin to apply your seal to documents on your behalf until you revoke it. Each seal is recorded with who applied it.'
            : `Record ${engineer.name}'s written authorisation: say where the signed authorisation is kept. Each seal applied on it is recorded with who applied it.`}
        </DialogContentText>
        <FormError message={error} />
        {!own && <TextField fullWidth required label="Written authorisation" placeholder="Signed letter of 2026-03-02, kept in the HR file" value={reference} onChange={(e) => setReference(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />}
      </DialogContent>
      <DialogFooter onCancel={onClose} confirmLabel="Record" busy={set.isPending}
        onConfirm={() => set.mutate({ id: engineer.id, body: { granted: true, reference } }, {
          onSuccess: () => { notify('Authorisation recorded.', { variant: 'success' }); onClose(); },
          onError: (e) => setError(errorMessageOf(e)),
        })} />
    </Dialog>
  );
}
