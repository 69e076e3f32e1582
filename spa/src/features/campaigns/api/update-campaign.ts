import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { segmentBody } from '../segment';
import type { Campaign, CampaignContent, Segment } from '../types';
import { refreshCampaigns } from './campaigns';
import { campaignKey } from './campaign';

export type CampaignEdit = { version: number; content: CampaignContent; segment: Segment };

/**
 * `PUT /api/campaigns/{id}`: saves a draft edited from `version`. A 409 means it changed
 * elsewhere (another tab, a send) since it was opened: the caller offers to reload it.
 */
export function useUpdateCampaign(id: string) {
  return useSWRMutation(
    useUserKey(campaignKey(id)),
    ([path]: UserKey, { arg }: { arg: CampaignEdit }) =>
      api<Campaign>(path, { method: 'PUT', body: { version: arg.version, ...arg.content, segment: segmentBody(arg.segment) } }),
    {
      populateCache: true,
      revalidate: false,
      onSuccess: () => void refreshCampaigns(),
    },
  );
}
