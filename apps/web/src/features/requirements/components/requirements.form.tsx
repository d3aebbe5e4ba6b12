import { Fragment, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHIP_GROUPS } from '@sunstamp/domain/requirements/chip-groups.data';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import type { RequirementDefinition } from '@sunstamp/domain/requirements/requirement.schema';
import { isEmptyPatch } from '@sunstamp/domain/requirements/scope-values.rules';
import { SearchField } from '../../../components/search-field.tsx';
import { isApiError, errorMessageOf } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveScopeValues } from '../api/use-save-scope-values.ts';
import type { RequirementScopeRef } from '../api/use-scope-values.ts';
import { formReducer, validateAll } from '../requirements-form.state.ts';
import {
  changedKeys, errorsOfKey, inheritedOf, savePatch, scopeBody, sectionsFor, textRowsFor, widgetFor, type ResolvedRequirement,
} from '../../../components/requirements/requirements.rules.ts';
import { RequirementField, ScopeNounContext, type FieldAction } from './requirement-field.tsx';
import { RequirementFileField, ScopeRefContext } from './requirement-file.field.tsx';
import { RequirementGroupField } from './requirement-group.field.tsx';

const DEF_BY_KEY = new Map(REQUIREMENT_DEFINITIONS.map((d) => [d.key, d]));
const chipOfPath = (path: string) => DEF_BY_KEY.get(path.split('.')[0]!)?.chipGroup;

function fieldSize(def: RequirementDefinition) {
  const w = widgetFor(def);
  if (w === 'group' || (w === 'text' && textRowsFor(def))) return { xs: 12 };
  return { xs: 12, md: 6 };
}

/**
 * The requirements form of spec §2: chips filter the fields, headings title the sections, each
 * field shows whether it is set on this scope or inherited (and from where), with a reset.
 */
