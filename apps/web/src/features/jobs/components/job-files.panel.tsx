import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { FILE_CATEGORIES } from '@sunstamp/domain/constants/files.constants';
import type { JobFile } from '@sunstamp/domain/contracts/files';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import { downloadApiFile } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useJobFiles } from '../api/use-job.ts';
import { useDeleteJobFile } from '../api/upload-job-files.ts';

/** Files grouped by category, in the spec's category order; an unknown category goes last. */
export function groupFilesByCategory<T extends { category: string }>(files: readonly T[]): [string, T[]][] {
  const order = [...FILE_CATEGORIES] as string[];
  const groups = new Map<string, T[]>();
  for (const f of files) groups.set(f.category, [...(groups.get(f.category) ?? []), f]);
  return [...groups.entries()].sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

/**
 * The job's files by category: download (spec §8 messages on failure) and delete where the API
 * says the caller may (`may_delete`: the policy knows who uploaded the file; the page does not).
 */
// eslint-disable-next-line max-lines-per-function -- the categories' file lists and the delete dialog share the files query and the file being deleted
export function JobFilesPanel({ jobId, editable = true }: { jobId: string; editable?: boolean }) {
  const files = useJobFiles(jobId);
  const del = useDeleteJobFile(jobId);
  const [confirm, setConfirm] = useState<JobFile | null>(null);
  if (files.isLoading) return <Skeleton variant="rounded" height={72} />;
  const list = files.data ?? [];
  if (!list.length) {
    return (
      <Typography color="text.secondary" variant="body2">
        No files yet.
      </Typography>
    );
  }
  return (
    <Box>
      {groupFilesByCategory(list).map(([category, items]) => (
        <Box key={category} sx={{ mb: 1.5 }}>
          <Typography variant="overline" color="text.secondary">
            {category} · {items.length}
          </Typography>
          <List dense disablePadding>
            {items.map((f) => (
              <ListItem
                key={f.id}
                disableGutters
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <Tooltip title={`Download ${f.name}`}>
                      <IconButton
                        size="small"
                        aria-label={`Download ${f.name}`}
                        onClick={() => void downloadApiFile(notify, { path: `/files/${encodeURIComponent(f.id)}/download`, fileName: f.name })}
                      >
                        <DownloadOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {editable && f.may_delete && (
                      <Tooltip title={`Delete ${f.name}`}>
                        <IconButton size="small" aria-label={`Delete ${f.name}`} onClick={() => setConfirm(f)}>
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={f.name}
                  secondary={`${formatFileSize(f.size)} · ${f.uploaded_by?.full_name ?? 'Our team'} · ${formatDateTime(f.created_at)}`}
                  slotProps={{ primary: { noWrap: true, title: f.name }, secondary: { noWrap: true } }}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
      <Dialog open={!!confirm} onClose={() => setConfirm(null)}>
        <DialogTitle>Delete this file?</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm?.name} will be removed from the job. The job history keeps a record of the deletion.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirm(null)}>
            Keep it
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={del.isPending}
            onClick={async () => {
              if (!confirm) return;
              await del.mutateAsync(confirm.id).catch(() => undefined);
              setConfirm(null);
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
