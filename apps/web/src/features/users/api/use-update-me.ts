import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMeResponse, ZUpdateMeBody } from '@sunstamp/domain/contracts/users';
import { callEndpoint, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** PUT /users/me: profile, notification switches or password; answers the fresh current-user response. */
const updateMeEndpoint = sendEndpoint('PUT', { path: () => '/users/me', body: ZUpdateMeBody, response: ZMeResponse });
export type UpdateMeBody = BodyOf<typeof updateMeEndpoint>;

export const updateMe = (body: UpdateMeBody) => callEndpoint(updateMeEndpoint, undefined, body);

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => qc.setQueryData(queryKeys.me(), me),
  });
}
