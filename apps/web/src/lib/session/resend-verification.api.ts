import { useMutation } from '@tanstack/react-query';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { callEndpoint, sendEndpoint } from '../api/endpoint.ts';

/** POST /auth/verify-email/resend/: mails the verification link again (signed in). */
const resendEndpoint = sendEndpoint('POST', { path: () => '/auth/verify-email/resend/', body: null, response: ZOk });
export const resendVerification = () => callEndpoint(resendEndpoint, undefined);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
