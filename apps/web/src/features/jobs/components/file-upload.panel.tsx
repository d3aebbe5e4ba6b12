import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import { DESIGN_FILE_CATEGORIES, uploadCategoriesFor } from '@sunstamp/domain/jobs/client-view.rules';
import { isClientRole, type Role } from '@sunstamp/domain/roles';
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from '@sunstamp/domain/contracts/files';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useUploadJobFiles } from '../api/upload-job-files.ts';
import { PendingUploads } from '../../../components/pending-uploads.tsx';

/** Checks the limits of decisions.md before sending: 50 MB a file, 20 files a request. */
export function uploadProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > MAX_UPLOAD_FILES) return `Choose at most ${MAX_UPLOAD_FILES} files at once.`;
  const big = files.find((f) => f.size > MAX_UPLOAD_FILE_BYTES);
  if (big) return `${big.name} is larger than the ${formatFileSize(MAX_UPLOAD_FILE_BYTES)} limit.`;
  return null;
}

/** The kind a file goes up as: the team's files in a design category are the design (CAD) deliverables. */
export const uploadKindOf = (role: Role, category: FileCategory) =>
  !isClientRole(role) && (DESIGN_FILE_CATEGORIES as readonly string[]).includes(category) ? 'cad' : 'job_file';

/**
 * Upload to a saved job: a category (spec §9: the ones the role may file under; the team's design
 * categories first), the files, and a progress bar while they go (multipart field `files`). A
 * failure is logged and shown once, under the panel, with the file names (spec §8).
 */
export function FileUploadPanel({ jobId, role }: { jobId: string; role: Role }) {
  const upload = useUploadJobFiles(jobId);
  const input = useRef<HTMLInputElement>(null);
  const categories = uploadCategoriesFor(role);
  const [category, setCategory] = useState<FileCategory>('General');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const problem = uploadProblem(files);

  const send = async () => {
    if (!files.length || problem) return;
    setError(null);
    setProgress(0);
    try {
      const stored = await upload.mutateAsync({
        files,
        fields: { category, kind: uploadKindOf(role, category) },
        onProgress: (p) => setProgress(Math.round((p.loaded / Math.max(p.total, 1)) * 100)),
      });
      notify(stored.length === 1 ? `Uploaded ${stored[0]!.name}.` : `Uploaded ${stored.length} files.`, { variant: 'success' });
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (e) {
      const names = files.map((f) => f.name).join(', ');
      console.error('Upload failed', names, e);
      // Shown once, beside the files it is about (a toast as well said the same thing twice).
      setError(`Could not upload ${names}: ${errorMessageOf(e)}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select size="small" label="Category" fullWidth={false} value={category} onChange={(e) => setCategory(e.target.value as FileCategory)} sx={{ width: 200 }}>
          {categories.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<AttachFileOutlined />} onClick={() => input.current?.click()} disabled={progress !== null} sx={{ whiteSpace: 'nowrap' }}>
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            setError(null);
            setFiles(Array.from(e.target.files ?? []));
          }}
        />
        <Button variant="contained" startIcon={<CloudUploadOutlined />} onClick={send} disabled={!files.length || !!problem} loading={progress !== null}>
          Upload
        </Button>
      </Stack>
      <PendingUploads files={files} onChange={setFiles} progress={progress} problem={problem ?? error} gap={1.5} />
    </Box>
  );
}
