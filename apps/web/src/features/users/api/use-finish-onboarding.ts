import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';
import { meQueryKey } from './use-me.ts';

/** PUT /users/me/onboard-finished: spec §4, marking onboarding finished updates the user record. */
export const finishOnboarding = () => apiClient.put<MeResponse>('/users/me/onboard-finished');

export function useFinishOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: finishOnboarding,
    onSuccess: (me) => qc.setQueryData(meQueryKey, me),
  });
}
