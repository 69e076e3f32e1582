import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { VerifyReport } from '../types';

/**
 * `POST /api/compliance-vault/verify`: re-hashes every file and walks the chain; answers
 * 'Verified: N records, chain intact' or the first record that fails (429 when asked too often).
 */
export function useVerifyVault() {
  return useSWRMutation(useUserKey('/compliance-vault/verify'), ([path]: UserKey) => api<VerifyReport>(path, { method: 'POST' }));
}
