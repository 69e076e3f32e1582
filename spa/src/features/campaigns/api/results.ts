import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import { isInFlight } from '../status';
import type { CampaignResults } from '../types';
import { campaignKey } from './campaign';
import { shouldRetry } from '@/lib/api-client';

export const resultsKeyPrefix = (id: string) => `${campaignKey(id)}/results`;

/** How often the results are read again while the campaign is being sent. */
export const RESULTS_REFRESH_MS = 2_000;

/**
 * `GET /api/campaigns/{id}/results[?after=]`: the figures and one page of 50 recipients (by
 * address; `next` is the cursor of the following page). Re-read every 2 s while sending.
 */
export function useCampaignResults(id: string | undefined, after: string | null) {
  const path = id ? `${resultsKeyPrefix(id)}${after ? `?after=${encodeURIComponent(after)}` : ''}` : null;
  return useSWR<CampaignResults>(useUserKey(path), userFetcher, {
    keepPreviousData: true,
    shouldRetryOnError: shouldRetry,
    refreshInterval: (data) => (data && isInFlight(data.campaign.status) ? RESULTS_REFRESH_MS : 0),
    // SWR's interval refresh is deduplicated: the app-wide 30 s window would swallow it.
    dedupingInterval: RESULTS_REFRESH_MS / 2,
  });
}
