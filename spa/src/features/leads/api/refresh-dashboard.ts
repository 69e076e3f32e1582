import { mutate } from 'swr';
import { PROFILE_KEY } from '@/features/profiles/api/profile';
import { isUserKey, mutateUserKey } from '@/lib/user-cache';
import { LEAD_FUNNEL_KEY } from './funnel';
import { LEAD_STATS_KEY, LEAD_TRENDS_KEY, RECENT_LEADS_KEY } from './leads';

/*
 * A founder's changes to one lead (PATCH and DELETE /api/leads/{id}) are made only on the
 * leads page, so their hooks live apart from the dashboard's queries in ./leads (which the
 * first download carries).
 */

/** After a lead changed or went away, the dashboard figures, the charts (any form) and the funnel are re-read. */
export async function refreshDashboard() {
  await Promise.all([
    mutateUserKey(RECENT_LEADS_KEY),
    mutateUserKey(LEAD_STATS_KEY),
    mutateUserKey(PROFILE_KEY),
    mutateUserKey(LEAD_FUNNEL_KEY),
    mutate((key) => isUserKey(key) && key[0].startsWith(LEAD_TRENDS_KEY)),
  ]);
}
