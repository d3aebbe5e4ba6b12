import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZUpdateUserBody } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';
import type { UserListItem } from './use-users.ts';

export type UpdateUserBody = z.output<typeof ZUpdateUserBody>;

/** PUT /users/:id: name, role, active flag, companies, phone. */
export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  apiClient.put<UserListItem>(`/users/${encodeURIComponent(id)}`, body);

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}
