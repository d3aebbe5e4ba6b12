import { Fragment, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import { DYNAMIC_CAD_FIELDS } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import type { RequirementSource } from '@sunstamp/domain/requirements/requirement.schema';
import { errorMessageOf } from '../../../lib/api-error.ts';
import { useResolvedRequirements } from '../api/use-resolved-requirements.ts';
import { formatRequirementValue, sectionsFor, SOURCE_LABELS } from '../requirements.rules.ts';

const DEF_BY_KEY = new Map(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d]));
const CAD_FIELD_LABELS = new Map<string, string>(DYNAMIC_CAD_FIELDS.map((f) => [f.key, f.label]));

const SOURCE_COLORS: Record<RequirementSource, 'default' | 'primary' | 'secondary' | 'success'> = {
  default: 'default', company: 'primary', utility: 'secondary', ahj: 'success',
};

export function SourceChip({ source }: { source: RequirementSource }) {
  return (
    <Chip
      size="small"
      label={SOURCE_LABELS[source]}
      color={SOURCE_COLORS[source]}
      variant={source === 'default' ? 'outlined' : 'filled'}
      sx={{ height: 22, minWidth: 64 }}
    />
  );
}

export type ResolvedRequirementsPanelProps = {
  companyId?: string | null;
  utilityId?: string | null;
  ahjId?: string | null;
  /** Plan-set facts for conditional options ("Only Over 10 Kilowatts"); unknown counts as holding. */
  systemSizeKw?: number | null;
  utilityProgram?: string | null;
  title?: string;
};

/**
 * A job's requirements, read-only: each value with where it comes from (default, company,
 * utility, AHJ; the later wins), the dynamic CAD fields the designer must fill, and whether an
 * engineering stamp removes the contractor stamp. The job page embeds it.
 */
export function ResolvedRequirementsPanel({
  companyId, utilityId, ahjId, systemSizeKw, utilityProgram, title = 'Requirements',
}: ResolvedRequirementsPanelProps) {
  const [onlyApplying, setOnlyApplying] = useState(true);
  const resolved = useResolvedRequirements({
    company_id: companyId ?? undefined,
    utility_id: utilityId ?? undefined,
    ahj_id: ahjId ?? undefined,
    system_size_kw: systemSizeKw ?? undefined,
    utility_program: utilityProgram ?? undefined,
  });
  const data = resolved.data;

  const sections = useMemo(() => {
    if (!data) return [];
    const shown = REQUIREMENT_DEFINITIONS.filter((d) => {
      const r = data.values[d.key];
      return r && (!onlyApplying || r.on);
    });
    return sectionsFor(shown, null);
  }, [data, onlyApplying]);

  // Which requirement asks for each dynamic CAD field.
  const askedBy = useMemo(() => {
    const m = new Map<string, string[]>();
    if (!data) return m;
    for (const d of REQUIREMENT_DEFINITIONS) {
      if (!data.values[d.key]?.on) continue;
      for (const f of d.dynamicCadFields ?? []) m.set(f, [...(m.get(f) ?? []), d.label]);
    }
    return m;
  }, [data]);

  const removedBy = data?.contractorStamp.removedBy.map((k) => DEF_BY_KEY.get(k)?.label ?? k) ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={onlyApplying} onChange={(_, c) => setOnlyApplying(c)} />}
          label={<Typography variant="body2">Only what applies</Typography>}
        />
      </Stack>
      {resolved.isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {resolved.isError && <Alert severity="error">{errorMessageOf(resolved.error)}</Alert>}
      {data && (
        <>
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2" gutterBottom>
              The designer must fill
            </Typography>
            {data.dynamicCadFields.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No extra CAD fields for these requirements.
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="dynamic-cad-fields">
                {data.dynamicCadFields.map((f) => (
                  <Tooltip key={f} title={`Asked by ${(askedBy.get(f) ?? []).join(', ') || 'a requirement'}`}>
                    <Chip size="small" color="warning" variant="outlined" label={CAD_FIELD_LABELS.get(f) ?? f} />
                  </Tooltip>
                ))}
              </Box>
            )}
          </Box>
          {data.contractorStamp.removed && (
            <Alert severity="info" sx={{ mb: 2 }}>
              The contractor stamp is left off: an engineering stamp is required ({removedBy.join(', ')}).
            </Alert>
          )}
          <Table size="small" aria-label="Resolved requirements">
            <TableHead>
              <TableRow>
                <TableCell>Requirement</TableCell>
                <TableCell>Value</TableCell>
                <TableCell sx={{ width: 96 }}>Source</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sections.map((s) => (
                <Fragment key={s.heading}>
                  <TableRow>
                    <TableCell colSpan={3} sx={{ bgcolor: 'action.hover', fontWeight: 700, py: 0.75 }}>
                      {s.heading}
                    </TableCell>
                  </TableRow>
                  {s.groups.flatMap((g) =>
                    g.definitions.map((d) => {
                      const r = data.values[d.key]!;
                      return (
                        <TableRow key={d.key} sx={{ opacity: r.on ? 1 : 0.6 }}>
                          <TableCell sx={{ verticalAlign: 'top' }}>
                            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                              <span>{d.label}</span>
                              {d.automated && (
                                <Tooltip title="Automated: the plan-set generator applies it.">
                                  <AutoModeOutlined sx={{ fontSize: 15, color: 'text.secondary' }} aria-label="Automated" />
                                </Tooltip>
                              )}
                            </Stack>
                          </TableCell>
                          <TableCell sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word', verticalAlign: 'top' }}>
                            {formatRequirementValue(d, r.value)}
                            {r.suppressedBy?.length ? (
                              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                                Off: replaced by {r.suppressedBy.map((k) => DEF_BY_KEY.get(k)?.label ?? k).join(', ')}
                              </Typography>
                            ) : null}
                          </TableCell>
                          <TableCell sx={{ verticalAlign: 'top' }}>
                            <SourceChip source={r.source} />
                          </TableCell>
                        </TableRow>
                      );
                    }),
                  )}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
