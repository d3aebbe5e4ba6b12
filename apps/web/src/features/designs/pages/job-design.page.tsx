import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import RedoOutlined from '@mui/icons-material/RedoOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import type { DesignAnswer, DesignBackground, DesignCheckAnswer } from '@sunstamp/domain/contracts/designs';
import { LAYOUT_NEVER } from '@sunstamp/domain/contracts/designs';
import { EQUIPMENT_LOCATION_KINDS, type DesignModel, type EquipmentLocation } from '@sunstamp/domain/design/design-model.schema';
import { circuitsOf } from '@sunstamp/domain/design/electrical-design.rules';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { fetchApiObjectUrl } from '../../../lib/download.ts';
import { notify } from '../../../lib/notify.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useAutoLayout, useDesignCheck, useJobDesign, useSaveJobDesign } from '../api/use-job-design.ts';
import { DesignCanvas } from '../components/design.canvas.tsx';
import { EngineChecksPanel } from '../components/engine-checks.panel.tsx';
import { StringsPanel } from '../components/strings.panel.tsx';
import {
  EQUIPMENT_LABELS, GRID_CHOICES_FT, addEquipment, addModule, centroid, commit, designSubtitle, historyOf, planeAreaFt2, redo, removeSelected,
  undo, updatePlane, type History, type Selection,
} from '../design-editor.rules.ts';
import {
  CIRCUIT_WORDS, applyAutoAssignment, assignModules, colorOfCircuit, pickModule, strungCount, unassignModules,
} from '../design-strings.rules.ts';

/** How long the editor waits after a change before asking the engine again. */
const CHECK_DEBOUNCE_MS = 600;

/** The job's Design page: the site plan editor over the client's layout image, saved with its version. */
export function JobDesignPage() {
  const { id = '' } = useParams();
  const design = useJobDesign(id);
  if (design.isLoading) return <PageLoader />;
  if (!design.data) {
    const missing = isApiError(design.error) && design.error.status === 404;
    return (
      <>
        <PageHeader title="Design" />
        <Alert severity={missing ? 'info' : 'error'} action={<Button component={RouterLink} to="/jobs">Back to jobs</Button>}>
          {missing ? 'This job does not exist, or it is not shared with you.' : 'The design could not be loaded. Please try again in a moment.'}
        </Alert>
      </>
    );
  }
  // A new answer (saved, reloaded) starts a fresh editor.
  return <DesignEditor key={`${design.data.version}-${design.dataUpdatedAt}`} jobId={id} answer={design.data} reload={() => void design.refetch()} />;
}

