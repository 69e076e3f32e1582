import { describe, expect, it } from 'vitest';
import { clip, isSendable, requestHistory, SUGGESTED_QUESTIONS, type ConversationMessage } from './conversation';

const message = (index: number, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: String(index),
  role: index % 2 === 0 ? 'user' : 'assistant',
  content: `message ${index}`,
  ...extra,
});

describe('the conversation', () => {
  it('offers the four suggested questions of the spec', () => {
    expect(SUGGESTED_QUESTIONS).toHaveLength(4);
    expect(SUGGESTED_QUESTIONS.join(' ')).toMatch(/WordPress.*testing the waters.*investor leads.*Regulation CF/);
  });

  it('does not send blank or whitespace-only messages', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('  \n\t ')).toBe(false);
    expect(isSendable(' hi ')).toBe(true);
  });

  it('sends the last 20 messages, without the ids', () => {
    const messages = Array.from({ length: 25 }, (_, i) => message(i));
    const history = requestHistory(messages);
    expect(history).toHaveLength(20);
    expect(history[0]).toEqual({ role: 'assistant', content: 'message 5' });
    expect(history[19]).toEqual({ role: 'user', content: 'message 24' });
  });

  it('leaves out questions that got no answer', () => {
    const history = requestHistory([message(0, { failed: true }), message(2)]);
    expect(history).toEqual([{ role: 'user', content: 'message 2' }]);
  });

  it('cuts long answers to the 2,000 characters the server accepts, never inside an emoji', () => {
    const long = `${'a'.repeat(1_999)}🚀🚀`;
    expect(Array.from(clip(long))).toHaveLength(2_000);
    expect(clip(long).endsWith('🚀')).toBe(true);
    expect(clip('short')).toBe('short');
    const history = requestHistory([message(0), message(1, { content: 'x'.repeat(5_000) }), message(2)]);
    expect(history[1]!.content).toHaveLength(2_000);
  });
});
