import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { mutateUserKey, type UserKey } from '@/lib/user-cache';
import { POPULAR_QUESTIONS_KEY } from './popular-questions';

/** Spec 3: a chat message. */
export type ChatMessage = { role: 'user' | 'assistant'; content: string };

/** Spec 7: where the question was asked from. */
export type ChatContext = { currentPage: string; userAgent: string };

/** Spec 8. */
export const AI_RESPONSE_FAILED = 'Failed to get AI response';

/** POST /api/ai-chat `{messages, context}` → `{message}` (Markdown). */
export const askSparky = (messages: ChatMessage[], context: ChatContext) =>
  api<{ message: string }>('/ai-chat', { method: 'POST', body: { messages, context } });

/**
 * Asks Sparky (the conversation so far, ending with the question) and resolves to the reply.
 * A failure is logged and shows the catalogue's toast; the server's reason is added when it is
 * one the founder can act on (too many questions in a short time).
 */
export function useAskSparky() {
  return useSWRMutation(
    useUserKey('/ai-chat'),
    async (_key: UserKey, { arg }: { arg: { messages: ChatMessage[]; context: ChatContext } }) => {
      const { message } = await askSparky(arg.messages, arg.context);
      if (typeof message !== 'string' || message.trim() === '') throw new Error('empty reply from ai-chat');
      return message;
    },
    {
      onSuccess: () => {
        // The question may have made the popular list.
        void mutateUserKey(POPULAR_QUESTIONS_KEY);
      },
      onError: (error: unknown) => {
        console.error(AI_RESPONSE_FAILED, error);
        const description = error instanceof ApiError && error.status === 429 ? error.message : undefined;
        toast.error(AI_RESPONSE_FAILED, { id: 'ai-chat-failed', description });
      },
    },
  );
}
