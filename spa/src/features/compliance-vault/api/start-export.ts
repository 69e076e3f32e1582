import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';

export type ExportLink = { url: string; expiresAt: string; records: number; files: number };

/**
 * `POST /api/compliance-vault/exports {include}`: a 10-minute link to the Form C exhibit pack
 * (every testing-the-waters record, plus the chosen uploads), which the browser downloads itself.
 */
export function useStartExport() {
  return useSWRMutation(useUserKey('/compliance-vault/exports'), ([path]: UserKey, { arg }: { arg: { include: string[] } }) =>
    api<ExportLink>(path, { method: 'POST', body: arg }),
  );
}
