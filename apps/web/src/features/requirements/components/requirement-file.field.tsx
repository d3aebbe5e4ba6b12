import { createContext, memo, useContext, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';
import {
  acceptOf, fileRefsOf, requirementFileDownloadPath,
} from '@sunstamp/domain/requirements/requirement-files.rules';
import type { RequirementDefinition, RequirementFileRef } from '@sunstamp/domain/requirements/requirement.schema';
import { offValueOf } from '@sunstamp/domain/requirements/scope-values.rules';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteRequirementFile, useUploadRequirementFiles } from '../api/requirement-files.ts';
import type { RequirementScopeRef } from '../api/use-scope-values.ts';
import { fileDownloadKindOf, fileFieldHelp, requirementUploadProblem, SOURCE_LABELS } from '../../../components/requirements/requirements.rules.ts';
import { FieldBox, FieldMeta, type RequirementFieldProps } from './requirement-field.tsx';

/** The scope the form edits; file fields upload to it directly. */
export const ScopeRefContext = createContext<RequirementScopeRef>({ type: 'company', id: '' });

function FileList({
  def, files, onRemove,
}: {
  def: RequirementDefinition;
  files: RequirementFileRef[];
  onRemove?: (f: RequirementFileRef) => void;
}) {
  const kind = fileDownloadKindOf(def);
  return (
    <List dense disablePadding aria-label={`${def.label} files`}>
      {files.map((f) => (
        <ListItem
          key={f.id}
          disableGutters
          secondaryAction={
            onRemove && (
              <Tooltip title={`Remove ${f.name}`}>
                <IconButton size="small" edge="end" aria-label={`Remove ${f.name}`} onClick={() => onRemove(f)}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )
          }
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            <InsertDriveFileOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={
              <Link
                component="button"
                type="button"
                underline="hover"
                onClick={() => void downloadApiFile(notify, { path: requirementFileDownloadPath(f.id), fileName: f.name, kind })}
                sx={{ textAlign: 'left', wordBreak: 'break-all' }}
                aria-label={`Download ${f.name}`}
              >
                {f.name}
              </Link>
            }
            secondary={f.size !== undefined ? formatFileSize(f.size) : undefined}
            sx={{ pr: onRemove ? 5 : 0, my: 0.25 }}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * A file requirement: the files set on this scope (each downloadable and removable) or the ones it
 * inherits, an upload button with progress, and "No file here" to override an inherited file.
 * Uploads and removals are saved at once (the server stores the bytes); "No file here" and
 * "Reset to inherited" are saved with the form.
 */
// eslint-disable-next-line max-lines-per-function -- one field: upload, remove, "No file here" and reset share the field's value and the upload mutation
export const RequirementFileField = memo(function RequirementFileField({
  def, value, setHere, inherited, error, readOnly, dispatch,
}: RequirementFieldProps) {
  const scope = useContext(ScopeRefContext);
  const upload = useUploadRequirementFiles(scope);
  const remove = useDeleteRequirementFile(scope);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The file kept after the dialog closes, so its name stays while it fades out.
  const [confirm, setConfirm] = useState<RequirementFileRef | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askRemove = (f: RequirementFileRef) => {
    setConfirm(f);
    setConfirmOpen(true);
  };
  const files = fileRefsOf(value);
  const inheritedFiles = fileRefsOf(inherited.value);
  const busy = progress !== null || remove.isPending;
  const id = `req-${def.key}`;

  const send = async (chosen: File[]) => {
    const p = requirementUploadProblem(def, chosen, setHere ? files.length : 0);
    setProblem(p);
    if (p || !chosen.length) return;
    setProgress(0);
    try {
      const res = await upload.mutateAsync({
        key: def.key,
        files: chosen,
        onProgress: (e) => setProgress(Math.round((e.loaded / Math.max(e.total, 1)) * 100)),
      });
      dispatch({ type: 'stored', key: def.key, value: res.values[def.key] });
      notify(res.uploaded.length === 1 ? `Uploaded ${res.uploaded[0]!.name}.` : `Uploaded ${res.uploaded.length} files.`, { variant: 'success' });
    } catch (e) {
      const names = chosen.map((f) => f.name).join(', ');
      console.error('Upload failed', names, e);
      const message = `Could not upload ${names}: ${errorMessageOf(e)}`;
      setProblem(message);
      notify(message, { variant: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const removeFile = async (f: RequirementFileRef) => {
    try {
      const res = await remove.mutateAsync({ key: def.key, fileId: f.id });
      dispatch({ type: 'stored', key: def.key, value: res.values[def.key] });
      notify(`Removed ${f.name}.`, { variant: 'success' });
    } catch (e) {
      notify(`Could not remove ${f.name}: ${errorMessageOf(e)}`, { variant: 'error' });
    } finally {
      setConfirmOpen(false);
    }
  };

  return (
    <FieldBox setHere={setHere} error={!!error || !!problem} testId={id}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}>
        {def.label}
      </Typography>
      {files.length > 0 ? (
        <FileList def={def} files={files} onRemove={setHere && !readOnly && !busy ? askRemove : undefined} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
          {setHere && inheritedFiles.length > 0 ? `No file here (the ${SOURCE_LABELS[inherited.source]} file is not used).` : 'No file'}
        </Typography>
      )}
      {!readOnly && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Button id={id} size="small" variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} loading={progress !== null} disabled={busy}>
            {def.multiple ? 'Upload files' : setHere && files.length ? 'Replace file' : 'Upload file'}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            multiple={!!def.multiple}
            accept={acceptOf(def)}
            data-testid={`${id}-input`}
            onChange={(e) => void send(Array.from(e.target.files ?? []))}
          />
          {!setHere && inheritedFiles.length > 0 && (
            <Tooltip describeChild title={`Override the ${SOURCE_LABELS[inherited.source]}'s file: this ${scope.type === 'ahj' ? 'AHJ' : scope.type} uses none (saved with the form).`}>
              <Button size="small" color="inherit" startIcon={<BlockOutlined />} disabled={busy} onClick={() => dispatch({ type: 'set', key: def.key, value: offValueOf(def) })}>
                No file here
              </Button>
            </Tooltip>
          )}
        </Stack>
      )}
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`${def.label} upload progress`} />
          <Typography variant="caption" color="text.secondary">
            Uploading… {progress}%
          </Typography>
        </Box>
      )}
      <FormHelperText error={!!error || !!problem} sx={{ ml: 0 }}>
        {problem ?? error ?? fileFieldHelp(def)}
      </FormHelperText>
      <FieldMeta def={def} setHere={setHere} inherited={inherited} readOnly={readOnly} onReset={() => dispatch({ type: 'reset', key: def.key })} />
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)}>
        <DialogTitle>Remove this file?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirm?.name} will be deleted. This {scope.type === 'ahj' ? 'AHJ' : scope.type} then uses no file for {def.label}; “Reset to inherited” uses the one below it again.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirmOpen(false)}>
            Keep it
          </Button>
          <Button color="error" variant="contained" loading={remove.isPending} onClick={() => confirm && void removeFile(confirm)}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </FieldBox>
  );
});
