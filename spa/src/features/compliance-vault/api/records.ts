import useSWRInfinite from 'swr/infinite';
import { useAuth } from '@/features/auth/auth-context';
import { ApiError } from '@/lib/api-client';
import { userFetcher, userKey } from '@/lib/user-cache';
import { recordsPath } from '../filters';
import type { RecordFilters, RecordsPage } from '../types';

/** The vault is Pro: every records route answers 402 otherwise (an upgrade prompt, never an error toast). */
export function isProRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 402;
}

/** Retries network trouble, never a plan without the vault or a missing record. */
export const shouldRetry = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

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
