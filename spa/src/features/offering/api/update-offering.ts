import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { OfferingChange, OfferingState } from '../types';
import { OFFERING_KEY } from './offering';

/**
 * `PUT /api/compliance-vault/offering`: moves the status forward (or corrects the details).
 * 409 when changed elsewhere since it was read; 402 without a subscription.
 */
export function useUpdateOffering() {
  return useSWRMutation(useUserKey(OFFERING_KEY), ([path]: UserKey, { arg }: { arg: OfferingChange }) => api<OfferingState>(path, { method: 'PUT', body: arg }), {
    populateCache: true,
    revalidate: false,
  });
}
