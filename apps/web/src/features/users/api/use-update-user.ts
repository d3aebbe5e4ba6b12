import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateUserBody, ZUserListItem } from '@sunstamp/domain/contracts/users';
import { callEndpoint, seg, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** PUT /users/:id: name, role, active flag, companies, phone. */
const updateUserEndpoint = sendEndpoint('PUT', { path: (id: string) => `/users/${seg(id)}`, body: ZUpdateUserBody, response: ZUserListItem });
export type UpdateUserBody = BodyOf<typeof updateUserEndpoint>;

export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) => callEndpoint(updateUserEndpoint, id, body);

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
