import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** Where a person answers: the chat's contact strip (spec 2). `sms` is null when not offered. */
export type ChatContact = { email: string; sms: string | null };

/** GET /api/ai-chat/contact. Configuration: read once per session. */
export function useChatContact() {
  return useSWR<ChatContact>(useUserKey('/ai-chat/contact'), userFetcher, {
    revalidateIfStale: false,
    onError: (error: unknown) => console.error('chat contact not loaded', error),
  });
}
