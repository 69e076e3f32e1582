import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import type { Sender } from '../types';
import { shouldRetry } from '@/lib/api-client';

export const SENDER_KEY = '/campaigns/sender';

/** `GET /api/campaigns/sender`: the company name and postal address (empty strings until set). */
export function useSender(enabled = true) {
  return useSWR<Sender>(useUserKey(enabled ? SENDER_KEY : null), userFetcher, { shouldRetryOnError: shouldRetry, revalidateOnFocus: true });
}

export function senderComplete(sender: Sender | undefined): boolean {
  return Boolean(sender?.companyName.trim() && sender.postalAddress.trim());
}
