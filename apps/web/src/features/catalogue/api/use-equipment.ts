import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZEquipmentBody, ZEquipmentItem, ZEquipmentPage, ZEquipmentPatch, type EquipmentBody, type EquipmentPatch, type ZEquipmentQuery } from '@sunstamp/domain/contracts/catalogue';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';

export type EquipmentQuery = Omit<z.input<typeof ZEquipmentQuery>, 'page' | 'page_size'> & { page?: number; page_size?: number };
export type EquipmentPage = z.infer<typeof ZEquipmentPage>;

/** GET /equipment: search the catalogue by kind and words, paged. */
const equipmentEndpoint = getEndpoint(ZEquipmentPage, (_q: EquipmentQuery) => '/equipment', (q) => q);
export const fetchEquipment = (q: EquipmentQuery, signal?: AbortSignal) => fetchEndpoint(equipmentEndpoint, q, signal);

export const equipmentQueryOptions = (q: EquipmentQuery) =>
  queryOptions({ queryKey: queryKeys.equipment.list(q), queryFn: ({ signal }) => fetchEquipment(q, signal), placeholderData: keepPreviousData });

export function useEquipment(q: EquipmentQuery) {
  return useQuery(equipmentQueryOptions(q));
}

/** POST /equipment or PUT /equipment/{id} (staff). PUT's `data` replaces the stored data. */
const createEquipmentEndpoint = sendEndpoint('POST', { path: () => '/equipment', body: ZEquipmentBody, response: ZEquipmentItem });
const updateEquipmentEndpoint = sendEndpoint('PUT', { path: (id: string) => `/equipment/${seg(id)}`, body: ZEquipmentPatch, response: ZEquipmentItem });

export function useSaveEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: EquipmentBody | EquipmentPatch }) =>
      v.id
        ? callEndpoint(updateEquipmentEndpoint, v.id, v.body as EquipmentPatch)
        : callEndpoint(createEquipmentEndpoint, undefined, v.body as EquipmentBody),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.equipment.all }),
  });
}
