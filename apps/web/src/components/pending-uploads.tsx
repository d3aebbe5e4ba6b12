import type { ReactElement } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';

/**
 * The files picked for an upload, below its form: a chip each (removable until the upload starts),
 * the upload's progress while it runs, and the problem that stopped it. The job's file panel and
 * the conversation's composer show the same.
 */
export function PendingUploads({ files, onChange, progress, problem, icon, gap = 1 }: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Percent while uploading, null otherwise. */
  progress: number | null;
  problem?: string | null | undefined;
  icon?: ReactElement;
  /** Space above each part (theme spacing). */
  gap?: number;
}) {
  return (
    <>
      {files.length > 0 && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ mt: gap, flexWrap: 'wrap' }}>
          {files.map((f) => (
            <Chip
              key={`${f.name}-${f.size}`}
              size="small"
              {...(icon ? { icon } : {})}
              label={`${f.name} · ${formatFileSize(f.size)}`}
              onDelete={progress === null ? () => onChange(files.filter((x) => x !== f)) : undefined}
            />
          ))}
        </Stack>
      )}
      {progress !== null && (
        <Box sx={{ mt: gap }}>
          <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
          <Typography variant="caption" color="text.secondary">
            Uploading… {progress}%
          </Typography>
        </Box>
      )}
      {problem && <Alert severity="error" sx={{ mt: gap }}>{problem}</Alert>}
    </>
  );
}
