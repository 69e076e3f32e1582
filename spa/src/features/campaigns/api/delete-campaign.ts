import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { CAMPAIGNS_KEY } from './campaigns';
import { campaignKey } from './campaign';

/** `DELETE /api/campaigns/{id}`: drafts only (a sent campaign is kept as a record: 409). */
export function useDeleteCampaign() {
  return useSWRMutation(useUserKey(CAMPAIGNS_KEY), (_key: UserKey, { arg }: { arg: { id: string } }) =>
    api<void>(campaignKey(arg.id), { method: 'DELETE' }),
  );
}
