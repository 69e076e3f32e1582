import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import { isUserKey, type UserKey } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { CAMPAIGNS_KEY } from './campaigns';
import { campaignKey, storeCampaign } from './campaign';
import { resultsKeyPrefix } from './results';

/** `POST /api/campaigns/{id}/cancel`: a scheduled, sending or paused campaign stops; recipients not yet sent never are. */
export function useCancelCampaign() {
  return useSWRMutation(useUserKey(CAMPAIGNS_KEY), async (_key: UserKey, { arg }: { arg: { id: string } }) => {
    const campaign = await api<Campaign>(`${campaignKey(arg.id)}/cancel`, { method: 'POST' });
    await storeCampaign(campaign);
    const prefix = resultsKeyPrefix(arg.id);
    await mutate((key) => isUserKey(key) && key[0].startsWith(prefix));
    return campaign;
  });
}
