import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { shouldRetry } from '@/lib/api-client';

export const campaignKey = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

/** `GET /api/campaigns/{id}`: one of the founder's campaigns (404 for anyone else's). */
export function useCampaign(id: string | undefined) {
  return useSWR<Campaign>(useUserKey(id ? campaignKey(id) : null), userFetcher, {
    revalidateOnFocus: false,
    shouldRetryOnError: shouldRetry,
  });
}

/** Puts a campaign the server answered with into the cache (no second request). */
export const storeCampaign = (campaign: Campaign) => mutateUserKey(campaignKey(campaign.id), campaign, { revalidate: false });
