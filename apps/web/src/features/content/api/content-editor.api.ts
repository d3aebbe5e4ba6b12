import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZContentAdmin, ZContentAdminList, ZContentBody, ZContentCreate, ZContentRevisionList,
  type ContentBodyInput, type ContentKind,
} from '@sunstamp/domain/contracts/content';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const listEndpoint = getEndpoint(ZContentAdminList, () => '/content/items', (kind: ContentKind) => ({ kind }));
const itemEndpoint = getEndpoint(ZContentAdmin, (id: string) => `/content/items/${seg(id)}`);
const revisionsEndpoint = getEndpoint(ZContentRevisionList, (id: string) => `/content/items/${seg(id)}/revisions`);
const createEndpoint = sendEndpoint('POST', { path: () => '/content/items', body: ZContentCreate, response: ZContentAdmin });
const updateEndpoint = sendEndpoint('PUT', { path: (id: string) => `/content/items/${seg(id)}`, body: ZContentBody, response: ZContentAdmin });
const deleteEndpoint = sendEndpoint('DELETE', { path: (id: string) => `/content/items/${seg(id)}`, body: null, response: z.null() });
const coverEndpoint = sendEndpoint('POST', { path: (id: string) => `/content/items/${seg(id)}/cover`, body: z.custom<FormData>(), response: ZContentAdmin });
const removeCoverEndpoint = sendEndpoint('DELETE', { path: (id: string) => `/content/items/${seg(id)}/cover`, body: null, response: ZContentAdmin });

/** GET /content/items?kind= : every post or article of a kind, drafts included. */
export const useContentItems = (kind: ContentKind) =>
  useQuery({ queryKey: queryKeys.content.editorList(kind), queryFn: ({ signal }) => fetchEndpoint(listEndpoint, kind, signal) });

export const useContentItem = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.content.editorItem(id ?? ''),
    queryFn: ({ signal }) => fetchEndpoint(itemEndpoint, id!, signal),
    enabled: !!id,
  });

export const useContentRevisions = (id: string | undefined) =>
  useQuery({
    queryKey: queryKeys.content.revisions(id ?? ''),
    queryFn: ({ signal }) => fetchEndpoint(revisionsEndpoint, id!, signal),
    enabled: !!id,
  });

/** Any change refreshes the editors' lists and the public blog and help pages (one root). */
function useContentMutation<V, R>(fn: (v: V) => Promise<R>, silentError = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: silentError ? { silentError: true } : undefined,
    onSuccess: async () => { await qc.invalidateQueries({ queryKey: queryKeys.content.all }); },
  });
}

/** POST /content/items or PUT /content/items/{id}; field errors are shown beside the fields. */
export const useSaveContent = () =>
  useContentMutation((v: { id?: string; kind: ContentKind; body: ContentBodyInput }) =>
    v.id ? callEndpoint(updateEndpoint, v.id, v.body) : callEndpoint(createEndpoint, undefined, { ...v.body, kind: v.kind }), true);

export const useDeleteContent = () => useContentMutation((id: string) => callEndpoint(deleteEndpoint, id));

/** POST /content/items/{id}/cover with one image file. */
export const useUploadCover = () =>
  useContentMutation((v: { id: string; file: File }) => {
    const form = new FormData();
    form.append('files', v.file);
    return callEndpoint(coverEndpoint, v.id, form);
  });

export const useRemoveCover = () => useContentMutation((id: string) => callEndpoint(removeCoverEndpoint, id));
