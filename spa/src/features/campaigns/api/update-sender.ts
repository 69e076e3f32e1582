import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Sender } from '../types';
import { SENDER_KEY } from './sender';

/** `PUT /api/campaigns/sender`: both are required (CAN-SPAM); refused inside a support session (403). */
export function useUpdateSender() {
  return useSWRMutation(useUserKey(SENDER_KEY), ([path]: UserKey, { arg }: { arg: Sender }) => api<Sender>(path, { method: 'PUT', body: arg }), {
    populateCache: true,
    revalidate: false,
  });
}
