import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCompany } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';

/** The list item of GET /companies: the domain company plus its support contact's id. */
export type CompanyRow = z.infer<typeof ZCompany> & { support_contact_id: string | null };

export const companiesQueryKey = ['companies', 'list'] as const;

/** GET /companies: staff see all; everyone else their own. */
export const fetchCompanies = (signal?: AbortSignal) => apiClient.get<CompanyRow[]>('/companies', { signal });

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: companiesQueryKey, queryFn: ({ signal }) => fetchCompanies(signal), staleTime: 60_000 });

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
