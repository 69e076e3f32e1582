import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { CampaignPreview } from '../types';
import { campaignKey } from './campaign';

/**
 * `POST /api/campaigns/{id}/preview`: the saved campaign rendered by the renderer that sends,
 * for the first recipient of its audience (or a sample investor). The version is in the key, so
 * each save shows the message as saved.
 */
export function useCampaignPreview(id: string, version: number, enabled: boolean) {
  return useSWR<CampaignPreview, Error, UserKey | null>(
    useUserKey(enabled ? `${campaignKey(id)}/preview?version=${version}` : null),
    ([path]) => api<CampaignPreview>(path.slice(0, path.indexOf('?')), { method: 'POST' }),
    { revalidateOnFocus: false, shouldRetryOnError: shouldRetry, keepPreviousData: true },
  );
}
