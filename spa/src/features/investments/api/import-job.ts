import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import { isWorking } from '../status';
import type { ImportJob } from '../types';
import { IMPORTS_KEY } from './imports';

export type ImportAnswer = { import: ImportJob };

/** How often an import is read again while the server reads or applies it. */
export const IMPORT_POLL_MS = 1_000;

export const importPath = (id: string) => `${IMPORTS_KEY}/${encodeURIComponent(id)}`;

/**
 * `GET /api/leads/imports/{id}`: one import with its preview, read again every second while
 * its status is `reading` or `applying`.
 */
export function useImportJob(id: string | null) {
  return useSWR<ImportAnswer>(useUserKey(id ? importPath(id) : null), userFetcher, {
    shouldRetryOnError: shouldRetry,
    refreshInterval: (data) => (isWorking(data?.import.status) ? IMPORT_POLL_MS : 0),
    // The interval refresh is deduplicated: keep the window under it (the app-wide one is 30 s).
    dedupingInterval: IMPORT_POLL_MS / 2,
    keepPreviousData: false,
  });
}

/** Puts an answer about an import (202 of `read` or `apply`) in the cache, so the page follows it at once. */
export const setImportJob = (answer: ImportAnswer) => mutateUserKey(importPath(answer.import.id), answer, { revalidate: false });
