import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';

export type CheckoutRequest = {
  priceId: string;
  successUrl: string;
  isExtendedTrial: boolean;
  discountPercentage: number | null;
};

/** `POST /api/create-checkout-session`: the provider's checkout page for a plan (409 `subscription_exists` when subscribed). */
export function useCreateCheckoutSession() {
  return useSWRMutation(
    useUserKey('/create-checkout-session'),
    ([path]: UserKey, { arg }: { arg: CheckoutRequest }) => api<{ url?: string }>(path, { method: 'POST', body: arg }),
    { revalidate: false },
  );
}
