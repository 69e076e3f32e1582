import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { Campaign } from '../types';

/** `GET /api/campaigns`: the founder's campaigns, newest first. */
export const CAMPAIGNS_KEY = '/campaigns';

export function useCampaigns({ refreshWhileSending = false } = {}) {
  return useSWR<{ campaigns: Campaign[] }>(useUserKey(CAMPAIGNS_KEY), userFetcher, {
    shouldRetryOnError: shouldRetry,
    // A campaign being sent changes its figures every few seconds.
    refreshInterval: (data) => (refreshWhileSending && data?.campaigns.some((c) => c.status === 'sending') ? 4_000 : 0),
    // The interval refresh is deduplicated: keep the window under it (the app-wide one is 30 s).
    dedupingInterval: 2_000,
  });
}

export const refreshCampaigns = () => mutateUserKey(CAMPAIGNS_KEY);