// eslint-disable-next-line max-lines-per-function -- the design editor's state (model, selection, undo, tracing image, save and recalculate) is shared by its toolbar, canvas and side panel; to be split by panel with the design editor's component tests (issue 28 part 4)
function DesignEditor({ jobId, answer, reload }: { jobId: string; answer: DesignAnswer; reload: () => void }) {
  const [history, setHistory] = useState<History>(() => historyOf(answer.model));
  const [preview, setPreview] = useState<DesignModel | null>(null);
  const [selection, setSelection] = useState<Selection>(null);
  const [gridFt, setGridFt] = useState<number>(0.5);
  const [background, setBackground] = useState<DesignBackground | null>(answer.background);
  const [backgroundUrl, setBackgroundUrl] = useState<string | null>(null);
  const [newKind, setNewKind] = useState<EquipmentLocation['kind']>('junction_box');
  const [askPermission, setAskPermission] = useState(false);
  const [permission, setPermission] = useState(false);
  const [error, setError] = useState<{ message: string; stale: boolean } | null>(null);
  const [access, setAccess] = useState(answer.access);
  const save = useSaveJobDesign(jobId);
  const auto = useAutoLayout(jobId);
  const readOnly = !answer.may_edit;
  const model = preview ?? history.present;
  const size = { lengthIn: answer.module_size.length_in, widthIn: answer.module_size.width_in };
  const dirty = history.present !== answer.model || (background?.file_id ?? null) !== (answer.background?.file_id ?? null)
    || JSON.stringify(background) !== JSON.stringify(answer.background);
  const layoutLocked = answer.layout_saved && answer.layout_alteration === LAYOUT_NEVER;

  // The electrical design: strings (or branch circuits) picked and assigned in their own mode.
  const kind = answer.electrical_kind;
  const words = CIRCUIT_WORDS[kind];
  // In the address (?mode=electrical): a save, which starts a fresh editor, or a reload keeps the mode.
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode') === 'electrical' ? 'electrical' : 'layout';
  const setMode = (m: 'layout' | 'electrical') => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (m === 'electrical') next.set('mode', 'electrical'); else next.delete('mode');
    return next;
  }, { replace: true });
  const [picked, setPicked] = useState<string[]>([]);
  const circuits = circuitsOf(model, kind);
  const circuitOf = useMemo(() => {
    const out = new Map<string, { id: string; color: string }>();
    circuits.forEach((c, i) => c.moduleIds.forEach((id) => { if (!out.has(id)) out.set(id, { id: c.id, color: colorOfCircuit(i) }); }));
    return out;
  }, [circuits]);
  const pickedSet = useMemo(() => new Set(picked), [picked]);

  // The engine's checks of the model as drawn, asked again a moment after each change.
  const { mutate: runCheck } = useDesignCheck(jobId);
  const [checked, setChecked] = useState<{ model: DesignModel; answer: DesignCheckAnswer } | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const checkSeq = useRef(0);
  const present = history.present;
  useEffect(() => {
    if (readOnly) return;
    const n = ++checkSeq.current;
    const timer = setTimeout(() => {
      runCheck(present, {
        onSuccess: (a) => { if (n === checkSeq.current) { setChecked({ model: present, answer: a }); setCheckError(null); } },
        onError: (e) => { if (n === checkSeq.current) { setChecked(null); setCheckError(isApiError(e) ? e.message : 'The engineering checks could not be run.'); } },
      });
    }, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [present, readOnly, runCheck]);
  const checkAnswer = checked?.answer ?? null;
  const checking = !readOnly && checked?.model !== present && !checkError;
  const pickCircuit = (id: string) => {
    const c = circuits.find((x) => x.id === id);
    setMode('electrical');
    setSelection(null);
    setPicked(c ? [...c.moduleIds] : []);
  };

  const change = useCallback((next: DesignModel) => {
    setHistory((h) => commit(h, next));
    setError(null);
  }, []);

  // Undo / redo from anywhere on the page but a text field.
  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); setHistory(undo); }
      else if ((k === 'z' && e.shiftKey) || k === 'y') { e.preventDefault(); setHistory(redo); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly]);

  // The tracing image: fetched with the session's token (an <image> link cannot carry it).
  const bgFile = background?.file_id;
  useEffect(() => {
    if (!bgFile) { setBackgroundUrl(null); return; }
    let url: string | null = null;
    let live = true;
    fetchApiObjectUrl(`/files/${encodeURIComponent(bgFile)}/download`)
      .then((u) => { url = u; if (live) setBackgroundUrl(u); else URL.revokeObjectURL(u); })
      .catch(() => { if (live) notify('The background image could not be loaded.', { variant: 'warning' }); });
    return () => { live = false; if (url) URL.revokeObjectURL(url); };
  }, [bgFile]);

  const violations = useMemo(() => new Set(access.violations.map((v) => v.module_id)), [access]);
  const placed = model.modules.length;
  const countOk = placed === answer.module_count;

  const runAutoFill = () => {
    auto.mutate(model.roofPlanes, {
      onSuccess: (a) => {
        change({ ...model, modules: a.model.modules, strings: a.model.strings, branchCircuits: a.model.branchCircuits });
        setAccess(a.access);
        const short = Object.values(a.short_by).reduce((s, n) => s + n, 0);
        notify(short ? `Auto-fill placed ${a.model.modules.length} modules; ${short} did not fit within the setbacks.` : `Auto-fill placed ${a.model.modules.length} modules.`, { variant: short ? 'warning' : 'success' });
      },
      onError: (e) => setError({ message: isApiError(e) ? e.message : 'Auto-fill failed.', stale: false }),
    });
  };

  const doSave = (withPermission: boolean) => {
    save.mutate(
      { version: answer.version, model: history.present, background, ...(withPermission ? { layout_permission: true } : {}) },
      {
        onSuccess: () => { notify('Design saved.', { variant: 'success' }); setAskPermission(false); },
        onError: (e) => {
          if (!isApiError(e)) { setError({ message: 'The design could not be saved.', stale: false }); return; }
          const body = e.body as { args?: unknown[] } | undefined;
          if (e.status === 409 && body?.args?.includes('layout_permission_required')) { setPermission(false); setAskPermission(true); return; }
          setAskPermission(false);
          setError({ message: e.message, stale: e.status === 409 && /saved by someone else|changed while/.test(e.message) });
        },
      },
    );
  };

  const selectedPlane = selection?.kind === 'plane' ? model.roofPlanes.find((p) => p.id === selection.id) : undefined;
  const selectedModule = selection?.kind === 'module' ? model.modules.find((x) => x.id === selection.id) : undefined;
  const selectedEquipment = selection?.kind === 'equipment' ? model.equipment[selection.index] : undefined;
  const planeForAdd = selectedPlane ?? (selectedModule && model.roofPlanes.find((p) => p.id === selectedModule.planeId)) ?? model.roofPlanes[0];

  return (
    <>
      <PageHeader
        title={answer.job_name ? `Design · ${answer.job_name}` : 'Design'}
        subtitle={designSubtitle(answer, readOnly, formatDateTime)}
        actions={<Button component={RouterLink} to={`/jobs/${encodeURIComponent(jobId)}`} color="inherit" startIcon={<ArrowBack />}>Job</Button>}
      />
      {readOnly && <Alert severity="info" sx={{ mb: 2 }}>Our design team draws this plan; you can view it here.</Alert>}
      {layoutLocked && !readOnly && <Alert severity="warning" sx={{ mb: 2 }}>This job&apos;s requirements say &quot;Never alter layout&quot;: the modules stay where the client placed them. Equipment and roof details can still change.</Alert>}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} action={error.stale ? <Button color="inherit" size="small" onClick={reload}>Reload</Button> : undefined}>
          {error.message}
        </Alert>
      )}
      {!readOnly && (
        <Paper variant="outlined" sx={{ p: 1, mb: 1.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="design-toolbar">
            <Button variant="outlined" startIcon={<AutoFixHighOutlined />} onClick={runAutoFill} disabled={auto.isPending || layoutLocked}>Auto-fill modules</Button>
            <Tooltip title="Undo (Ctrl+Z)"><span><IconButton aria-label="Undo" onClick={() => setHistory(undo)} disabled={!history.past.length}><UndoOutlined /></IconButton></span></Tooltip>
            <Tooltip title="Redo (Ctrl+Shift+Z)"><span><IconButton aria-label="Redo" onClick={() => setHistory(redo)} disabled={!history.future.length}><RedoOutlined /></IconButton></span></Tooltip>
            <TextField select size="small" label="Grid" value={gridFt} onChange={(e) => setGridFt(Number(e.target.value))} sx={{ width: 110 }}>
              {GRID_CHOICES_FT.map((g) => <MenuItem key={g} value={g}>{g} ft</MenuItem>)}
            </TextField>
            <Box sx={{ flex: 1 }} />
            <Chip color={countOk ? 'success' : 'warning'} label={`Modules ${placed} of ${answer.module_count}`} data-testid="module-count" />
            <Button variant="contained" startIcon={<SaveOutlined />} onClick={() => doSave(false)} disabled={save.isPending || !dirty}>Save</Button>
          </Stack>
        </Paper>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, v: 'layout' | 'electrical' | null) => { if (v) { setMode(v); setSelection(null); setPicked([]); } }}
            aria-label="What to edit"
            sx={{ mb: 1 }}
          >
            <ToggleButton value="layout">Layout</ToggleButton>
            <ToggleButton value="electrical">{words.title}</ToggleButton>
          </ToggleButtonGroup>
          <DesignCanvas
            model={model}
            moduleSize={size}
            selection={selection}
            onSelect={setSelection}
            onChange={change}
            onPreview={setPreview}
            gridFt={gridFt}
            readOnly={readOnly}
            violations={violations}
            background={background}
            backgroundUrl={backgroundUrl}
            electrical={mode === 'electrical' ? {
              circuitOf, picked: pickedSet, word: words.one,
              onPick: (id, additive) => setPicked((p) => pickModule(p, id, additive)),
              onClear: () => setPicked([]),
            } : undefined}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {mode === 'electrical'
              ? `Plan view in feet, north up. Modules are coloured by ${words.one}; grey dashed ones are in none. Click picks a module, Shift+click adds one; Tab, then Enter or Shift+Enter, from the keyboard; Escape clears the pick.`
              : readOnly
              ? 'Plan view in feet, north up.'
              : 'Plan view in feet, north up. Tab to a module or an equipment location; arrow keys move it by the grid (Shift: five steps), Delete removes it. Drag a roof plane or, once selected, its corners.'}
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ width: { xs: '100%', lg: 360 }, flexShrink: 0 }}>
          {mode === 'electrical' && (
            <StringsPanel
              kind={kind}
              circuits={circuits}
              moduleCount={placed}
              strung={strungCount(model, kind)}
              picked={picked}
              checks={checkAnswer && (checkAnswer.status === 'pass' || checkAnswer.status === 'fail') ? checkAnswer.checks : null}
              readOnly={readOnly}
              canAuto={!!checkAnswer?.auto_assignment.length}
              onAuto={() => {
                if (!checkAnswer) return;
                change(applyAutoAssignment(model, kind, checkAnswer.auto_assignment));
                setPicked([]);
                notify(`Assigned ${placed} modules to ${checkAnswer.auto_assignment.length} ${checkAnswer.auto_assignment.length === 1 ? words.one : words.many}.`, { variant: 'success' });
              }}
              onAssign={(target) => { change(assignModules(model, kind, picked, target)); setPicked([]); }}
              onUnassign={() => { change(unassignModules(model, kind, picked)); setPicked([]); }}
              onPickCircuit={pickCircuit}
              onClearPick={() => setPicked([])}
            />
          )}
          {!readOnly && <EngineChecksPanel answer={checkAnswer} pending={checking} error={checkError} onPickCircuit={pickCircuit} />}
          {mode === 'layout' && <Paper variant="outlined" sx={{ p: 2 }} data-testid="design-selection">
            <Typography variant="subtitle2" gutterBottom>Selection</Typography>
            {!selection && <Typography variant="body2" color="text.secondary">Nothing selected. Click or Tab to a module, an equipment location or a roof plane.</Typography>}
            {selectedModule && (
              <Stack spacing={1}>
                <Typography variant="body2">Module {selectedModule.id} on {model.roofPlanes.find((p) => p.id === selectedModule.planeId)?.name}</Typography>
                <Typography variant="body2" color="text.secondary" data-testid="selected-position">x {selectedModule.x.toFixed(2)} ft, y {selectedModule.y.toFixed(2)} ft · {selectedModule.orientation}</Typography>
                {violations.has(selectedModule.id) && <Alert severity="error" variant="outlined">{access.violations.find((v) => v.module_id === selectedModule.id)?.reason}</Alert>}
                {!readOnly && <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => { change(removeSelected(model, selection)); setSelection(null); }}>Remove module</Button>}
              </Stack>
            )}
            {selectedEquipment && (
              <Stack spacing={1}>
                <Typography variant="body2">{EQUIPMENT_LABELS[selectedEquipment.kind].name}</Typography>
                <Typography variant="body2" color="text.secondary">x {selectedEquipment.x.toFixed(2)} ft, y {selectedEquipment.y.toFixed(2)} ft</Typography>
                {!readOnly && <Button size="small" color="error" startIcon={<DeleteOutline />} onClick={() => { change(removeSelected(model, selection)); setSelection(null); }}>Remove</Button>}
              </Stack>
            )}
            {selectedPlane && (
              <Stack spacing={1.5}>
                <TextField size="small" label="Name" value={selectedPlane.name} disabled={readOnly} onChange={(e) => e.target.value.trim() && change(updatePlane(model, selectedPlane.id, { name: e.target.value }))} />
                <Stack direction="row" spacing={1}>
                  <TextField size="small" type="number" label="Pitch (°)" value={selectedPlane.pitchDeg} disabled={readOnly} slotProps={{ htmlInput: { min: 0, max: 75 } }}
                    onChange={(e) => { const v = Number(e.target.value); if (Number.isFinite(v) && v >= 0 && v <= 75) change(updatePlane(model, selectedPlane.id, { pitchDeg: v })); }} />
                  <TextField size="small" type="number" label="Azimuth (°)" value={selectedPlane.azimuthDeg} disabled={readOnly} slotProps={{ htmlInput: { min: 0, max: 359 } }}
                    onChange={(e) => { const v = Number(e.target.value); if (Number.isFinite(v) && v >= 0 && v < 360) change(updatePlane(model, selectedPlane.id, { azimuthDeg: v })); }} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {selectedPlane.material} · {selectedPlane.framing.type} {selectedPlane.framing.size} @ {selectedPlane.framing.spacingIn} in · {planeAreaFt2(selectedPlane)} ft² plan · {model.modules.filter((x) => x.planeId === selectedPlane.id).length} modules
                </Typography>
              </Stack>
            )}
            {!readOnly && planeForAdd && !layoutLocked && (
              <Button size="small" sx={{ mt: 1 }} disabled={placed >= answer.module_count}
                onClick={() => change(addModule(model, planeForAdd, model.modules.find((x) => x.planeId === planeForAdd.id)?.orientation ?? 'portrait', gridFt))}>
                Add a module to {planeForAdd.name}
              </Button>
            )}
          </Paper>}
          <Paper variant="outlined" sx={{ p: 2 }} data-testid="design-checks">
            <Typography variant="subtitle2" gutterBottom>Roof access ({access.fire_code})</Typography>
            <Typography variant="body2" color="text.secondary">
              {access.section}: ridge setback {access.ridge_setback_in} in, 36 in pathways; array covers {Math.round(access.coverage * 100)}% of the roof.
            </Typography>
            {access.violations.length ? (
              <Alert severity="error" sx={{ mt: 1 }}>{access.violations.length} module{access.violations.length > 1 ? 's break' : ' breaks'} a setback (shown red; checked when the design was loaded or auto-filled).</Alert>
            ) : (
              <Typography variant="body2" sx={{ mt: 1 }} color="success.main">No module inside a setback.</Typography>
            )}
            <Divider sx={{ my: 1.5 }} />
            <Typography variant="body2">Layout alteration: <strong>{answer.layout_alteration}</strong></Typography>
            {!answer.module_size.from_catalogue && <Typography variant="caption" color="text.secondary">Module size {size.lengthIn} × {size.widthIn} in (typical; the job&apos;s module is not a catalogue model yet).</Typography>}
          </Paper>
          {!readOnly && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle2" gutterBottom>Equipment</Typography>
              <Stack direction="row" spacing={1}>
                <TextField select size="small" label="Add" value={newKind} onChange={(e) => setNewKind(e.target.value as EquipmentLocation['kind'])} sx={{ flex: 1 }}>
                  {EQUIPMENT_LOCATION_KINDS.map((k) => <MenuItem key={k} value={k}>{EQUIPMENT_LABELS[k].name}</MenuItem>)}
                </TextField>
                <Button onClick={() => {
                  const b = centroid(model.site.building);
                  change(addEquipment(model, newKind, { x: Math.round(b.x), y: Math.round(b.y) }));
                  setSelection({ kind: 'equipment', index: model.equipment.length });
                }}>Add</Button>
              </Stack>
            </Paper>
          )}
          {/* A tracing aid for the team: a viewer who cannot edit sees it only when an image is there to show. */}
          {(!readOnly || answer.images.length > 0) && <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" gutterBottom>Background to trace</Typography>
            {answer.images.length === 0 ? (
              <Typography variant="body2" color="text.secondary">Upload the client&apos;s panel layout or a site photo to the job&apos;s files to trace over it.</Typography>
            ) : (
              <Stack spacing={1.5}>
                <TextField select size="small" label="Image" value={background?.file_id ?? ''} disabled={readOnly} data-testid="background-picker"
                  onChange={(e) => {
                    const fileId = e.target.value;
                    if (!fileId) { setBackground(null); return; }
                    const p0 = model.site.property[0]!;
                    setBackground((b) => ({ file_id: fileId, x: b?.x ?? Math.min(...model.site.property.map((q) => q.x)), y: b?.y ?? Math.max(...model.site.property.map((q) => q.y)), width_ft: b?.width_ft ?? Math.max(20, Math.max(...model.site.property.map((q) => q.x)) - p0.x), opacity: b?.opacity ?? 0.5 }));
                  }}>
                  <MenuItem value="">None</MenuItem>
                  {answer.images.map((f) => <MenuItem key={f.id} value={f.id}>{f.name}</MenuItem>)}
                </TextField>
                {background && (
                  <>
                    <TextField size="small" type="number" label="Image width (ft)" value={background.width_ft} disabled={readOnly} slotProps={{ htmlInput: { min: 1, step: 1 } }}
                      onChange={(e) => { const v = Number(e.target.value); if (v > 0) setBackground({ ...background, width_ft: v }); }} />
                    <Stack direction="row" spacing={1}>
                      <TextField size="small" type="number" label="Left (ft)" value={background.x} disabled={readOnly} onChange={(e) => setBackground({ ...background, x: Number(e.target.value) || 0 })} />
                      <TextField size="small" type="number" label="Top (ft)" value={background.y} disabled={readOnly} onChange={(e) => setBackground({ ...background, y: Number(e.target.value) || 0 })} />
                    </Stack>
                    <Box>
                      <Typography variant="caption" color="text.secondary" id="bg-opacity">Opacity</Typography>
                      <Slider size="small" aria-labelledby="bg-opacity" min={0.1} max={1} step={0.05} value={background.opacity} disabled={readOnly} onChange={(_, v) => setBackground({ ...background, opacity: v as number })} />
                    </Box>
                  </>
                )}
              </Stack>
            )}
          </Paper>}
        </Stack>
      </Stack>
      <Dialog open={askPermission} onClose={() => setAskPermission(false)}>
        <DialogTitle>Client permission needed</DialogTitle>
        <DialogContent>
          <DialogContentText>
            This job&apos;s requirements say &quot;Request permission to alter layout&quot;. The modules were moved, added or removed since the layout was saved: save only once the client agreed to the new layout.
          </DialogContentText>
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={permission} onChange={(e) => setPermission(e.target.checked)} />} label="The client agreed to this layout change" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskPermission(false)}>Cancel</Button>
          <Button variant="contained" disabled={!permission || save.isPending} onClick={() => doSave(true)}>Save</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
