import useSWR, { mutate } from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { shouldRetry } from '@/lib/api-client';
import { isUserKey, userFetcher } from '@/lib/user-cache';
import type { InvestorsPage } from '../types';

export const INVESTMENTS_KEY = '/leads/investments';

/** The path of one page of the investors of the applied imports who match no lead. */
export function unmatchedPath(cursor: string | null): string {
  const params = new URLSearchParams({ matched: 'false' });
  if (cursor) params.set('cursor', cursor);
  return `${INVESTMENTS_KEY}?${params.toString()}`;
}

/**
 * `GET /api/leads/investments?matched=false&cursor=`: investors of the applied imports who
 * match no lead (they came straight to the portal), a page at a time (`next` is the cursor).
 */
export function useUnmatchedInvestors(cursor: string | null) {
  return useSWR<InvestorsPage>(useUserKey(unmatchedPath(cursor)), userFetcher, {
    shouldRetryOnError: shouldRetry,
    keepPreviousData: true,
    revalidateOnMount: true,
    dedupingInterval: 2_000,
  });
}

/** After an import is applied: every page of investments is read again. */
export const refreshInvestments = () => mutate((key) => isUserKey(key) && key[0].startsWith(INVESTMENTS_KEY));
