import { mutate } from 'swr';
import { PROFILE_KEY } from '@/features/profiles/api/profile';
import { api } from '@/lib/api-client';
import { isUserKey, mutateUserKey } from '@/lib/user-cache';
import { LEAD_STATS_KEY, LEAD_TRENDS_KEY, RECENT_LEADS_KEY, type Temperature } from './leads';

/*
 * A founder's changes to one lead (PATCH and DELETE /api/leads/{id}). Only the leads page
 * makes them, so they live apart from the dashboard's queries in ./leads (which the first
 * download carries).
 */

/** After a lead changed or went away, the dashboard figures and the charts (any form) are re-read. */
async function refreshDashboard() {
  await Promise.all([
    mutateUserKey(RECENT_LEADS_KEY),
    mutateUserKey(LEAD_STATS_KEY),
    mutateUserKey(PROFILE_KEY),
    mutate((key) => isUserKey(key) && key[0].startsWith(LEAD_TRENDS_KEY)),
  ]);
}

export const setLeadStatus = (id: string, status: Temperature) =>
  api<{ id: string; temperature: Temperature }>(`/leads/${id}`, { method: 'PATCH', body: { status } }).then(async (result) => {
    void refreshDashboard();
    return result;
  });

export const deleteLead = (id: string) =>
  api<void>(`/leads/${id}`, { method: 'DELETE' }).then(() => {
    void refreshDashboard();
  });
