import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRequestDemoBody } from '@sunstamp/domain/contracts/auth';
import type { ZOk } from '@sunstamp/domain/contracts/common';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /request-demo/: stored and mailed to staff; answers 201. */
export const requestDemo = (body: z.output<typeof ZRequestDemoBody>) =>
  apiClient.post<z.infer<typeof ZOk>>('/request-demo/', body, { auth: false });

export const useRequestDemo = () => useMutation({ mutationFn: requestDemo });
