import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZPasswordResetConfirm, ZPasswordResetRequest } from '@sunstamp/domain/contracts/auth';
import type { ZOk } from '@sunstamp/domain/contracts/common';
import { apiClient } from '../../../lib/api-client.ts';

type Ok = z.infer<typeof ZOk>;

/** POST /auth/password-reset/: mails a single-use link (the answer never says whether the account exists). */
export const requestPasswordReset = (body: z.output<typeof ZPasswordResetRequest>) =>
  apiClient.post<Ok>('/auth/password-reset/', body, { auth: false });

/** POST /auth/password-reset/confirm/: sets the new password from the link's uid and token. */
export const confirmPasswordReset = (body: z.output<typeof ZPasswordResetConfirm>) =>
  apiClient.post<Ok>('/auth/password-reset/confirm/', body, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
