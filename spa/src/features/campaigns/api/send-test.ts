import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { campaignKey } from './campaign';

/** `POST /api/campaigns/{id}/test`: the saved campaign, subject prefixed [Test], to the founder's own address. */
export function useSendTest(id: string) {
  return useSWRMutation(useUserKey(`${campaignKey(id)}/test`), ([path]: UserKey) => api<{ sentTo: string }>(path, { method: 'POST' }), {
    revalidate: false,
  });
}
