import { api } from '@/lib/api-client';
import type { SubscriptionEntry } from '../subscription-status';

export type CheckResponse = { active: boolean; subscribed: boolean; onTrial: boolean; subscriptions: SubscriptionEntry[] };

export const checkSubscriptionRequest = (priceId?: string) =>
  api<CheckResponse>('/check-subscription', { method: 'POST', body: priceId ? { priceId } : {} });
