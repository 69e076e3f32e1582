import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { refreshCampaigns } from './campaigns';
import { campaignKey } from './campaign';

/**
 * `POST /api/campaigns/{id}/schedule {version, scheduledAt}`: `scheduledAt` is RFC 3339 in UTC
 * (the founder picks a local time; schedule-time.ts converts it). The dispatcher starts it then,
 * with the audience of that moment.
 */
export function useScheduleCampaign(id: string) {
  return useSWRMutation(
    useUserKey(campaignKey(id)),
    ([path]: UserKey, { arg }: { arg: { version: number; scheduledAt: string } }) =>
      api<Campaign>(`${path}/schedule`, { method: 'POST', body: { version: arg.version, scheduledAt: arg.scheduledAt } }),
    { populateCache: true, revalidate: false, onSuccess: () => void refreshCampaigns() },
  );
}
