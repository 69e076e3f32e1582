import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/features/auth/auth-context';
import { useAskSparky } from './api/ai-chat';
import { isSendable, requestHistory, type ConversationMessage } from './conversation';

/**
 * Spec 4, Chat: messages accumulate with a loading flag while a reply is awaited. The
 * conversation lives outside React so it survives the widget being unmounted and mounted
 * again (a link in an answer leads from the app shell to the Help Center) and a reply that
 * arrives meanwhile is not lost. It belongs to one account: another user starts afresh.
 */
type Conversation = { userId: string | null; messages: ConversationMessage[]; loading: boolean };

let conversation: Conversation = { userId: null, messages: [], loading: false };
const listeners = new Set<() => void>();
let nextId = 0;

function update(next: Partial<Conversation>) {
  conversation = { ...conversation, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: Conversation = { userId: null, messages: [], loading: false };

export function useConversation() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const snapshot = useSyncExternalStore(subscribe, () => conversation);
  const current = snapshot.userId === userId ? snapshot : EMPTY;
  const { trigger } = useAskSparky();
  const { pathname } = useLocation();

  useEffect(() => {
    if (conversation.userId !== userId) update({ userId, messages: [], loading: false });
  }, [userId]);

  const ask = useCallback(
    async (messages: ConversationMessage[]) => {
      const owner = conversation.userId;
      update({ messages, loading: true });
      const question = messages[messages.length - 1]!;
      try {
        const reply = await trigger({ messages: requestHistory(messages), context: { currentPage: pathname, userAgent: navigator.userAgent } });
        if (conversation.userId !== owner) return;
        update({ messages: [...conversation.messages, { id: `m${++nextId}`, role: 'assistant', content: reply }], loading: false });
      } catch {
        // The toast and the log come from useAskSparky; the question stays, marked for a retry.
        if (conversation.userId !== owner) return;
        update({
          messages: conversation.messages.map((message) => (message.id === question.id ? { ...message, failed: true } : message)),
          loading: false,
        });
      }
    },
    [trigger, pathname],
  );

  /** Spec 5: sends `text` unless it is blank or a reply is awaited; true when it was sent. */
  const send = useCallback(
    (text: string) => {
      if (!isSendable(text) || conversation.loading || conversation.userId !== userId) return false;
      void ask([...conversation.messages, { id: `m${++nextId}`, role: 'user', content: text.trim() }]);
      return true;
    },
    [ask, userId],
  );

  /** Asks an unanswered question again, as the latest message. */
  const retry = useCallback(
    (id: string) => {
      const failed = conversation.messages.find((message) => message.id === id && message.failed);
      if (!failed || conversation.loading) return;
      update({ messages: conversation.messages.filter((message) => message.id !== id) });
      send(failed.content);
    },
    [send],
  );

  return { messages: current.messages, loading: current.loading, send, retry };
}
