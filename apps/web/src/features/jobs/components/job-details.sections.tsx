import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';
import {
  CAD_INTAKE_GROUPS,
  CAD_INTAKE_GROUP_LABELS,
  visibleCadIntakeFields,
  type CadIntake,
  type CadIntakeField,
} from '@sunstamp/domain/jobs/cad-intake.schema';
import { isCustomChoice } from '@sunstamp/domain/jobs/custom-choice.rules';
import { serviceLabel } from '@sunstamp/domain/constants/services.constants';
import { CAD_FIELDS_FROM_EQUIPMENT } from '@sunstamp/domain/jobs/job-equipment.rules';
import { optionLabel, useOptionLabel, useOptionList } from '../api/use-option-list.ts';
import { withUnit } from '../jobs.rules.ts';

/** Label/value pairs in a responsive grid; empty values show as a dash; `wide` ones take a whole row. */
export function Facts({ items, columns = 3, xs = 12 }: { items: { label: string; value: ReactNode; wide?: boolean }[]; columns?: 2 | 3 | 4; xs?: 6 | 12 }) {
  const md = 12 / columns;
  return (
    <Grid container spacing={2}>
      {items.map((i) => (
        <Grid key={i.label} size={i.wide ? 12 : { xs, sm: 6, md }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {i.label}
          </Typography>
          <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
            {i.value === null || i.value === undefined || i.value === '' ? '—' : i.value}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * A stored option value (a slug such as `flashed_l_foot`) shown by its option-list label, a
 * deactivated item's too; the value itself while the list loads or when the list lacks it. With
 * `custom`, a custom choice (Other/Custom) shows its description after the label.
 */
function OptionText({ route, value, custom }: { route?: string; value: unknown; custom?: unknown }) {
  const list = useOptionList(route);
  if (value === null || value === undefined || value === '') return <>—</>;
  const label = optionLabel(list.data, value);
  return <>{custom !== undefined && isCustomChoice(value) ? `${label}: ${text(custom)}` : label}</>;
}

/** "Structure · roof · enclosure": the structure type by its option-list label, then the other parts. */
export function StructureText({ structureType, rest }: { structureType: string | null; rest: readonly (string | null | undefined)[] }) {
  const label = useOptionLabel('structure-types', structureType);
  return <>{[label, ...rest].filter(Boolean).join(' · ') || '—'}</>;
}

export function ServicesSummary({ services }: { services: readonly string[] }) {
  if (!services.length) return <Typography color="text.secondary" variant="body2">No services chosen.</Typography>;
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {services.map((s) => (
        <Chip key={s} label={serviceLabel(s)} size="small" variant="outlined" color="primary" />
      ))}
    </Stack>
  );
}

type ArrayLike = Partial<JobArray> & Record<string, unknown>;

/** One array as label/value pairs (below 1,200 px: twelve columns do not fit a phone, nor a 1,024 px tablet's page). */
function ArrayCard({ a, n }: { a: ArrayLike; n: number }) {
  return (
    <Box component="section" aria-label={`Array ${n}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }} data-testid="array-card">
      <Typography variant="h6" component="h3" sx={{ fontSize: '0.95rem', mb: 1 }}>
        Array {n}
      </Typography>
      <Facts
        columns={2}
        xs={6}
        items={[
          { label: 'Panels', value: text(a.panel_quantity) },
          { label: 'On rafter', value: text(a.num_panels_on_rafter) },
          { label: 'Orientation', value: text(a.orientation) },
          { label: 'Pitch', value: a.roof_pitch === null || a.roof_pitch === undefined ? '—' : `${a.roof_pitch}°` },
          { label: 'Module', value: <OptionText route="module-types" value={a.module_type} /> },
          { label: 'Roof', value: <OptionText route="roof-materials" value={a.roof_material} /> },
          { label: 'Connection', value: <OptionText route="connection-types" value={a.connection_type} custom={a.custom_connection_type} /> },
          { label: 'Racking', value: <OptionText route="racking-types" value={a.racking_type} custom={a.custom_racking_type} /> },
          { label: 'Framing', value: a.nonstandard_framing ? `Non-standard: ${text(a.custom_beam_shape)}` : text(a.frame_shape) },
          { label: 'Spacing', value: a.beam_spacing === null || a.beam_spacing === undefined ? '—' : `${a.beam_spacing} in` },
          { label: 'Spans', value: Array.isArray(a.beam_span) && a.beam_span.length ? `${a.beam_span.join(', ')} in` : '—', wide: true },
        ]}
      />
    </Box>
  );
}

/**
 * The arrays as a compact table (one row each), units in the headers, from 1,200 px. Narrower, one
 * card each (two side by side from 600 px): at 1,024 px the table's last columns (spacing, spans)
 * were cut off inside a scrolling box, the numbers a reader of a structural job looks for.
 */
export function ArraysSummary({ arrays }: { arrays: readonly ArrayLike[] }) {
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('lg'));
  if (!arrays.length) return <Typography color="text.secondary" variant="body2">No arrays.</Typography>;
  if (narrow) {
    return (
      <Box data-testid="arrays-cards" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {arrays.map((a, i) => (
          <ArrayCard key={i} a={a} n={i + 1} />
        ))}
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Arrays" sx={{ '& th': { verticalAlign: 'bottom' }, '& td': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Panels</TableCell>
            <TableCell>On rafter</TableCell>
            <TableCell>Orientation</TableCell>
            <TableCell>Pitch (°)</TableCell>
            <TableCell>Module</TableCell>
            <TableCell>Roof</TableCell>
            <TableCell>Connection</TableCell>
            <TableCell>Racking</TableCell>
            <TableCell>Framing</TableCell>
            <TableCell>Spacing (in)</TableCell>
            <TableCell>Spans (in)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {arrays.map((a, i) => (
            <TableRow key={i}>
              <TableCell>{i + 1}</TableCell>
              <TableCell>{text(a.panel_quantity)}</TableCell>
              <TableCell>{text(a.num_panels_on_rafter)}</TableCell>
              <TableCell>{text(a.orientation)}</TableCell>
              <TableCell>{text(a.roof_pitch)}</TableCell>
              <TableCell><OptionText route="module-types" value={a.module_type} /></TableCell>
              <TableCell><OptionText route="roof-materials" value={a.roof_material} /></TableCell>
              <TableCell><OptionText route="connection-types" value={a.connection_type} custom={a.custom_connection_type} /></TableCell>
              <TableCell><OptionText route="racking-types" value={a.racking_type} custom={a.custom_racking_type} /></TableCell>
              <TableCell>{a.nonstandard_framing ? `Non-standard: ${text(a.custom_beam_shape)}` : text(a.frame_shape)}</TableCell>
              <TableCell>{text(a.beam_spacing)}</TableCell>
              <TableCell>{Array.isArray(a.beam_span) ? a.beam_span.join(', ') : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const yesNo = (v: unknown) => (v ? 'Yes' : 'No');

/** The CAD intake answers: the parts the design needs, then only what was answered, by group. */
export function CadIntakeSummary({ values }: { values: CadIntake }) {
  // The equipment's types and counts show with the equipment lines, not twice.
  const visible = visibleCadIntakeFields(values).filter((d) => !CAD_FIELDS_FROM_EQUIPMENT.includes(d.name));
  const flags = visible.filter((d) => d.group === 'general' && d.kind === 'bool' && (d.name.startsWith('needs_') || d.name === 'existing_solar'));
  const on = flags.filter((d) => values[d.name]);
  const answered = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== false;
  const groups = CAD_INTAKE_GROUPS.map((g) => {
    const items = visible
      .filter((d) => d.group === g && !flags.includes(d) && answered(values[d.name]))
      .map((d) => {
        const v = values[d.name];
        const custom = d.custom ? values[d.custom as CadIntakeField] : undefined;
        let shown: ReactNode = d.kind === 'bool' ? yesNo(v) : text(v);
        if (d.kind === 'select') shown = <OptionText route={d.optionList} value={v} custom={custom} />;
        if (d.unit && d.kind !== 'bool') {
          // "26.6°", "24 in": the unit as engineering text writes it (withUnit).
          const spaced = withUnit('', d.unit);
          shown = <>{shown}{spaced}</>;
        }
        return { label: d.label, value: shown, wide: d.name === 'cad_notes' };
      });
    return { g, items };
  }).filter((x) => x.items.length > 0);
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
          The design includes
        </Typography>
        {on.length ? (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {on.map((d) => (
              <Chip key={d.name} size="small" label={d.label} />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2">Nothing extra</Typography>
        )}
      </Box>
      {groups.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No equipment or site details given yet.
        </Typography>
      )}
      {groups.map(({ g, items }) => (
        <Box key={g}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {CAD_INTAKE_GROUP_LABELS[g]}
          </Typography>
          <Facts items={items} columns={4} />
        </Box>
      ))}
    </Stack>
  );
}
