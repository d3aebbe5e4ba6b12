import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEquipmentBody, ZEquipmentItem, ZEquipmentPage } from '@sunstamp/domain/contracts/catalogue';
import type { EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { ZJobEquipmentAnswer, ZJobEquipmentBody } from '@sunstamp/domain/contracts/job-equipment';
import type { JobEquipmentLineInput } from '@sunstamp/domain/jobs/job-equipment.rules';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const jobEquipmentEndpoint = getEndpoint(ZJobEquipmentAnswer, (id: string) => `/jobs/${seg(id)}/equipment`);
const saveJobEquipmentEndpoint = sendEndpoint('PUT', { path: (id: string) => `/jobs/${seg(id)}/equipment`, body: ZJobEquipmentBody, response: ZJobEquipmentAnswer });
const addToCatalogueEndpoint = sendEndpoint('POST', { path: () => '/equipment', body: ZEquipmentBody, response: ZEquipmentItem });

/** GET /jobs/:id/equipment: the job's models and quantities, with the warnings staff review. */
export const fetchJobEquipment = (id: string, signal?: AbortSignal) => fetchEndpoint(jobEquipmentEndpoint, id, signal);

export const jobEquipmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.jobs.equipment(id), queryFn: ({ signal }) => fetchJobEquipment(id, signal) });

export function useJobEquipment(id: string | undefined) {
  return useQuery({ ...jobEquipmentQueryOptions(id ?? ''), enabled: !!id });
}

/** PUT /jobs/:id/equipment: the job's lines as they must be (a kind left out is removed). */
export function useSaveJobEquipment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; lines: JobEquipmentLineInput[] }) => callEndpoint(saveJobEquipmentEndpoint, v.id, { lines: v.lines }),
    meta: { silentError: true },
    onSuccess: (answer, v) => {
      qc.setQueryData(queryKeys.jobs.equipment(v.id), answer);
      void qc.invalidateQueries({ queryKey: queryKeys.jobs.history(v.id) });
    },
  });
}

type CatalogueSearch = { kind: EquipmentKind; search?: string; page_size?: number };
/** GET /equipment: the catalogue models of a kind matching the words typed (the intake's picker). */
const catalogueEndpoint = getEndpoint(ZEquipmentPage, (_q: CatalogueSearch) => '/equipment', (q) => q);

export function useCatalogueSearch(q: CatalogueSearch) {
  return useQuery({
    queryKey: queryKeys.equipment.list(q),
    queryFn: ({ signal }) => fetchEndpoint(catalogueEndpoint, q, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /equipment (staff): add the model a client typed under Other to the catalogue. */
export function useAddToCatalogue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: EquipmentKind; manufacturer: string; model: string }) => callEndpoint(addToCatalogueEndpoint, undefined, body),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.equipment.all }),
  });
}
