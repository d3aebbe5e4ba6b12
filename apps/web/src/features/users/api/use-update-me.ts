import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MeResponse, ZUpdateMeBody } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';
import { meQueryKey } from './use-me.ts';

export type UpdateMeBody = z.input<typeof ZUpdateMeBody>;

/** PUT /users/me: profile, notification switches or password; answers the fresh current-user response. */
export const updateMe = (body: UpdateMeBody) => apiClient.put<MeResponse>('/users/me', body);

export function useUpdateMe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (me) => qc.setQueryData(meQueryKey, me),
  });
}
