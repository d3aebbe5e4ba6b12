import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMeResponse } from '@sunstamp/domain/contracts/users';
import { callEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** PUT /users/me/onboard-finished: spec §4, marking onboarding finished updates the user record. */
const finishOnboardingEndpoint = sendEndpoint('PUT', { path: () => '/users/me/onboard-finished', body: null, response: ZMeResponse });
export const finishOnboarding = () => callEndpoint(finishOnboardingEndpoint, undefined);

export function useFinishOnboarding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: finishOnboarding,
    onSuccess: (me) => qc.setQueryData(queryKeys.me(), me),
  });
}
