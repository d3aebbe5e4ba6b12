import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZVerification, ZVerificationCheck } from '@sunstamp/domain/contracts/deliverables';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** Public calls: an AHJ reviewer has no account. */
const verificationEndpoint = getEndpoint(ZVerification, (code: string) => `/verify/${seg(code)}`, undefined, { auth: false });
const checkEndpoint = sendEndpoint('POST', {
  path: (code: string) => `/verify/${seg(code)}/check`, body: z.instanceof(FormData), response: ZVerificationCheck, auth: false,
});

/** GET /verify/:code: who sealed the document, the licence, the job's address, the date and the SHA-256. */
export function useVerification(code: string) {
  return useQuery({
    queryKey: queryKeys.verification(code),
    queryFn: ({ signal }) => fetchEndpoint(verificationEndpoint, code, signal),
    enabled: !!code,
    retry: false,
    meta: { silentError: true },
  });
}

/** POST /verify/:code/check: the PDF the reviewer holds, hashed and compared. */
export function useCheckDocument(code: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callEndpoint(checkEndpoint, code, form);
    },
    meta: { silentError: true },
  });
}
