import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import StarRounded from '@mui/icons-material/StarRounded';
import type { CodeList } from '@sunstamp/domain/contracts/catalogue';
import { PageHeader } from '../../../components/page-header.tsx';
import { ReferenceTabs } from '../components/reference-tabs.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCodeLists, type EditableCodeType } from '../api/use-codes.ts';
import { mayEditCatalogue, mayEditCodeList } from '@sunstamp/domain/policies/catalogue.policy';
import { CODE_SHORT_LABELS } from '../code-lists.rules.ts';
import { CodeListDialog } from '../components/code-list.dialog.tsx';

function CodeCard({ code, canEdit, adminView, onEdit }: { code: CodeList; canEdit: boolean; adminView: boolean; onEdit: () => void }) {
  const short = CODE_SHORT_LABELS[code.type];
  return (
    <Paper variant="outlined" sx={{ p: 2.5, height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`code-${code.type}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
            {short}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {code.label}
          </Typography>
        </Box>
        {canEdit ? (
          <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onEdit} aria-label={`Edit ${short} editions`}>
            Edit
          </Button>
        ) : (
          <Tooltip title={adminView ? `Only the IBC and IEBC editions can be changed; the ${short} editions are fixed.` : 'Only an admin can change code editions.'}>
            <Chip size="small" icon={<LockOutlined />} label="Read only" variant="outlined" />
          </Tooltip>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Editions on offer
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }}>
        {code.editions.map((e) => {
          const isDefault = e.value === code.default;
          return (
            <Chip
              key={e.value}
              label={e.label}
              color={isDefault ? 'primary' : 'default'}
              variant={isDefault ? 'filled' : 'outlined'}
              icon={isDefault ? <StarRounded /> : undefined}
              title={isDefault ? 'Default for a new AHJ' : `Stored as ${e.value}`}
            />
          );
        })}
      </Stack>
      <Box sx={{ mt: 'auto' }}>
        <Typography variant="caption" color="text.secondary" component="div">
          Default for a new AHJ: <strong>{code.editions.find((e) => e.value === code.default)?.label ?? 'none'}</strong>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          Updated {formatDateTime(code.updated_at)}
        </Typography>
      </Box>
    </Paper>
  );
}

/** /reference/codes (staff): the code editions AHJs adopt. Admins change IBC and IEBC; the rest is read-only. */
export function CodesPage() {
  const user = useSessionUser();
  const codes = useCodeLists();
  const [editing, setEditing] = useState<(CodeList & { type: EditableCodeType }) | null>(null);
  const admin = mayEditCatalogue(user.role, 'codes');

  return (
    <>
      <ReferenceTabs />
      <PageHeader
        title="Codes"
        subtitle="The code editions an AHJ can adopt: building, residential, existing building, ASCE 7, electrical and fire codes."
      />
      {!admin && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          You can look up the editions here; only an admin can change them.
        </Alert>
      )}
      {codes.isError && <Alert severity="error">The code lists could not be loaded.</Alert>}
      <Grid container spacing={2}>
        {(codes.data ?? Array.from({ length: 6 }, () => null)).map((code, i) => (
          <Grid key={code?.type ?? i} size={{ xs: 12, md: 6, lg: 4 }}>
            {code ? (
              <CodeCard
                code={code}
                adminView={admin}
                canEdit={mayEditCodeList(user.role, code.type)}
                onEdit={() => setEditing(code as CodeList & { type: EditableCodeType })}
              />
            ) : (
              <Skeleton variant="rounded" height={190} />
            )}
          </Grid>
        ))}
      </Grid>
      {editing && <CodeListDialog code={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
