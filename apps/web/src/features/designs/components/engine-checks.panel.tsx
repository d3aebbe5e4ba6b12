import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DesignCheckAnswer, DesignEngineCheck } from '@sunstamp/domain/contracts/designs';

type Props = {
  answer: DesignCheckAnswer | null;
  pending: boolean;
  error: string | null;
  /** A check about one string or branch circuit: pick its modules. */
  onPickCircuit: (id: string) => void;
};

function CheckRow({ c, onPickCircuit }: { c: DesignEngineCheck; onPickCircuit: (id: string) => void }) {
  const body = (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ flex: 1, fontWeight: c.pass ? 400 : 600 }}>{c.title}</Typography>
        <Chip size="small" color={c.pass ? 'success' : 'error'} variant={c.pass ? 'outlined' : 'filled'} label={c.pass ? 'Pass' : 'Fail'} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div">
        {c.value}{c.limit ? ` (limit ${c.limit})` : ''} · {c.code_ref}
      </Typography>
      {!c.pass && c.remedy && <Typography variant="body2" color="error" sx={{ mt: 0.25 }}>Remedy: {c.remedy}</Typography>}
    </Box>
  );
  const id = c.circuit_id;
  return id
    ? <ListItemButton onClick={() => onPickCircuit(id)} sx={{ px: 1, borderRadius: 1 }} data-testid="engine-check" data-check={c.id}>{body}</ListItemButton>
    : <ListItem sx={{ px: 1 }} data-testid="engine-check" data-check={c.id}>{body}</ListItem>;
}

/** The engine's checks of the design being drawn, failures first with their remedies; they block generation until they pass. */
export function EngineChecksPanel({ answer, pending, error, onPickCircuit }: Props) {
  const [showPassing, setShowPassing] = useState(false);
  const failing = answer?.checks.filter((c) => !c.pass) ?? [];
  const passing = answer?.checks.filter((c) => c.pass) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="engine-checks" aria-busy={pending}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>Engineering checks</Typography>
        {pending && <CircularProgress size={16} aria-label="Checking" />}
        {answer?.status === 'pass' && <Chip size="small" color="success" label={`All ${answer.checks.length} pass`} />}
        {answer?.status === 'fail' && <Chip size="small" color="error" label={`${answer.failures} fail`} />}
      </Stack>
      {error && <Alert severity="warning" sx={{ mb: 1 }}>{error}</Alert>}
      {!answer && !error && <Typography variant="body2" color="text.secondary">Checking the design…</Typography>}
      {answer?.status === 'incomplete' && (
        <Alert severity="info">
          The engine cannot check this design until the job has what a plan set needs:
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>{answer.missing.map((m) => <li key={m.field}>{m.message}</li>)}</Box>
        </Alert>
      )}
      {answer?.status === 'refused' && <Alert severity="warning">{answer.message}</Alert>}
      {answer?.status === 'fail' && (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="generation-blocked">
          Plan-set generation is blocked until these checks pass.
        </Alert>
      )}
      {answer && (answer.status === 'fail' || answer.status === 'pass') && (
        <>
          {answer.system_dc_kw !== null && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {answer.system_dc_kw} kW DC · {answer.system_ac_kw} kW AC · {answer.electrical_source === 'design' ? 'the design\'s strings' : 'strings formed by the plan set (none drawn)'}
            </Typography>
          )}
          {failing.length > 0 && (
            <List dense disablePadding aria-label="Failing checks">
              {failing.map((c) => <CheckRow key={c.id} c={c} onPickCircuit={onPickCircuit} />)}
            </List>
          )}
          <Button size="small" onClick={() => setShowPassing((v) => !v)} aria-expanded={showPassing} sx={{ mt: 0.5 }}>
            {showPassing ? 'Hide' : 'Show'} the {passing.length} passing checks
          </Button>
          <Collapse in={showPassing} unmountOnExit>
            <List dense disablePadding aria-label="Passing checks" sx={{ maxHeight: 360, overflowY: 'auto' }}>
              {passing.map((c) => <CheckRow key={c.id} c={c} onPickCircuit={onPickCircuit} />)}
            </List>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
