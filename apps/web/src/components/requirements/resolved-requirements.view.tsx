import { Fragment, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { DYNAMIC_CAD_FIELDS } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import type { ResolvedRequirementsResponse } from '@sunstamp/domain/contracts/requirements';
import { fileRefsOf, requirementFileDownloadPath } from '@sunstamp/domain/requirements/requirement-files.rules';
import type { RequirementDefinition, RequirementSource } from '@sunstamp/domain/requirements/requirement.schema';
import { errorMessageOf } from '../../lib/api-error.ts';
import { downloadApiFile } from '../../lib/download.ts';
import { notify } from '../../lib/notify.ts';
import { fileDownloadKindOf, formatRequirementValue, resolvedSectionsOf, SOURCE_LABELS } from './requirements.rules.ts';

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

/** A file requirement's files as download buttons; the route depends on who shows them. */
function FileValue({ def, value, downloadPath }: { def: RequirementDefinition; value: unknown; downloadPath: (fileId: string) => string }) {
  const files = fileRefsOf(value);
  if (!files.length) return <>{formatRequirementValue(def, value)}</>;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      {files.map((f) => (
        <Button
          key={f.id}
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void downloadApiFile(notify, { path: downloadPath(f.id), fileName: f.name, kind: fileDownloadKindOf(def) })}
          aria-label={`Download ${f.name}`}
          sx={{ textTransform: 'none', textAlign: 'left', wordBreak: 'break-all', py: 0, minHeight: 0, justifyContent: 'flex-start' }}
        >
          {f.name}
        </Button>
      ))}
    </Stack>
  );
}

export type ResolvedRequirementsViewProps = {
  /** The resolver's answer (GET /requirements/resolve, or a job's GET /jobs/{id}/requirements). */
  data: ResolvedRequirementsResponse | undefined;
  isFetching?: boolean;
  error?: unknown;
  title?: string;
  /** Shown under the title, e.g. the job's company, utility and AHJ. */
  intro?: ReactNode;
  /** Where a file value downloads from: the requirements route by default, the job's own on the job page. */
  fileDownloadPath?: (fileId: string) => string;
  /** The "designer must fill" chips; the job page asks for the fields in their own card instead. */
  showCadFields?: boolean;
};

/**
 * Resolved requirements, read-only: each value with where it comes from (default, company,
 * utility, AHJ; the later wins), under its heading and chip group, the dynamic CAD fields the
 * designer must fill, and whether an engineering stamp removes the contractor stamp. The
 * requirements page (ResolvedRequirementsPanel) and the job page feed it their own answer.
 */
// eslint-disable-next-line max-lines-per-function -- one table whose rows, sources and stamp note are rendered from the same resolved answer and its three pieces of state
export function ResolvedRequirementsView({
  data, isFetching, error, title = 'Requirements', intro, fileDownloadPath = requirementFileDownloadPath, showCadFields = true,
}: ResolvedRequirementsViewProps) {
  const [onlyApplying, setOnlyApplying] = useState(true);

  const sections = useMemo(
    () => (data ? resolvedSectionsOf(REQUIREMENT_DEFINITIONS, data.values, onlyApplying) : []),
    [data, onlyApplying],
  );

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
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 } }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {title}
        </Typography>
        <FormControlLabel
          control={<Switch size="small" checked={onlyApplying} onChange={(_, c) => setOnlyApplying(c)} />}
          label={<Typography variant="body2">Only what applies</Typography>}
        />
      </Stack>
      {intro}
      {isFetching && <LinearProgress aria-label="Loading requirements" sx={{ mb: 1 }} />}
      {!!error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
      {data && (
        <>
          {showCadFields && (
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
          )}
          {data.contractorStamp.removed && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="contractor-stamp-removed">
              Contractor stamp removed by {removedBy.join(', ') || 'an engineering stamp'}: an engineering stamp is required.
            </Alert>
          )}
          {sections.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {onlyApplying ? 'No requirement is on.' : 'No requirements.'}
            </Typography>
          ) : (
            <Table
              size="small"
              aria-label="Resolved requirements"
              // Phones: each row stacks (requirement above its value, then the source), so no
              // column is squeezed to a few letters and breaks words.
              sx={(t) => ({
                [t.breakpoints.down('sm')]: {
                  '& thead': { display: 'none' },
                  '& tr': { display: 'block', borderBottom: 1, borderColor: 'divider', py: 0.75 },
                  '& td': { display: 'block', border: 0, px: 1, py: 0.25, wordBreak: 'normal', overflowWrap: 'anywhere' },
                  '& td:first-of-type': { fontWeight: 600 },
                },
              })}
            >
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
                    {s.groups.map((g) => (
                      <Fragment key={g.chip.key}>
                        {/* A chip group under a heading of another name (Wire Size under Electrical) is named. */}
                        {g.chip.label !== s.heading && (
                          <TableRow>
                            <TableCell colSpan={3} sx={{ py: 0.5, pl: 2, color: 'text.secondary', fontSize: '0.75rem', fontWeight: 600, textTransform: 'uppercase', letterSpacing: 0.4 }}>
                              {g.chip.label}
                            </TableCell>
                          </TableRow>
                        )}
                        {g.definitions.map((d) => {
                          const r = data.values[d.key]!;
                          return (
                            <TableRow key={d.key} sx={{ opacity: r.on ? 1 : 0.6 }} data-testid={`resolved-${d.key}`}>
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
                              <TableCell sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                                {d.type === 'file' ? <FileValue def={d} value={r.value} downloadPath={fileDownloadPath} /> : formatRequirementValue(d, r.value)}
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
                        })}
                      </Fragment>
                    ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}
