import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import GppBadOutlined from '@mui/icons-material/GppBadOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { MAX_VERIFY_UPLOAD_BYTES } from '@sunstamp/domain/constants/deliverables.constants';
import { normaliseVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import { VERIFY_PAGE } from '@sunstamp/domain/site/login-page.data';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCheckDocument, useVerification } from '../api/use-verification.ts';

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Typography variant="body1" sx={mono ? { fontFamily: 'monospace', wordBreak: 'break-all', fontSize: '0.85rem' } : undefined}>{value}</Typography>
    </Box>
  );
}

/**
 * The public verification page: a plan reviewer enters the code printed beside an engineer's
 * seal and reads who sealed the document, the licence, the job's city and state, the date, the
 * document's SHA-256 and whether it was released; uploading the PDF they hold tells whether it is
 * the document that was sealed. The street address is shown only to the job's company and staff.
 */
// eslint-disable-next-line max-lines-per-function -- the typed code (in the URL), its record and the uploaded-PDF comparison share the one code and its two queries
export function VerifyPage() {
  usePageTitle(VERIFY_PAGE.title);
  const { code: param = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(param);
  const [missing, setMissing] = useState(false);
  const code = param ? normaliseVerificationCode(param) : '';
  const record = useVerification(code);
  const check = useCheckDocument(code);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const c = normaliseVerificationCode(typed);
    setMissing(!c);
    if (c) void navigate(`/verify/${encodeURIComponent(c)}`);
  };
  const withdrawn = !!record.data?.withdrawn_at;
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_VERIFY_UPLOAD_BYTES) {
      check.reset();
      return;
    }
    check.mutate(file);
  };

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>{VERIFY_PAGE.title}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>{VERIFY_PAGE.lead}</Typography>
      {/* The button keeps the field's height when a message shows under the field. */}
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 3 }}>
        <TextField
          label="Verification code" value={typed} onChange={(e) => { setTyped(e.target.value); setMissing(false); }} fullWidth
          error={missing} helperText={missing ? 'Enter the code printed beside the seal.' : undefined}
          placeholder="XXXXX-XXXXX-XXXXX-XXXXX" slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0, height: 56 }}>Verify</Button>
      </Box>
      {code && record.isLoading && <CircularProgress aria-label="Looking up the code" />}
      {code && record.isError && <Alert severity="error">{errorMessageOf(record.error)}</Alert>}
      {record.data && (
        <Card variant="outlined" data-testid="verification">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              {withdrawn ? <GppBadOutlined color="error" /> : <VerifiedOutlined color="success" />}
              <Typography variant="h6" component="h2">
                {record.data.document} sealed by {record.data.engineer_name}{withdrawn ? ': withdrawn' : ''}
              </Typography>
            </Stack>
            <Alert severity={withdrawn ? 'error' : record.data.released ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="release-status">
              {withdrawn && <AlertTitle>Not valid: withdrawn</AlertTitle>}
              {record.data.status_text}
            </Alert>
            <Stack spacing={1.5}>
              {record.data.seals.length > 1 ? record.data.seals.map((s) => (
                <Fact key={s.discipline} label={`${s.discipline === 'structural' ? 'Structural' : 'Electrical'} seal`} value={`${s.engineer_name}, P.E. · ${s.licence_state} ${s.licence_number}`} />
              )) : (
                <>
                  <Fact label="Engineer" value={record.data.engineer_name} />
                  <Fact label="Licence" value={`${record.data.licence_state} ${record.data.licence_number}`} />
                </>
              )}
              <Fact label="Where" value={record.data.location || '—'} />
              {record.data.job && <Fact label="Job (you see this as its company or staff)" value={`${record.data.job.name} · ${record.data.job.address}`} />}
              {/* The day printed beside each seal (the firm's calendar day, kept as printed), not the viewer's local day: a reviewer compares the two. */}
              <Fact label="Sealed on" value={record.data.sealed_on.join(' and ')} />
              <Fact label="Verification code" value={record.data.code} />
              <Fact label="Document SHA-256" value={record.data.sha256} mono />
            </Stack>
            <Box sx={{ mt: 3 }}>
              <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} loading={check.isPending}>
                Check the PDF you hold
                <input hidden type="file" accept="application/pdf,.pdf" aria-label="PDF to check" onChange={(e) => onFile(e.target.files?.[0])} />
              </Button>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                Up to {MAX_VERIFY_UPLOAD_BYTES / 1024 / 1024} MB. The file is hashed and compared; it is not kept.
              </Typography>
            </Box>
            {check.isError && <Alert severity="error" sx={{ mt: 2 }}>{errorMessageOf(check.error)}</Alert>}
            {check.data && (
              <Alert severity={check.data.matches && !withdrawn ? 'success' : 'error'} sx={{ mt: 2, wordBreak: 'break-word', '& .MuiAlert-message': { minWidth: 0 } }} data-testid="check-result">
                <AlertTitle>{check.data.matches ? (withdrawn ? 'This is the withdrawn document.' : 'This is the sealed document.') : 'This file is not the sealed document.'}</AlertTitle>
                {check.data.matches
                  ? withdrawn
                    ? 'Its SHA-256 matches the document the engineer sealed, which the engineering firm has since withdrawn: do not accept it.'
                    : 'Its SHA-256 matches the document the engineer sealed: it has not been changed.'
                  : <>Its SHA-256 is <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{check.data.sha256}</Box>. It was changed after sealing, or it is another document.</>}
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
    </Container>
  );
}
