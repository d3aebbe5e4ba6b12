import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZUserListItem, ZUsersQuery } from '@sunstamp/domain/contracts/users';
import { apiClient } from '../../../lib/api-client.ts';

export type UsersQuery = z.input<typeof ZUsersQuery>;
export type UserListItem = z.infer<typeof ZUserListItem>;

export const usersQueryKey = (q: UsersQuery = {}) => ['users', 'list', q] as const;

/** GET /users (staff and company admins): the full list items (never simplify_users here). */
export const fetchUsers = (q: UsersQuery, signal?: AbortSignal) =>
  apiClient.get<UserListItem[]>('/users', { query: { ...q, simplify_users: undefined }, signal });

export const usersQueryOptions = (q: UsersQuery) =>
  queryOptions({
    queryKey: usersQueryKey(q),
    queryFn: ({ signal }) => fetchUsers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: UsersQuery, enabled = true) {
  return useQuery({ ...usersQueryOptions(q), enabled });
}
