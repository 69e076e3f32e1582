import useSWR from 'swr';
import { fetcher } from '@/lib/api-client';

export type ReferralStatus = 'signed_up' | 'on_trial' | 'paying';

export type RewardsOverview = {
  code: string;
  link: string;
  referrals: { name: string; status: ReferralStatus; joinedAt: string }[];
  rewards: { name: string; plan: string; usd: number; creditedAt: string; credit: 'credited' | 'pending' }[];
  totals: { referred: number; onTrial: number; paying: number; freeMonths: number; creditUsd: number };
};

export function useRewards() {
  return useSWR<RewardsOverview>('/rewards', fetcher);
}
