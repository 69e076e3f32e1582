import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import type { OfferingState } from '../types';

/** `GET /api/compliance-vault/offering`: the status, whether forms take interest, and the notice investors see. */
export const OFFERING_KEY = '/compliance-vault/offering';

export function useOffering() {
  return useSWR<OfferingState>(useUserKey(OFFERING_KEY), userFetcher);
}
