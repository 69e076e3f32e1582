import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { segmentBody } from '../segment';
import type { Campaign, CampaignContent, Segment } from '../types';
import { refreshCampaigns } from './campaigns';
import { campaignKey } from './campaign';

export type CampaignEdit = {
  version: number;
  content: CampaignContent;
  segment: Segment;
  /** The campaign as it was saved before: its rendered subject still holds if the subject did not change. */
  saved: Pick<Campaign, 'subject' | 'listedSubject'>;
};

/**
 * The saved campaign with its subject as investors read it (`listedSubject`): only
 * `GET /api/campaigns/{id}` renders it, so after a change of subject it is read again there.
 */
async function withListedSubject(path: string, campaign: Campaign, before: CampaignEdit['saved']): Promise<Campaign> {
  if (campaign.listedSubject !== undefined) return campaign;
  if (campaign.subject === before.subject && before.listedSubject !== undefined) return { ...campaign, listedSubject: before.listedSubject };
  // Saved either way: a failed read, or one of a campaign changed since, leaves the raw subject.
  const read = await api<Campaign>(path).catch(() => campaign);
  return read.version === campaign.version ? read : campaign;
}

/**
 * `PUT /api/campaigns/{id}`: saves a draft edited from `version`. A 409 means it changed
 * elsewhere (another tab, a send) since it was opened: the caller offers to reload it.
 */
export function useUpdateCampaign(id: string) {
  return useSWRMutation(
    useUserKey(campaignKey(id)),
    async ([path]: UserKey, { arg }: { arg: CampaignEdit }) => {
      const campaign = await api<Campaign>(path, { method: 'PUT', body: { version: arg.version, ...arg.content, segment: segmentBody(arg.segment) } });
      return withListedSubject(path, campaign, arg.saved);
    },
    {
      populateCache: true,
      revalidate: false,
      onSuccess: () => void refreshCampaigns(),
    },
  );
}
