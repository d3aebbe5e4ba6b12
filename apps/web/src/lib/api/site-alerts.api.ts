import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZSiteAlertAdmin, ZSiteAlertBody, ZSiteAlertList, type SiteAlertBodyInput } from '@sunstamp/domain/contracts/site-alerts';
import { callEndpoint, fetchEndpoint, getEndpoint, seg, sendEndpoint } from './endpoint.ts';
import { queryKeys } from './query-keys.ts';

const listEndpoint = getEndpoint(ZSiteAlertList, () => '/site-alerts');
const createEndpoint = sendEndpoint('POST', { path: () => '/site-alerts', body: ZSiteAlertBody, response: ZSiteAlertAdmin });
const updateEndpoint = sendEndpoint('PUT', { path: (id: string) => `/site-alerts/${seg(id)}`, body: ZSiteAlertBody, response: ZSiteAlertAdmin });
const expireEndpoint = sendEndpoint('POST', { path: (id: string) => `/site-alerts/${seg(id)}/expire`, body: null, response: ZSiteAlertAdmin });
const deleteEndpoint = sendEndpoint('DELETE', { path: (id: string) => `/site-alerts/${seg(id)}`, body: null, response: z.null() });
const dismissEndpoint = sendEndpoint('POST', { path: (id: string) => `/site-alerts/${seg(id)}/dismiss`, body: null, response: z.null() });

/** GET /site-alerts (admin): every alert with its status. */
export function useSiteAlerts() {
  return useQuery({ queryKey: queryKeys.siteAlerts.list(), queryFn: ({ signal }) => fetchEndpoint(listEndpoint, undefined, signal) });
}

/** A change to an alert refreshes the admin list and /users/me, where the banners come from. */
const refreshAlerts = (qc: QueryClient) =>
  Promise.all([qc.invalidateQueries({ queryKey: queryKeys.siteAlerts.all }), qc.invalidateQueries({ queryKey: queryKeys.me() })]);

function useAlertMutation<V>(fn: (v: V) => Promise<unknown>, silentError = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: silentError ? { silentError: true } : undefined,
    onSuccess: () => refreshAlerts(qc),
  });
}

/** POST /site-alerts or PUT /site-alerts/{id} (admin); field errors are shown beside the fields. */
export const useSaveSiteAlert = () =>
  useAlertMutation((v: { id?: string; body: SiteAlertBodyInput }) =>
    v.id ? callEndpoint(updateEndpoint, v.id, v.body) : callEndpoint(createEndpoint, undefined, v.body), true);

/** POST /site-alerts/{id}/expire (admin). */
export const useExpireSiteAlert = () => useAlertMutation((id: string) => callEndpoint(expireEndpoint, id));

/** DELETE /site-alerts/{id} (admin). */
export const useDeleteSiteAlert = () => useAlertMutation((id: string) => callEndpoint(deleteEndpoint, id));

/**
 * POST /site-alerts/{id}/dismiss: closes a banner for the signed-in person on every device. A plain
 * function: the banners (components/site-alerts.tsx) load this module on the first close, so
 * signed-in pages do not wait for it and the contracts' schemas.
 */
export async function dismissSiteAlert(id: string, qc: QueryClient) {
  await callEndpoint(dismissEndpoint, id);
  await refreshAlerts(qc);
}
