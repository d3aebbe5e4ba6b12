import { useDeferredValue, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { useAhj, useAhjs } from '../../lib/api/ahjs.api.ts';
import { useUtilities, useUtility } from '../../lib/api/utilities.api.ts';
import { useCompanies } from '../../lib/api/companies.api.ts';

export type ScopeOption = { id: string; label: string; detail?: string; /** An AHJ's state. */ state?: string };

/**
 * Companies (all loaded at once), utilities and AHJs (searched on the server, 25 at a time, in one
 * state when `state` is given).
 */
function useScopeOptions(kind: RequirementScope, search: string, selectedId: string | null, state?: string) {
  const companies = useCompanies(kind === 'company');
  const utilities = useUtilities({ search: search || undefined, state: state || undefined, page_size: 25 }, kind === 'utility');
  const ahjs = useAhjs({ search: search || undefined, state: state || undefined, page_size: 25 }, kind === 'ahj');
  // The chosen record may not be on the current search page (e.g. opened from a link).
  const oneUtility = useUtility(kind === 'utility' ? selectedId : null);
  const oneAhj = useAhj(kind === 'ahj' ? selectedId : null);

  return useMemo(() => {
    if (kind === 'company') {
      const options = (companies.data ?? []).map((c): ScopeOption => ({ id: c.id, label: c.name, detail: c.is_internal ? 'Internal' : undefined }));
      return { options, selected: options.find((o) => o.id === selectedId) ?? null, loading: companies.isLoading };
    }
    if (kind === 'utility') {
      const options = (utilities.data?.results ?? []).map((u): ScopeOption => ({ id: u.id, label: u.name, detail: u.states.join(', ') }));
      const one = oneUtility.data ? { id: oneUtility.data.id, label: oneUtility.data.name, detail: oneUtility.data.states.join(', ') } : null;
      return { options, selected: options.find((o) => o.id === selectedId) ?? one, loading: utilities.isFetching };
    }
    const options = (ahjs.data?.results ?? []).map((a): ScopeOption => ({ id: a.id, label: a.name, detail: `${a.jurisdiction_type}, ${a.state}`, state: a.state }));
    const one = oneAhj.data ? { id: oneAhj.data.id, label: oneAhj.data.name, detail: `${oneAhj.data.jurisdiction_type}, ${oneAhj.data.state}`, state: oneAhj.data.state } : null;
    return { options, selected: options.find((o) => o.id === selectedId) ?? one, loading: ahjs.isFetching };
  }, [kind, selectedId, companies.data, companies.isLoading, utilities.data, utilities.isFetching, ahjs.data, ahjs.isFetching, oneUtility.data, oneAhj.data]);
}

const NOUNS: Record<RequirementScope, string> = { company: 'companies', utility: 'utilities', ahj: 'AHJs' };

/** A searchable select of companies, utilities or AHJs. */
export function ScopeAutocomplete({
  kind, value, onChange, label, helperText, disabled, size = 'medium', state, fallback,
}: {
  /** Utilities and AHJs of this state only (a two-letter code). */
  state?: string;
  /** How to show the chosen record until it is loaded (e.g. the job's own AHJ reference). */
  fallback?: ScopeOption | null;
  kind: RequirementScope;
  value: string | null;
  onChange: (id: string | null, option: ScopeOption | null) => void;
  label: string;
  helperText?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
}) {
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const found = useScopeOptions(kind, kind === 'company' ? '' : search, value, state);
  const { options, loading } = found;
  const selected = found.selected ?? (fallback && fallback.id === value ? fallback : null);
  // Keep the chosen option listed so Autocomplete can show it while another search runs.
  const all = selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;

  return (
    <Autocomplete
      size={size}
      options={all}
      value={selected}
      disabled={disabled}
      loading={loading}
      onChange={(_, o) => onChange(o?.id ?? null, o)}
      onInputChange={(_, v, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(v);
      }}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      // Utilities and AHJs are filtered by the server's search.
      filterOptions={kind === 'company' ? undefined : (x) => x}
      noOptionsText={loading ? 'Loading…' : `No ${NOUNS[kind]} match${state ? ` in ${state}` : ''}.`}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span>
              {o.label}
              {o.detail && (
                <span style={{ opacity: 0.6, marginLeft: 8, fontSize: '0.85em' }}>{o.detail}</span>
              )}
            </span>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} placeholder={`Search ${NOUNS[kind]}`} />}
    />
  );
}
