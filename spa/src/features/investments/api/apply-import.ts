import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Choices } from '../suggestions';
import { importPath, type ImportAnswer } from './import-job';
import { refreshImports } from './imports';

/**
 * `POST /api/leads/imports/{id}/apply {confirmed}` → 202: the import, now `applying` (only from
 * `ready`). `confirmed` names the lead the founder chose for each suggested investor.
 */
export function useApplyImport(id: string) {
  return useSWRMutation(
    useUserKey(importPath(id)),
    ([path]: UserKey, { arg }: { arg: { confirmed: Choices } }) => api<ImportAnswer>(`${path}/apply`, { method: 'POST', body: arg }),
    { populateCache: true, revalidate: false, onSuccess: () => void refreshImports() },
  );
}
