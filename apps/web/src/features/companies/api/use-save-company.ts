import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCompanyBody } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';
import type { CompanyRow } from './use-companies.ts';

/** The body of POST/PUT /companies: the domain company body plus the support contact (staff). */
export type CompanyBody = z.output<typeof ZCompanyBody> & { support_contact_id?: string | null };

/** POST /companies (admin). */
export const createCompany = (body: CompanyBody) => apiClient.post<CompanyRow>('/companies', body);

/** PUT /companies/:id (admin; a company admin for their own company). */
export const updateCompany = ({ id, body }: { id: string; body: Partial<CompanyBody> }) =>
  apiClient.put<CompanyRow>(`/companies/${encodeURIComponent(id)}`, body);

export function useCreateCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCompany, onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }) });
}

export function useUpdateCompany() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCompany, onSuccess: () => qc.invalidateQueries({ queryKey: ['companies'] }) });
}
