import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZUserListItem, type ZUsersQuery } from '@sunstamp/domain/contracts/users';
import { queryKeys } from '../../../lib/api/query-keys.ts';
import { fetchEndpoint, getEndpoint } from '../../../lib/api/endpoint.ts';

export type UsersQuery = z.input<typeof ZUsersQuery>;
export type UserListItem = z.infer<typeof ZUserListItem>;

/** GET /users (staff and company admins): the full list items (never simplify_users here). */
const usersEndpoint = getEndpoint(ZUserListItem.array(), (_q: UsersQuery) => '/users', (q) => ({ ...q, simplify_users: undefined }));
export const fetchUsers = (q: UsersQuery, signal?: AbortSignal) => fetchEndpoint(usersEndpoint, q, signal);

export const usersQueryOptions = (q: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(q),
    queryFn: ({ signal }) => fetchUsers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: UsersQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(q), enabled });
}
