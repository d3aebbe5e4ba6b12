import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZActiveUserList, ZGroupBody, ZShiftLog, type GroupBodyInput } from '@sunstamp/domain/contracts/staff';
import { ZContactMessageList, ZDemoRequestList } from '@sunstamp/domain/contracts/contact';
import { ZGroup, ZSupportContact, ZCompanyRef } from '@sunstamp/domain/contracts/users';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from '../../../lib/api/endpoint.ts';
import { queryKeys } from '../../../lib/api/query-keys.ts';

const groupsEndpoint = getEndpoint(z.array(ZGroup), () => '/groups');
const createGroupEndpoint = sendEndpoint('POST', { path: () => '/groups', body: ZGroupBody, response: ZGroup });
const updateGroupEndpoint = sendEndpoint('PUT', { path: (id: string) => `/groups/${seg(id)}`, body: ZGroupBody, response: ZGroup });
const deleteGroupEndpoint = sendEndpoint('DELETE', { path: (id: string) => `/groups/${seg(id)}`, body: null, response: z.null() });
const contactsEndpoint = getEndpoint(z.array(z.object({ company: ZCompanyRef, contact: ZSupportContact })), () => '/companies/contacts');
const activeEndpoint = getEndpoint(ZActiveUserList, () => '/users/active');
type ShiftQuery = { start_date?: string; end_date?: string; user_id?: string };
const shiftsEndpoint = getEndpoint(ZShiftLog, () => '/shifts', (q: ShiftQuery) => ({ ...q }));

export const useGroups = () => useQuery({ queryKey: queryKeys.groups.list(), queryFn: ({ signal }) => fetchEndpoint(groupsEndpoint, undefined, signal) });

/** POST /groups or PUT /groups/{id} (admin); the analytics group picker shares the key and refreshes too. */
export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id?: string; body: GroupBodyInput }) =>
      v.id ? callEndpoint(updateGroupEndpoint, v.id, v.body) : callEndpoint(createGroupEndpoint, undefined, v.body),
    meta: { silentError: true },
    onSuccess: async () => { await qc.invalidateQueries({ queryKey: queryKeys.groups.all }); },
  });
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteGroupEndpoint, id),
    onSuccess: async () => { await qc.invalidateQueries({ queryKey: queryKeys.groups.all }); },
  });
}

export const useSupportContacts = () =>
  useQuery({ queryKey: queryKeys.companies.contacts(), queryFn: ({ signal }) => fetchEndpoint(contactsEndpoint, undefined, signal) });

/** Who is on shift now; refreshed every minute while the tab is open. */
export const useActiveUsers = () =>
  useQuery({ queryKey: queryKeys.staff.active(), queryFn: ({ signal }) => fetchEndpoint(activeEndpoint, undefined, signal), refetchInterval: 60_000 });

export const useShiftLog = (q: ShiftQuery) =>
  useQuery({ queryKey: queryKeys.staff.shifts(q), queryFn: ({ signal }) => fetchEndpoint(shiftsEndpoint, q, signal), placeholderData: (prev) => prev });

/** What arrives from the public site, newest first: the Contact us form and the demo requests. */
export const INBOUND_PAGE_SIZE = 20;
const contactMessagesEndpoint = getEndpoint(ZContactMessageList, () => '/contact-messages', (page: number) => ({ page, page_size: INBOUND_PAGE_SIZE }));
const demoRequestsEndpoint = getEndpoint(ZDemoRequestList, () => '/demo-requests', (page: number) => ({ page, page_size: INBOUND_PAGE_SIZE }));

export const useContactMessages = (page: number) =>
  useQuery({ queryKey: queryKeys.staff.contactMessages(page), queryFn: ({ signal }) => fetchEndpoint(contactMessagesEndpoint, page, signal), placeholderData: (prev) => prev });
export const useDemoRequests = (page: number) =>
  useQuery({ queryKey: queryKeys.staff.demoRequests(page), queryFn: ({ signal }) => fetchEndpoint(demoRequestsEndpoint, page, signal), placeholderData: (prev) => prev });
