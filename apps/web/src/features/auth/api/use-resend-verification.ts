import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZOk } from '@sunstamp/domain/contracts/common';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /auth/verify-email/resend/: mails the verification link again (signed in). */
export const resendVerification = () => apiClient.post<z.infer<typeof ZOk>>('/auth/verify-email/resend/');

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
