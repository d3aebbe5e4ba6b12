import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZEngineer, ZEngineerBody, ZEngineerList, ZSealAuthorisationBody, type Engineer, type EngineerBody, type SealAuthorisationBody } from '@sunstamp/domain/contracts/engineers';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { fetchApiBlob } from '../../../lib/download.ts';
import { postFormWithProgress } from '../../../lib/upload-with-progress.ts';

const listEndpoint = getEndpoint(ZEngineerList, () => '/engineers');
const createEndpoint = sendEndpoint('POST', { path: () => '/engineers', body: ZEngineerBody, response: ZEngineer });
const updateEndpoint = sendEndpoint('PUT', { path: (id: string) => `/engineers/${seg(id)}`, body: ZEngineerBody, response: ZEngineer });
const authorisationEndpoint = sendEndpoint('PUT', { path: (id: string) => `/engineers/${seg(id)}/seal-authorisation`, body: ZSealAuthorisationBody, response: ZEngineer });
const removeCertificateEndpoint = sendEndpoint('DELETE', { path: (v: { id: string; certificateId: string }) => `/engineers/${seg(v.id)}/certificates/${seg(v.certificateId)}`, body: null, response: z.null() });

/** GET /engineers (staff). */
export function useEngineers() {
  return useQuery({ queryKey: queryKeys.engineers.list(), queryFn: ({ signal }) => fetchEndpoint(listEndpoint, undefined, signal) });
}

/** POST /engineers or PUT /engineers/{id} (admin); field errors are shown beside the fields. */
export function useSaveEngineer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: EngineerBody }) => (v.id ? callEndpoint(updateEndpoint, v.id, v.body) : callEndpoint(createEndpoint, undefined, v.body)),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.engineers.all }),
  });
}

/** POST /engineers/{id}/seal or /signature (an admin or the engineer): one PNG or SVG, kept as a sanitised PNG. */
export function useUploadEngineerImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: string; kind: 'seal' | 'signature'; file: File }) => {
      const form = new FormData();
      form.append('files', file);
      return postFormWithProgress<Engineer>(`/engineers/${seg(id)}/${kind}`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.engineers.all }),
  });
}

/** The seal or signature image as an object URL (fetched with the session's token). */
export function useEngineerImage(e: Engineer, kind: 'seal' | 'signature') {
  const path = kind === 'seal' ? e.seal_url : e.signature_url;
  return useQuery({
    queryKey: queryKeys.engineers.image(e.id, kind, path ?? ''),
    enabled: !!path,
    staleTime: Infinity,
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchApiBlob(path!.replace(/^\/api/, ''), signal)),
  });
}

/** POST /engineers/{id}/certificates (an admin or the engineer): the public certificate (.cer, .crt, .pem). */
export function useUploadCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('files', file);
      return postFormWithProgress<Engineer>(`/engineers/${seg(id)}/certificates`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.engineers.all }),
  });
}

/** DELETE /engineers/{id}/certificates/{certificateId}. */
export function useRemoveCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; certificateId: string }) => callEndpoint(removeCertificateEndpoint, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.engineers.all }),
  });
}

/** PUT /engineers/{id}/seal-authorisation: the engineer's standing authorisation for an admin to seal in their name. */
export function useSetSealAuthorisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: SealAuthorisationBody }) => callEndpoint(authorisationEndpoint, v.id, v.body),
    meta: { silentError: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.engineers.all }),
  });
}
