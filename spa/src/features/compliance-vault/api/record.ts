import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { VaultRecord } from '../types';
import { shouldRetry } from '@/lib/api-client';

export const recordPath = (id: string) => `/compliance-vault/records/${encodeURIComponent(id)}`;

/**
 * `GET /api/compliance-vault/records/{id}`: one record, with the newer record that superseded it.
 * Opened from the list (`fallbackData`, the same record as the list has it), it is not read
 * again; a deep link reads it, and `refreshRecord` re-reads it after a supersede.
 */
export function useVaultRecord(id: string | null, fallbackData?: VaultRecord) {
  return useSWR<VaultRecord>(useUserKey(id ? recordPath(id) : null), userFetcher, {
    fallbackData,
    revalidateIfStale: fallbackData === undefined,
    shouldRetryOnError: shouldRetry,
  });
}

/** Re-reads a record (e.g. the one a new upload just superseded). */
export const refreshRecord = (id: string) => mutateUserKey(recordPath(id));
