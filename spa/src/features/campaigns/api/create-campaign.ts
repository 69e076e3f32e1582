import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { CAMPAIGNS_KEY } from './campaigns';
import { storeCampaign } from './campaign';

/** `POST /api/campaigns {template?}`: a new draft from a starter template, or blank (null). */
export function useCreateCampaign() {
  return useSWRMutation(useUserKey(CAMPAIGNS_KEY), async (_key: UserKey, { arg }: { arg: { template: string | null } }) => {
    const campaign = await api<Campaign>('/campaigns', { method: 'POST', body: arg.template ? { template: arg.template } : {} });
    await storeCampaign(campaign);
    return campaign;
  });
}
