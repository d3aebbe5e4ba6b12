import { useMutation } from '@tanstack/react-query';
import { ZVerifyEmailBody } from '@sunstamp/domain/contracts/auth';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { callEndpoint, sendEndpoint } from '../../../lib/api/endpoint.ts';

/** POST /auth/verify-email/ {key}: confirms the address the link was sent to. */
const verifyEmailEndpoint = sendEndpoint('POST', { path: () => '/auth/verify-email/', body: ZVerifyEmailBody, response: ZOk, auth: false });

export const verifyEmail = (key: string) => callEndpoint(verifyEmailEndpoint, undefined, { key });

/** The page shows the result itself, so no toast. */
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail, meta: { silentError: true } });
