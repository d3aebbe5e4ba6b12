import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZCreateUserBody } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';
import type { UserListItem } from './use-users.ts';

export type CreateUserBody = z.output<typeof ZCreateUserBody>;

/** POST /users: invite a user (they get a link to set a password). */
export const createUser = (body: CreateUserBody) => apiClient.post<UserListItem>('/users', body);

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
