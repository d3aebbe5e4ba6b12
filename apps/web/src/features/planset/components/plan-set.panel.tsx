import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { CAD_RUN_EVENT_TYPES, type CadRun, type CadRunEvent, type CadRunFile } from '@sunstamp/domain/contracts/cad-runs';
import { mayGenerateSheets, maySeePlanSets } from '@sunstamp/domain/policies/plansets.policy';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { downloadApiFile, fetchApiBlob } from '../../../lib/download.ts';
import { userEventStream } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session/session.context.ts';
import { useCadRunChecks, useCadRuns, useGenerateCad } from '../api/use-cad-runs.ts';
import { SheetPreview } from './sheet-preview.tsx';
import { fileLabel, progressOfEvent, progressOfRun, type Progress } from '../plan-set.rules.ts';

/**
 * The job page's "Plan set" panel, for the team (staff, the assigned contractor): Generate, the
 * run's live progress with the spec's labels (from the event stream), failure messages inline and
 * as toasts, the sheets as thumbnails with a full-screen preview, and the downloads.
 */
export function PlanSetPanel({ jobId, assigneeId }: { jobId: string; assigneeId: string | null | undefined }) {
  const user = useSessionUser();
  const visible = maySeePlanSets(user.role);
  const runs = useCadRuns(jobId, visible);
  const generate = useGenerateCad(jobId);
  const qc = useQueryClient();
  const [live, setLive] = useState<Record<string, Progress>>({});

  useEffect(() => {
    if (!visible) return;
    const offs = CAD_RUN_EVENT_TYPES.map((type) => userEventStream.on(type, (e) => {
      const p = e.payload as CadRunEvent;
      if (p?.job_id !== jobId) return;
      const progress = progressOfEvent(p);
      if (progress) setLive((s) => ({ ...s, [p.run_id]: progress }));
      if (p.message && type !== 'cad_generation_failed' && type !== 'calculations_failed') {
        notify(p.message, { variant: p.severity === 'warning' ? 'warning' : 'error', preventDuplicate: true });
      }
      if (type === 'cad_generation_passed' || type === 'cad_generation_failed') {
        void qc.invalidateQueries({ queryKey: queryKeys.jobs.cadRuns(jobId) });
        void qc.invalidateQueries({ queryKey: queryKeys.jobs.files(jobId) });
      }
    }));
    return () => offs.forEach((off) => off());
  }, [visible, jobId, qc]);

  if (!visible) return null;
  const mayGenerate = mayGenerateSheets(user, { assigneeId });
  const list = runs.data?.results ?? [];
  const latest = list[0];
  const passed = list.find((r) => r.status === 'passed');
  const busy = latest && (latest.status === 'queued' || latest.status === 'running');

  const onGenerate = async () => {
    try {
      const run = await generate.mutateAsync();
      if (run.status === 'passed') notify('These inputs already have a plan set: nothing changed since it was generated.', { variant: 'info' });
    } catch (e) {
      notify(errorMessageOf(e), { variant: 'error' });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} id="plan-set" aria-labelledby="plan-set-title">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5, minHeight: 32 }}>
        <Typography variant="h6" component="h2" id="plan-set-title" sx={{ flex: 1, fontSize: '1.05rem' }}>
          Plan set
        </Typography>
        {mayGenerate && (
          <Button variant="contained" size="small" startIcon={<PlayArrowOutlined />} onClick={() => void onGenerate()} disabled={generate.isPending || !!busy}>
            {passed ? 'Generate again' : 'Generate'}
          </Button>
        )}
      </Stack>

      {generate.isError && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="plan-set-refusal">
          {errorMessageOf(generate.error)}
        </Alert>
      )}
      {runs.isLoading && <LinearProgress aria-label="Loading plan sets" />}
      {!runs.isLoading && list.length === 0 && (
        <Typography variant="body2" color="text.secondary">No plan set generated yet. Generate one from the job's design, equipment and requirements.</Typography>
      )}
      {latest && (busy || latest.status === 'failed') && <RunState run={latest} live={live[latest.id]} />}
      {passed && <PassedRun run={passed} latest={passed.id === latest?.id} />}
      {list.length > 1 && <EarlierRuns runs={list.slice(1)} />}
    </Paper>
  );
}

function RunState({ run, live }: { run: CadRun; live: Progress | undefined }) {
  const p = live && run.status !== 'failed' ? live : progressOfRun(run);
  if (run.status === 'failed') {
    return (
      <Alert severity="error" sx={{ mb: 2 }} data-testid="plan-set-failure">
        <strong>Generation Failed.</strong> {run.error?.message}
        {run.error?.detail && <Typography variant="body2" sx={{ mt: 0.5, opacity: 0.85 }}>{run.error.detail}</Typography>}
      </Alert>
    );
  }
  return (
    <Box sx={{ mb: 2 }} data-testid="plan-set-progress">
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2">{p.label}</Typography>
        <Typography variant="body2" color="text.secondary">{p.percent}%</Typography>
      </Stack>
      <LinearProgress variant="determinate" value={p.percent} aria-label={`Plan set: ${p.label}`} />
    </Box>
  );
}

/** An SVG preview fetched with the session's token and shown as an image. */
function useObjectUrl(path: string | null) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!path) return;
    let alive = true;
    let made: string | null = null;
    fetchApiBlob(path).then((blob) => {
      if (!alive) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    }, () => alive && setFailed(true));
    return () => {
      alive = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return { url, failed };
}

