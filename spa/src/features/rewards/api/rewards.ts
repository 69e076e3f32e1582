import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export type ReferralStatus = 'signed_up' | 'on_trial' | 'paying';

export type RewardsOverview = {
  code: string;
  link: string;
  referrals: { name: string; status: ReferralStatus; joinedAt: string }[];
  rewards: { name: string; plan: string; usd: number; creditedAt: string; credit: 'credited' | 'pending' }[];
  totals: { referred: number; onTrial: number; paying: number; freeMonths: number; creditUsd: number };
};

export function useRewards() {
  return useSWR<RewardsOverview>(useUserKey('/rewards'), userFetcher);
}
