import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZCompanyRow } from '@sunstamp/domain/contracts/users';
import { fetchEndpoint, getEndpoint } from './endpoint.ts';
import { queryKeys } from './query-keys.ts';

/** The list item of GET /companies: the domain company plus its support contact's id. */
export type CompanyRow = z.infer<typeof ZCompanyRow>;

const companiesEndpoint = getEndpoint(ZCompanyRow.array(), () => '/companies');

/** GET /companies: staff see all; everyone else their own. */
export const fetchCompanies = (signal?: AbortSignal) => fetchEndpoint(companiesEndpoint, undefined, signal);

export const companiesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.companies.list(), queryFn: ({ signal }) => fetchCompanies(signal), staleTime: 60_000 });

export function useCompanies(enabled = true) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
