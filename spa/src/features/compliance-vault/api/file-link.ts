import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import { userFetcher } from '@/lib/user-cache';
import { recordPath } from './record';

export type FileLink = { url: string; name: string; contentType: string; sha256: string; expiresIn: number };

const linkPath = (recordId: string, index: number, inline: boolean) => `${recordPath(recordId)}/files/${index}${inline ? '?inline=true' : ''}`;

/**
 * `GET /api/compliance-vault/records/{id}/files/{index}?inline=`: a 5-minute link to one of
 * the record's files, shown inline (previews) or as a download.
 */
export function fetchFileLink(recordId: string, index: number, inline = false) {
  return api<FileLink>(linkPath(recordId, index, inline));
}

/** The preview link of a file, read once while the record is open (it lives 5 minutes). */
export function usePreviewLink(recordId: string | null, index: number | null) {
  return useSWR<FileLink>(useUserKey(recordId !== null && index !== null ? linkPath(recordId, index, true) : null), userFetcher, {
    revalidateOnFocus: false,
    // Opened again within 4 minutes: the same link; later (it lives 5), a fresh one.
    dedupingInterval: 4 * 60_000,
    shouldRetryOnError: shouldRetry,
  });
}