// eslint-disable-next-line max-lines-per-function -- the requirements form's chips, sections and per-field inherit/reset all read one form state and the resolved answer
export function RequirementsForm({
  scope, saved, resolved, readOnly, readOnlyReason,
}: {
  scope: RequirementScopeRef;
  /** The scope's stored values (GET). */
  saved: Readonly<Record<string, unknown>>;
  /** What the scopes below resolve to (GET /requirements/resolve), for the inherited values. */
  resolved?: Readonly<Record<string, ResolvedRequirement>>;
  readOnly: boolean;
  readOnlyReason?: string;
}) {
  const [state, dispatchState] = useReducer(formReducer, { values: saved, errors: {} });
  // One object per scope, so file fields (which read it from context) do not re-render for nothing.
  const scopeRef = useMemo(() => ({ type: scope.type, id: scope.id }), [scope.type, scope.id]);
  const dispatch = useCallback((a: FieldAction) => dispatchState(a), []);
  const [chip, setChip] = useState<string>(CHIP_GROUPS[0].key);
  const [search, setSearch] = useState('');
  const save = useSaveScopeValues();
  const scrollTo = useRef<string | null>(null);

  const dirtyKeys = useMemo(() => changedKeys(scopeBody(state.values), scopeBody(saved)), [state.values, saved]);
  const dirty = dirtyKeys.length > 0;
  const sections = useMemo(() => sectionsFor(REQUIREMENT_DEFINITIONS, search.trim() ? null : chip, search), [chip, search]);

  const countsByChip = useMemo(() => {
    const set = new Map<string, number>();
    const errs = new Map<string, number>();
    for (const k of Object.keys(state.values)) {
      const c = DEF_BY_KEY.get(k)?.chipGroup;
      if (c) set.set(c, (set.get(c) ?? 0) + 1);
    }
    for (const p of Object.keys(state.errors)) {
      const c = chipOfPath(p);
      if (c) errs.set(c, (errs.get(c) ?? 0) + 1);
    }
    return { set, errs };
  }, [state.values, state.errors]);

  // One object per key, stable until the resolved values change, so memoised fields skip renders.
  const inheritedByKey = useMemo(() => new Map(REQUIREMENT_DEFINITIONS.map((d) => [d.key, inheritedOf(d, resolved)])), [resolved]);

  const errorsByKey = useMemo(() => {
    const m = new Map<string, Record<string, string>>();
    for (const p of Object.keys(state.errors)) {
      const k = p.split('.')[0]!;
      if (!m.has(k)) m.set(k, errorsOfKey(state.errors, k));
    }
    return m;
  }, [state.errors]);

  // After a failed save, show the first field with an error.
  const showFirstError = (errors: Record<string, string>) => {
    const first = REQUIREMENT_DEFINITIONS.find((d) => Object.keys(errors).some((p) => p === d.key || p.startsWith(`${d.key}.`)));
    if (!first) return;
    setSearch('');
    setChip(first.chipGroup);
    scrollTo.current = first.key;
  };
  useEffect(() => {
    const key = scrollTo.current;
    if (!key) return;
    scrollTo.current = null;
    const el = document.querySelector(`[data-testid="req-${key}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });

  const submit = async () => {
    const body = scopeBody(state.values);
    const errors = validateAll(body);
    const patch = savePatch(saved, state.values);
    const n = Object.keys(errors).length;
    if (n) {
      dispatchState({ type: 'errors', errors });
      showFirstError(errors);
      notify(`${n} field${n === 1 ? ' needs' : 's need'} attention; nothing was saved.`, { variant: 'error' });
      return;
    }
    if (isEmptyPatch(patch)) return;
    try {
      // Only what changed since the last save: another editor's changes and files uploaded
      // meanwhile stay as they are.
      const res = await save.mutateAsync({ scope, patch });
      dispatchState({ type: 'load', values: res.values });
      notify('Requirements saved.', { variant: 'success' });
    } catch (e) {
      if (isApiError(e) && e.silent) return;
      const fieldErrors = isApiError(e) ? e.fieldErrors : {};
      if (Object.keys(fieldErrors).length) {
        dispatchState({ type: 'errors', errors: fieldErrors });
        showFirstError(fieldErrors);
        const message = (e as { body?: { message?: unknown } }).body?.message;
        notify(typeof message === 'string' ? message : errorMessageOf(e), { variant: 'error' });
      } else {
        notify(errorMessageOf(e), { variant: 'error' });
      }
    }
  };

  // Leaving with unsaved changes asks first (in-app navigation and closing the tab).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const errorCount = Object.keys(state.errors).length;

  return (
    <ScopeRefContext.Provider value={scopeRef}>
      <ScopeNounContext.Provider value={scope.type === 'ahj' ? 'AHJ' : scope.type}>
        <Box component="section" aria-label="Requirements form">
          <Paper
            variant="outlined"
            sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 3, p: 2, mb: 2, borderRadius: 2 }}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, mb: 1.5 }}>
              <SearchField
                placeholder="Search all requirements"
                label="Search requirements"
                value={search}
                onChange={setSearch}
                clearable
                sx={{ flex: 1, maxWidth: { md: 420 } }}
              />
              <Box sx={{ flex: 1 }} />
              {!readOnly && (
                <>
                  <Typography variant="body2" color={errorCount ? 'error' : 'text.secondary'} aria-live="polite">
                    {errorCount
                      ? `${errorCount} field${errorCount === 1 ? ' has' : 's have'} an error`
                      : dirty
                        ? `${dirtyKeys.length} unsaved change${dirtyKeys.length === 1 ? '' : 's'}`
                        : 'All changes saved'}
                  </Typography>
                  <Button color="inherit" disabled={!dirty || save.isPending} onClick={() => dispatchState({ type: 'load', values: saved })}>
                    Discard
                  </Button>
                  <Button variant="contained" onClick={submit} loading={save.isPending} disabled={!dirty}>
                    Save
                  </Button>
                </>
              )}
            </Stack>
            <Box role="toolbar" aria-label="Requirement groups" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
              {CHIP_GROUPS.map((c) => {
                const selected = !search.trim() && chip === c.key;
                const setCount = countsByChip.set.get(c.key) ?? 0;
                const errCount = countsByChip.errs.get(c.key) ?? 0;
                return (
                  <Chip
                    key={c.key}
                    data-testid={`chip-${c.key}`}
                    label={
                      <span>
                        {c.label}
                        {setCount > 0 && (
                          <Box component="span" sx={{ ml: 0.75, fontWeight: 700, opacity: 0.85 }} aria-label={`${setCount} set here`}>
                            {setCount}
                          </Box>
                        )}
                      </span>
                    }
                    color={errCount ? 'error' : selected ? 'primary' : 'default'}
                    variant={selected ? 'filled' : 'outlined'}
                    aria-pressed={selected}
                    onClick={() => {
                      setSearch('');
                      setChip(c.key);
                    }}
                  />
                );
              })}
            </Box>
          </Paper>

          {readOnly && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {readOnlyReason ?? 'You can view these requirements but not change them.'}
            </Alert>
          )}

          {sections.length === 0 && (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
              <Typography color="text.secondary">No requirement matches “{search.trim()}”.</Typography>
            </Paper>
          )}

          {sections.map((section) => (
            <Box key={section.heading} component="section" sx={{ mb: 4 }} aria-labelledby={`heading-${section.heading}`}>
              <Typography id={`heading-${section.heading}`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {section.heading}
              </Typography>
              {section.groups.map(({ chip: c, definitions }) => (
                <Fragment key={c.key}>
                  {(c.label !== section.heading || section.groups.length > 1) && (
                    <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 1, mb: 0.5, fontWeight: 700 }}>
                      {c.label}
                    </Typography>
                  )}
                  <Grid container spacing={1.5} sx={{ mb: 2 }}>
                    {definitions.map((def) => {
                      const setHere = Object.prototype.hasOwnProperty.call(state.values, def.key);
                      const inherited = inheritedByKey.get(def.key)!;
                      const value = setHere ? state.values[def.key] : inherited.value;
                      const errors = errorsByKey.get(def.key);
                      const field = { def, value, setHere, inherited, readOnly, dispatch };
                      return (
                        <Grid key={def.key} size={fieldSize(def)}>
                          {def.type === 'group' ? (
                            <RequirementGroupField {...field} errors={errors} />
                          ) : def.type === 'file' ? (
                            <RequirementFileField {...field} error={errors?.[def.key]} />
                          ) : (
                            <RequirementField {...field} error={errors?.[def.key]} />
                          )}
                        </Grid>
                      );
                    })}
                  </Grid>
                </Fragment>
              ))}
            </Box>
          ))}

          <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()}>
            <DialogTitle>Leave without saving?</DialogTitle>
            <DialogContent>
              <Typography>
                {dirtyKeys.length} unsaved change{dirtyKeys.length === 1 ? '' : 's'} will be lost.
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button color="inherit" onClick={() => blocker.reset?.()}>
                Stay
              </Button>
              <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
                Leave
              </Button>
            </DialogActions>
          </Dialog>
        </Box>
      </ScopeNounContext.Provider>
    </ScopeRefContext.Provider>
  );
}
