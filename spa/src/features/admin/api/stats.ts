import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export type DayCount = { date: string; count: number };

/** Platform figures for administrators. */
export type PlatformStats = {
  users: number;
  confirmed: number;
  trialing: number;
  paying: number;
  /** Monthly recurring revenue of the paying subscriptions, in US cents. */
  mrr_cents: number;
  leads: { today: number; last_7_days: number; last_30_days: number };
  /** One entry per day (YYYY-MM-DD) for the last 30 days, oldest first. */
  signups: DayCount[];
};

export const ADMIN_STATS_KEY = '/admin/stats';

export function useAdminStats() {
  return useSWR<PlatformStats>(useUserKey(ADMIN_STATS_KEY), userFetcher, { revalidateOnMount: true });
}
