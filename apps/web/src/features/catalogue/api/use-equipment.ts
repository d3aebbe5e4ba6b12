import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EquipmentBody, EquipmentItem, EquipmentPatch, ZEquipmentPage, ZEquipmentQuery } from '@sunstamp/domain/contracts/catalogue';
import { apiClient } from '../../../lib/api-client.ts';

export type EquipmentQuery = Omit<z.input<typeof ZEquipmentQuery>, 'page' | 'page_size'> & { page?: number; page_size?: number };
export type EquipmentPage = z.infer<typeof ZEquipmentPage>;

export const equipmentQueryKey = (q: EquipmentQuery = {}) => ['equipment', 'list', q] as const;

/** GET /equipment: search the catalogue by kind and words, paged. */
export const fetchEquipment = (q: EquipmentQuery, signal?: AbortSignal) =>
  apiClient.get<EquipmentPage>('/equipment', { query: q, signal });

export const equipmentQueryOptions = (q: EquipmentQuery) =>
  queryOptions({ queryKey: equipmentQueryKey(q), queryFn: ({ signal }) => fetchEquipment(q, signal), placeholderData: keepPreviousData });

export function useEquipment(q: EquipmentQuery) {
  return useQuery(equipmentQueryOptions(q));
}

/** POST /equipment or PUT /equipment/{id} (staff). PUT's `data` replaces the stored data. */
export function useSaveEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: EquipmentBody | EquipmentPatch }) =>
      v.id
        ? apiClient.put<EquipmentItem>(`/equipment/${encodeURIComponent(v.id)}`, v.body)
        : apiClient.post<EquipmentItem>('/equipment', v.body),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['equipment'] }),
  });
}
