import { api } from '@/lib/api-client';
import type { VaultRecord } from '../types';

/**
 * `POST /api/compliance-vault/uploads/{id}/complete`: the server checks the arrived file (size,
 * type by its first bytes), hashes it, keeps it in the vault and answers the record.
 */
export function completeUpload(uploadId: string) {
  return api<VaultRecord>(`/compliance-vault/uploads/${encodeURIComponent(uploadId)}/complete`, { method: 'POST' });
}