function SheetImage({ file, height }: { file: CadRunFile; height: number | string }) {
  const { url, failed } = useObjectUrl(`/files/${file.file_id}/download`);
  if (failed) return <Box sx={{ height, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>No preview</Box>;
  if (!url) return <Box sx={{ height, bgcolor: 'action.hover' }} />;
  return <Box component="img" src={url} alt={`${file.number ?? ''} ${file.title ?? ''}`.trim()} sx={{ height, width: '100%', objectFit: 'contain', bgcolor: '#fff', display: 'block' }} />;
}

function PassedRun({ run, latest }: { run: CadRun; latest: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const checks = useCadRunChecks(run.job_id, run.id, open !== null);
  const checkMap = useMemo(() => (checks.data ? new Map(checks.data.results.map((c) => [c.id, c])) : undefined), [checks.data]);
  const previews = run.files.filter((f) => f.part === 'preview');
  const pdf = run.files.find((f) => f.part === 'pdf');
  const dxf = run.files.find((f) => f.part === 'dxf');
  const cuts = run.files.filter((f) => f.part === 'cut_sheet');
  const download = (f: CadRunFile, kind: 'cut-sheet' | 'file') =>
    void downloadApiFile(notify, { path: `/files/${f.file_id}/download`, fileName: f.name, kind });
  return (
    <Box data-testid="plan-set-result">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}>
        <Chip size="small" color="success" label="Complete" />
        <Typography variant="body2" color="text.secondary">
          Revision {run.revision} · {run.page_count} pages · {run.finished_at ? formatDateTime(run.finished_at) : ''}
          {!latest && ' · an earlier run: the latest one did not pass'}
        </Typography>
      </Stack>
      {run.warnings.map((w, i) => (
        <Alert key={i} severity="warning" sx={{ mb: 1.5 }}>{w.message} <Typography component="span" variant="body2" sx={{ opacity: 0.85 }}>({w.detail})</Typography></Alert>
      ))}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {pdf && <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => download(pdf, 'file')}>PDF</Button>}
        {dxf && <Button size="small" variant="outlined" startIcon={<DownloadOutlined />} onClick={() => download(dxf, 'file')}>DXF</Button>}
        {cuts.map((c) => (
          <Button key={c.file_id} size="small" variant="text" startIcon={<DownloadOutlined />} onClick={() => download(c, 'cut-sheet')}>
            {c.title ?? fileLabel(c.name)}
          </Button>
        ))}
      </Stack>
      {/* minmax(0, 1fr): a long caption (no wrap) must not widen its track past the panel, over the
          column beside it (it did once the set grew sheets such as PV-4B ELECTRICAL CALCULATIONS). */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5 }}>
        {previews.map((f, i) => (
          <Box
            key={f.file_id}
            component="button"
            type="button"
            onClick={() => setOpen(i)}
            // The name holds the caption's text (number and title), as WCAG 2.5.3 asks of a labelled control.
            aria-label={`Open sheet ${[f.number ?? String(i + 1), f.title].filter(Boolean).join(' ')}`}
            sx={{ minWidth: 0, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', cursor: 'zoom-in', textAlign: 'left', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          >
            <SheetImage file={f} height={110} />
            <Typography variant="caption" sx={{ display: 'block', mt: 0.5, px: 0.5 }} noWrap>
              <strong>{f.number}</strong> {f.title}
            </Typography>
          </Box>
        ))}
      </Box>
      {open !== null && previews[open] && (
        <Dialog fullScreen open onClose={() => setOpen(null)} aria-labelledby="sheet-preview-title">
          <DialogTitle id="sheet-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1 }}>{previews[open].number} {previews[open].title}</Box>
            <IconButton aria-label="Previous sheet" disabled={open === 0} onClick={() => setOpen(open - 1)}><ChevronLeft /></IconButton>
            <Typography variant="body2">{open + 1} / {previews.length}</Typography>
            <IconButton aria-label="Next sheet" disabled={open === previews.length - 1} onClick={() => setOpen(open + 1)}><ChevronRight /></IconButton>
            <IconButton aria-label="Close preview" onClick={() => setOpen(null)}><Close /></IconButton>
          </DialogTitle>
          <DialogContent sx={{ bgcolor: 'grey.200', display: 'flex', height: 'calc(100vh - 72px)', pt: 2 }}>
            <KeyNav count={previews.length} index={open} onChange={setOpen} />
            <SheetPreview key={previews[open].file_id} file={previews[open]} checks={checkMap} />
          </DialogContent>
        </Dialog>
      )}
    </Box>
  );
}

/** Arrow keys move between sheets in the full-screen preview. */
function KeyNav({ count, index, onChange }: { count: number; index: number; onChange: (i: number) => void }) {
  const ref = useRef({ index, count, onChange });
  ref.current = { index, count, onChange };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { index: i, count: n, onChange: set } = ref.current;
      if (e.key === 'ArrowRight' && i < n - 1) set(i + 1);
      if (e.key === 'ArrowLeft' && i > 0) set(i - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return null;
}

function EarlierRuns({ runs }: { runs: CadRun[] }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>Earlier runs</Typography>
      <Stack spacing={0.5}>
        {runs.slice(0, 10).map((r) => {
          const pdf = r.files.find((f) => f.part === 'pdf');
          return (
            <Stack key={r.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ minWidth: 150 }}>{formatDateTime(r.created_at)}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                Rev {r.revision} · {r.status === 'passed' ? 'Complete' : r.status === 'failed' ? `Failed: ${r.error?.message ?? ''}` : progressOfRun(r).label}
              </Typography>
              {pdf && (
                <Button size="small" onClick={() => void downloadApiFile(notify, { path: `/files/${pdf.file_id}/download`, fileName: pdf.name })}>PDF</Button>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
