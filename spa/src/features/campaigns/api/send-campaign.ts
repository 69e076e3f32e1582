import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Campaign } from '../types';
import { refreshCampaigns } from './campaigns';
import { campaignKey } from './campaign';

/**
 * `POST /api/campaigns/{id}/send {version}`: starts sending the draft as saved at `version`.
 * 400 `sender_required` without the sender identity, `empty_audience` with no one to send to;
 * 409 when it changed or is no longer a draft.
 */
export function useSendCampaign(id: string) {
  return useSWRMutation(
    useUserKey(campaignKey(id)),
    ([path]: UserKey, { arg }: { arg: { version: number } }) => api<Campaign>(`${path}/send`, { method: 'POST', body: { version: arg.version } }),
    { populateCache: true, revalidate: false, onSuccess: () => void refreshCampaigns() },
  );
}
