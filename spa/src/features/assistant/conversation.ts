import type { ChatMessage } from './api/ai-chat';

/** Spec 2 and 9: the four suggested questions, shown while the conversation is empty. */
export const SUGGESTED_QUESTIONS = [
  'How do I embed my form on WordPress?',
  'What can I advertise while testing the waters?',
  'How do I track my investor leads?',
  'What are the Regulation CF requirements?',
] as const;

/** Spec 9: popular questions shown. */
export const POPULAR_QUESTIONS_SHOWN = 5;
/** What the ai-chat function accepts: the last 20 messages of at most 2,000 characters. */
export const MAX_HISTORY = 20;
export const MAX_MESSAGE_CHARS = 2_000;

/** A message of the conversation on screen; `failed` marks a question that got no answer. */
export type ConversationMessage = ChatMessage & { id: string; failed?: boolean };

/** Spec 5: blank or whitespace-only messages are not sent. */
export function isSendable(text: string): boolean {
  return text.trim() !== '';
}

/** At most `max` characters (code points: an emoji is never cut in half). */
export function clip(text: string, max = MAX_MESSAGE_CHARS): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * What is sent to the ai-chat function: the last 20 answered messages and the question,
 * each within the length the server accepts (long answers are cut, they only give context).
 * Questions that failed are left out: they have no answer to pair with.
 */
export function requestHistory(messages: readonly ConversationMessage[]): ChatMessage[] {
  return messages
    .filter((message) => !message.failed)
    .slice(-MAX_HISTORY)
    .map(({ role, content }) => ({ role, content: clip(content) }));
}
