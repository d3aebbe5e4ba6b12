import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRequirementScopePatch, ZRequirementScopeValues } from '@sunstamp/domain/contracts/requirements';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

export type RequirementScopeRef = { type: RequirementScope; id: string };

export const scopePath = (s: RequirementScopeRef) => `/requirements/${s.type}/${seg(s.id)}`;

const scopeValuesEndpoint = getEndpoint(ZRequirementScopeValues, scopePath);
const patchScopeValuesEndpoint = sendEndpoint('PATCH', { path: scopePath, body: ZRequirementScopePatch, response: ZRequirementScopeValues });

/** GET /requirements/{scope_type}/{scope_id}: the values set on one company, utility or AHJ. */
export const fetchScopeValues = (s: RequirementScopeRef, signal?: AbortSignal) =>
  fetchEndpoint(scopeValuesEndpoint, s, signal);

export const scopeValuesQueryOptions = (s: RequirementScopeRef) =>
  queryOptions({ queryKey: queryKeys.requirements.scope(s), queryFn: ({ signal }) => fetchScopeValues(s, signal) });

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
export const patchScopeValues = ({ scope, patch }: { scope: RequirementScopeRef; patch: BodyOf<typeof patchScopeValuesEndpoint> }) =>
  callEndpoint(patchScopeValuesEndpoint, scope, patch);
