import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import type { DesignEngineCheck } from '@sunstamp/domain/contracts/designs';
import type { Circuit, ElectricalKind } from '@sunstamp/domain/design/electrical-design.rules';
import { CIRCUIT_WORDS, colorOfCircuit } from '../design-strings.rules.ts';

type Props = {
  kind: ElectricalKind;
  circuits: readonly Circuit[];
  moduleCount: number;
  strung: number;
  picked: readonly string[];
  checks: readonly DesignEngineCheck[] | null;
  readOnly: boolean;
  /** The run's own assignment is known (the last check answered it). */
  canAuto: boolean;
  onAuto: () => void;
  onAssign: (target: string | 'new') => void;
  onUnassign: () => void;
  onPickCircuit: (id: string) => void;
  onClearPick: () => void;
};

/** The strings (or branch circuits) of the design: each with its colour, module count and engine checks; assigning the picked modules. */
export function StringsPanel(p: Props) {
  const words = CIRCUIT_WORDS[p.kind];
  const [target, setTarget] = useState<string>('');
  const chosen = p.circuits.some((c) => c.id === target) ? target : '';
  const checksOf = (id: string) => (p.checks ?? []).filter((c) => c.circuit_id === id);
  const loose = p.moduleCount - p.strung;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="design-strings">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>{words.title}</Typography>
        <Chip size="small" color={loose === 0 ? 'success' : 'warning'} label={`${p.strung} of ${p.moduleCount} modules assigned`} data-testid="strung-count" />
      </Stack>
      {!p.readOnly && (
        <Stack spacing={1.25} sx={{ mb: 1.5 }}>
          <Button variant="outlined" size="small" startIcon={<AutoFixHighOutlined />} onClick={p.onAuto} disabled={!p.canAuto}>
            Auto-assign {words.many}
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid="picked-count">
            {p.picked.length
              ? `${p.picked.length} module${p.picked.length > 1 ? 's' : ''} picked.`
              : 'Click a module to pick it, Shift+click to add more (keyboard: Tab, then Enter or Shift+Enter).'}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField select size="small" label={`Assign to ${words.one}`} value={chosen} onChange={(e) => setTarget(e.target.value)} sx={{ flex: 1 }} disabled={!p.circuits.length}>
              {p.circuits.map((c) => <MenuItem key={c.id} value={c.id}>{c.id} ({c.moduleIds.length})</MenuItem>)}
            </TextField>
            <Button size="small" variant="contained" disabled={!p.picked.length || !chosen} onClick={() => p.onAssign(chosen)}>Assign</Button>
          </Stack>
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="outlined" disabled={!p.picked.length} onClick={() => p.onAssign('new')}>New {words.one}</Button>
            <Button size="small" disabled={!p.picked.length} onClick={p.onUnassign}>Unassign</Button>
            <Button size="small" color="inherit" disabled={!p.picked.length} onClick={p.onClearPick}>Clear pick</Button>
          </Stack>
        </Stack>
      )}
      {p.circuits.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No {words.many} drawn yet: a plan set forms its own. Auto-assign starts from those.
        </Typography>
      ) : (
        <List dense disablePadding aria-label={words.title}>
          {p.circuits.map((c, i) => {
            const checks = checksOf(c.id);
            const failing = checks.filter((k) => !k.pass).length;
            return (
              <ListItemButton key={c.id} onClick={() => p.onPickCircuit(c.id)} sx={{ borderRadius: 1, px: 1 }} data-testid={`circuit-${c.id}`}>
                <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colorOfCircuit(i), border: 1, borderColor: 'divider', mr: 1.25, flexShrink: 0 }} />
                <ListItemText
                  primary={`${c.id} · ${c.moduleIds.length} module${c.moduleIds.length === 1 ? '' : 's'}`}
                  secondary={p.checks === null ? null : checks.length ? (failing ? `${failing} check${failing > 1 ? 's' : ''} fail` : `${checks.length} checks pass`) : null}
                  slotProps={{ secondary: { color: failing ? 'error' : 'text.secondary' } }}
                />
                {p.checks !== null && checks.length > 0 && <Chip size="small" variant="outlined" color={failing ? 'error' : 'success'} label={failing ? 'Fails' : 'OK'} />}
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
