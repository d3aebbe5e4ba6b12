import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { ImportResult } from '@sunstamp/domain/contracts/catalogue';
import { errorMessageOf, isApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useCsvImport, type CsvImportTarget } from '../api/use-csv-import.ts';
import type { QueryValue } from '../../../lib/api-client.ts';
import { DialogFooter } from '../../../components/form/dialog-footer.tsx';

/** The line-numbered messages of a refused import ("Line 3: …"), else the error's message. */
export function importErrorLines(error: unknown): { message: string; lines: string[] } {
  const body = isApiError(error) ? (error.body as { message?: unknown; args?: unknown } | null) : null;
  const lines = Array.isArray(body?.args) ? body.args.filter((a): a is string => typeof a === 'string') : [];
  const message = typeof body?.message === 'string' ? body.message : errorMessageOf(error);
  return { message, lines };
}

/**
 * Staff import AHJs, utilities or a CEC equipment list from a CSV file: the file is posted as is;
 * a file with a bad line imports nothing and the server lists every bad line, shown here with its
 * line number.
 */
// eslint-disable-next-line max-lines-per-function -- one dialog: file choice, upload and the server's bad-line list share the upload mutation's state
export function CsvImportDialog({
  target, query, title, columns, matchRule, description, children, onClose,
}: {
  target: CsvImportTarget;
  /** Query of the import call (the equipment import's kind); a change starts over. */
  query?: Record<string, QueryValue>;
  title: string;
  /** The columns the file may have, shown as a hint. */
  columns?: string;
  /** Which existing record a row updates ("same name and state"). */
  matchRule?: string;
  /** Replaces the columns/match-rule hint, for files with a format of their own (CEC lists). */
  description?: ReactNode;
  /** Further inputs above the file chooser (e.g. which list the file is). */
  children?: ReactNode;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useCsvImport();
  const failure = run.isError ? importErrorLines(run.error) : null;
  const queryKey = JSON.stringify(query ?? {});
  const { reset } = run;
  useEffect(() => {
    setResult(null);
    reset();
  }, [queryKey, reset]);

  const submit = async () => {
    if (!file) return;
    setResult(null);
    try {
      const r = await run.mutateAsync({ target, file, query });
      setResult(r);
      notify(`Imported ${r.total} row${r.total === 1 ? '' : 's'}: ${r.created} new, ${r.updated} updated.`, { variant: 'success' });
    } catch {
      /* shown in the dialog */
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 2 }}>
          {description ?? (
            <>
              The first line names the columns: {columns}. A row with the {matchRule} as an existing record updates it;
              the others are added. If any line is wrong, nothing is imported.
            </>
          )}
        </Typography>
        {children}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
            Choose CSV file
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              data-testid="csv-file-input"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
                run.reset();
              }}
            />
          </Button>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} noWrap sx={{ minWidth: 0, flex: 1 }}>
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Box>
        {result && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {result.total} row{result.total === 1 ? '' : 's'} read: {result.created} new, {result.updated} updated.
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            <AlertTitle>{failure.message}</AlertTitle>
            {failure.lines.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflow: 'auto' }} data-testid="import-errors">
                {failure.lines.map((l, i) => (
                  <li key={i}>
                    <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
                      {l}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </DialogContent>
      <DialogFooter onCancel={onClose} cancelLabel={result ? 'Done' : 'Cancel'} confirmLabel="Import" onConfirm={submit} busy={run.isPending} disabled={!file} />
    </Dialog>
  );
}
