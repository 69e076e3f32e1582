import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Mapping } from '../types';
import { importPath, type ImportAnswer } from './import-job';

/** Nothing, for the first read; a changed mapping or matching option for a re-read. */
export type ReadOptions = { mapping?: Mapping; gmailDots?: boolean };

/** `POST /api/leads/imports/{id}/read` → 202: the import, back to `reading`. */
export function readImport(id: string, body: ReadOptions = {}) {
  return api<ImportAnswer>(`${importPath(id)}/read`, { method: 'POST', body });
}

/** Reads the import again with a changed column mapping or Gmail option; the answer replaces the cached import. */
export function useReadImport(id: string) {
  return useSWRMutation(useUserKey(importPath(id)), ([path]: UserKey, { arg }: { arg: Required<ReadOptions> }) => api<ImportAnswer>(`${path}/read`, { method: 'POST', body: arg }), {
    populateCache: true,
    revalidate: false,
  });
}
