import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateUserBody, ZUserListItem } from '@sunstamp/domain/contracts/users';
import { callEndpoint, sendEndpoint, type BodyOf } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

/** POST /users: invite a user (they get a link to set a password). */
const createUserEndpoint = sendEndpoint('POST', { path: () => '/users', body: ZCreateUserBody, response: ZUserListItem });
export type CreateUserBody = BodyOf<typeof createUserEndpoint>;

export const createUser = (body: CreateUserBody) => callEndpoint(createUserEndpoint, undefined, body);

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
