import useSWR from 'swr';
import { fetcher } from '@/lib/api-client';

export type Plan = {
  key: 'standard' | 'pro';
  name: string;
  price_id: string;
  value_usd: number;
  description: string;
  features: string[];
  trial_days: number;
};

/** The plans on sale: one configuration for /pricing and the landing page. */
export function usePlans() {
  return useSWR<{ plans: Plan[]; trialDays: number }>('/check-subscription/plans', fetcher, { revalidateOnFocus: false });
}
