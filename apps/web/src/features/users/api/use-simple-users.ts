import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSimpleUser } from '@sunstamp/domain/contracts/users';
import type { Role } from '@sunstamp/domain/roles';
import { apiClient } from '../../../lib/api-client.ts';

export type SimpleUser = z.infer<typeof ZSimpleUser>;

/** GET /users?simplify_users=true: id, name, email and role only (for pickers). */
export const fetchSimpleUsers = (roles: readonly Role[], signal?: AbortSignal) =>
  apiClient.get<SimpleUser[]>('/users', {
    query: { simplify_users: 'true', include_self: 'true', role: roles.join(','), account_status: 'active' },
    signal,
  });

export const simpleUsersQueryOptions = (roles: readonly Role[]) =>
  queryOptions({
    queryKey: ['users', 'simple', [...roles].sort().join(',')] as const,
    queryFn: ({ signal }) => fetchSimpleUsers(roles, signal),
    staleTime: 5 * 60_000,
  });

export function useSimpleUsers(roles: readonly Role[], enabled = true) {
  return useQuery({ ...simpleUsersQueryOptions(roles), enabled });
}
