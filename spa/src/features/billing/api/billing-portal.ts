import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';

/** `POST /api/billing-portal`: the provider's page where a subscriber manages their plan. */
export function useBillingPortal() {
  return useSWRMutation(useUserKey('/billing-portal'), ([path]: UserKey) => api<{ url: string }>(path, { method: 'POST' }), { revalidate: false });
}
