import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZSimpleUser } from '@sunstamp/domain/contracts/users';
import type { Role } from '@sunstamp/domain/roles';
import { fetchEndpoint, getEndpoint } from './endpoint.ts';
import { queryKeys } from './query-keys.ts';

export type SimpleUser = z.infer<typeof ZSimpleUser>;

/** GET /users?simplify_users=true: id, name, email and role only (for pickers). */
const simpleUsersEndpoint = getEndpoint(
  ZSimpleUser.array(),
  (_roles: readonly Role[]) => '/users',
  (roles) => ({ simplify_users: 'true', include_self: 'true', role: roles.join(','), account_status: 'active' }),
);

export const fetchSimpleUsers = (roles: readonly Role[], signal?: AbortSignal) => fetchEndpoint(simpleUsersEndpoint, roles, signal);

export const simpleUsersQueryOptions = (roles: readonly Role[]) =>
  queryOptions({
    queryKey: queryKeys.users.simple(roles),
    queryFn: ({ signal }) => fetchSimpleUsers(roles, signal),
    staleTime: 5 * 60_000,
  });

export function useSimpleUsers(roles: readonly Role[], enabled = true) {
  return useQuery({ ...simpleUsersQueryOptions(roles), enabled });
}
