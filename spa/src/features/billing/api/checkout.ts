import { api } from '@/lib/api-client';
import type { SubscriptionEntry } from '../subscription-status';

export type CheckResponse = { active: boolean; subscribed: boolean; onTrial: boolean; subscriptions: SubscriptionEntry[] };

export const checkSubscriptionRequest = (priceId?: string) =>
  api<CheckResponse>('/check-subscription', { method: 'POST', body: priceId ? { priceId } : {} });

export const createCheckoutSessionRequest = (body: {
  priceId: string;
  successUrl: string;
  isExtendedTrial: boolean;
  discountPercentage: number | null;
}) => api<{ url?: string }>('/create-checkout-session', { method: 'POST', body });

export const billingPortalRequest = () => api<{ url: string }>('/billing-portal', { method: 'POST' });
