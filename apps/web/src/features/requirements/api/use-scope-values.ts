import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequirementScopePatch, RequirementScopeValuesResponse } from '@sunstamp/domain/contracts/requirements';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { apiClient } from '../../../lib/api-client.ts';

export type RequirementScopeRef = { type: RequirementScope; id: string };

export const scopeValuesQueryKey = (s: RequirementScopeRef) => ['requirements', 'scope', s.type, s.id] as const;

export const scopePath = (s: RequirementScopeRef) => `/requirements/${s.type}/${encodeURIComponent(s.id)}`;

/** GET /requirements/{scope_type}/{scope_id}: the values set on one company, utility or AHJ. */
export const fetchScopeValues = (s: RequirementScopeRef, signal?: AbortSignal) =>
  apiClient.get<RequirementScopeValuesResponse>(scopePath(s), { signal });

export const scopeValuesQueryOptions = (s: RequirementScopeRef) =>
  queryOptions({ queryKey: scopeValuesQueryKey(s), queryFn: ({ signal }) => fetchScopeValues(s, signal) });

export function useScopeValues(s: RequirementScopeRef | null) {
  return useQuery({
    ...scopeValuesQueryOptions(s ?? { type: 'company', id: '' }),
    enabled: !!s,
  });
}

/**
 * PATCH /requirements/{scope_type}/{scope_id}: only what this editor changed. `set` holds explicit
 * values (false, '' and null — "off" — included), `inherit` the keys going back to the scopes below.
 */
export const patchScopeValues = ({ scope, patch }: { scope: RequirementScopeRef; patch: RequirementScopePatch }) =>
  apiClient.patch<RequirementScopeValuesResponse>(scopePath(scope), patch);
