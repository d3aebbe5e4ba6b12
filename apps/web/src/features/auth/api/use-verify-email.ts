import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZOk } from '@sunstamp/domain/contracts/common';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /auth/verify-email/ {key}: confirms the address the link was sent to. */
export const verifyEmail = (key: string) =>
  apiClient.post<z.infer<typeof ZOk>>('/auth/verify-email/', { key }, { auth: false });

/** The page shows the result itself, so no toast. */
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail, meta: { silentError: true } });
