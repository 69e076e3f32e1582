import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { ImportsOverview } from '../types';

export const IMPORTS_KEY = '/leads/imports';

/**
 * `GET /api/leads/imports`: the founder's imports (newest first, without preview), each
 * portal's applied import, the upload limits and the portals to choose from.
 */
export function useImports() {
  return useSWR<ImportsOverview>(useUserKey(IMPORTS_KEY), userFetcher, {
    shouldRetryOnError: shouldRetry,
    revalidateOnMount: true,
    dedupingInterval: 2_000,
  });
}

/** Re-reads the list (a new import, or one that changed status). */
export const refreshImports = () => mutateUserKey(IMPORTS_KEY);
