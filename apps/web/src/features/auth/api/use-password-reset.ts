import { useMutation } from '@tanstack/react-query';
import { ZPasswordResetConfirm, ZPasswordResetConfirmAnswer, ZPasswordResetRequest } from '@sunstamp/domain/contracts/auth';
import { ZOk } from '@sunstamp/domain/contracts/common';
import { callEndpoint, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';

/** POST /auth/password-reset/: mails a single-use link (the answer never says whether the account exists). */
const requestResetEndpoint = sendEndpoint('POST', { path: () => '/auth/password-reset/', body: ZPasswordResetRequest, response: ZOk, auth: false });
/** POST /auth/password-reset/confirm/: sets the new password from the link's uid and token (a first one from an invitation). */
const confirmResetEndpoint = sendEndpoint('POST', {
  path: () => '/auth/password-reset/confirm/', body: ZPasswordResetConfirm, response: ZPasswordResetConfirmAnswer, auth: false,
});

export const requestPasswordReset = (body: BodyOf<typeof requestResetEndpoint>) => callEndpoint(requestResetEndpoint, undefined, body);

export const confirmPasswordReset = (body: BodyOf<typeof confirmResetEndpoint>) => callEndpoint(confirmResetEndpoint, undefined, body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
