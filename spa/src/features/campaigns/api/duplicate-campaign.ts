import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { CAMPAIGNS_KEY } from './campaigns';
import { campaignKey, storeCampaign } from './campaign';

/** `POST /api/campaigns/{id}/duplicate`: a new draft with the same content and audience. */
export function useDuplicateCampaign() {
  return useSWRMutation(useUserKey(CAMPAIGNS_KEY), async (_key: UserKey, { arg }: { arg: { id: string } }) => {
    const copy = await api<Campaign>(`${campaignKey(arg.id)}/duplicate`, { method: 'POST' });
    await storeCampaign(copy);
    return copy;
  });
}
