import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export const POPULAR_QUESTIONS_KEY = '/ai-chat/popular';

/**
 * GET /api/ai-chat/popular: up to 5 questions other founders ask most (spec 9). Read only when
 * `enabled` (the list shows once the conversation has messages); failures are only logged.
 */
export function usePopularQuestions(enabled: boolean) {
  return useSWR<{ questions: string[] }>(useUserKey(enabled ? POPULAR_QUESTIONS_KEY : null), userFetcher, {
    onError: (error: unknown) => console.error('popular questions not loaded', error),
  });
}
