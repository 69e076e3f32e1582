import useSWRInfinite from 'swr/infinite';
import { useAuth } from '@/features/auth/auth-context';
import { shouldRetry } from '@/lib/api-client';
import { userFetcher, userKey } from '@/lib/user-cache';
import { recordsPath } from '../filters';
import type { RecordFilters, RecordsPage } from '../types';

/**
 * `GET /api/compliance-vault/records`: the founder's records, newest first, 25 a page
 * (`next` → `before`), with the chain's length and the kinds and categories to filter by.
 */
export function useVaultRecords(filters: RecordFilters, { enabled = true } = {}) {
  const { user } = useAuth();
  return useSWRInfinite<RecordsPage>(
    (_index, previous: RecordsPage | null) =>
      !enabled || (previous && previous.next === null) ? null : userKey(recordsPath(filters, previous?.next), user?.id),
    userFetcher,
    { revalidateOnMount: true, dedupingInterval: 2_000, keepPreviousData: true, shouldRetryOnError: shouldRetry },
  );
}
