import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCompanyPatch, ZCompanyRow, ZCompanyWriteBody } from '@sunstamp/domain/contracts/users';
import { callEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** POST /companies (admin): the domain company body plus the support contact (staff). */
const createCompanyEndpoint = sendEndpoint('POST', { path: () => '/companies', body: ZCompanyWriteBody, response: ZCompanyRow });
/** PUT /companies/:id (admin; a company admin for their own company): the fields sent. */
const updateCompanyEndpoint = sendEndpoint('PUT', { path: (id: string) => `/companies/${seg(id)}`, body: ZCompanyPatch, response: ZCompanyRow });

export type CompanyBody = BodyOf<typeof createCompanyEndpoint>;

export const createCompany = (body: CompanyBody) => callEndpoint(createCompanyEndpoint, undefined, body);

export const updateCompany = ({ id, body }: { id: string; body: BodyOf<typeof updateCompanyEndpoint> }) =>
  callEndpoint(updateCompanyEndpoint, id, body);

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.companies.all }) });
}

export function useUpdateCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCompany, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.companies.all }) });
}
