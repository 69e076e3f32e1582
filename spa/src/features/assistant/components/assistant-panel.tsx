import * as Dialog from '@radix-ui/react-dialog';
import { ArrowDown, ArrowRight, Mail, MessageSquare, SendHorizontal, Sparkles, X } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { cn } from '@/lib/utils';
import { useChatContact } from '../api/chat-contact';
import { usePopularQuestions } from '../api/popular-questions';
import { autoScrollAfterScroll } from '../auto-scroll';
import { isSendable, MAX_MESSAGE_CHARS, POPULAR_QUESTIONS_SHOWN, SUGGESTED_QUESTIONS } from '../conversation';
import { useConversation } from '../use-conversation';
import { ChatMessage, loadMarkdown, TypingIndicator } from './chat-message';
import { SparkyAvatar } from './sparky-avatar';

/**
 * Sparky AI Assistant (spec 2, Chat widgets; spec 4, Chat; spec 5, chat input): a Radix dialog,
 * so focus is trapped and Escape closes it. A panel above the launcher on wide screens, a
 * full-width bottom sheet on phones (spec 9: the mobile breakpoint is 768 px).
 */
export default function AssistantPanel({ open, onOpenChange, launcher, onReady }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus returns here when the panel closes. */
  launcher: RefObject<HTMLButtonElement | null>;
  onReady: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    onReady();
    // The first answer renders at once.
    void loadMarkdown().catch(() => undefined);
  }, [onReady]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/40 backdrop-blur-[1px] md:bg-transparent md:backdrop-blur-none" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (launcher.current?.isConnected) {
              event.preventDefault();
              launcher.current.focus();
            }
          }}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[100dvh] flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl outline-none',
            'md:inset-x-auto md:right-6 md:bottom-24 md:max-h-[calc(100dvh-8rem)] md:w-[26rem] md:rounded-2xl md:ring-1 md:ring-gray-900/10',
            'transition-[opacity,translate] duration-200 ease-out motion-reduce:transition-none starting:translate-y-3 starting:opacity-0',
          )}
        >
          <PanelHeader />
          <Conversation input={input} close={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelHeader() {
  return (
    <div className="relative shrink-0 bg-gradient-to-br from-brand-600 to-brand-700 px-4 pt-3 pb-3.5 text-white">
      <span aria-hidden className="mx-auto mb-2 block h-1 w-10 rounded-full bg-white/30 md:hidden" />
      <div className="flex items-center gap-3">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25">
          <Sparkles className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <Dialog.Title className="text-base leading-6 font-semibold">Sparky AI Assistant</Dialog.Title>
          <Dialog.Description className="truncate text-xs text-brand-100">
            Your guide to forms, leads and Reg CF
          </Dialog.Description>
        </div>
        <Dialog.Close aria-label="Close" className="rounded-lg p-1.5 text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white!">
          <X className="size-5" aria-hidden />
        </Dialog.Close>
      </div>
    </div>
  );
}

function Conversation({ input, close }: { input: RefObject<HTMLInputElement | null>; close: () => void }) {
  const { user } = useAuth();
  const { messages, loading, send, retry } = useConversation();
  const [text, setText] = useState('');
  const inputId = useId();
  const hasMessages = messages.length > 0;

  // Spec 4: auto-scroll follows new messages until the user scrolls up; sending turns it on.
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const following = useRef(true);
  const follow = useCallback((on: boolean) => {
    following.current = on;
    setAutoScroll(on);
  }, []);
  // The welcome and the suggestions are read from the top; a conversation from its end.
  const talking = useRef(hasMessages);
  talking.current = hasMessages;
  const scrollToBottom = useCallback(() => {
    const element = list.current;
    if (element && talking.current) element.scrollTop = element.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    if (following.current) scrollToBottom();
  }, [messages, loading, scrollToBottom]);

  // Answers grow after they are added (Markdown arrives, fonts load): keep following them.
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToBottom();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  const ask = (question: string) => {
    if (!send(question)) return false;
    follow(true);
    // A suggested or popular question's button goes away or is disabled: typing goes on here.
    input.current?.focus();
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ask(text)) setText('');
  };

  const name = displayName(user)?.split(/\s+/)[0];

  return (
    <>
      <div className="relative flex min-h-0 shrink flex-col">
        <div
          ref={list}
          role="log"
          aria-label="Conversation with Sparky"
          tabIndex={0}
          onScroll={(event) => {
            const next = autoScrollAfterScroll(following.current, event.currentTarget);
            if (next !== following.current) follow(next);
          }}
          className="max-h-[400px] min-h-0 overflow-y-auto overscroll-contain px-4 py-4 focus-visible:outline-offset-[-2px]!"
        >
          <div ref={content}>
            {hasMessages ? (
              <ol aria-label="Messages" className="space-y-4">
                {messages.map((message) => (
                  <ChatMessage key={message.id} message={message} onInternalLink={close} onRetry={retry} retryDisabled={loading} />
                ))}
                {loading ? <TypingIndicator /> : null}
              </ol>
            ) : (
              <Welcome name={name} onAsk={ask} />
            )}
          </div>
        </div>
        {hasMessages && !autoScroll ? (
          <button
            type="button"
            onClick={() => {
              follow(true);
              scrollToBottom();
            }}
            className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-white px-3 py-1.5 text-xs font-medium text-gray-700 shadow-md ring-1 ring-gray-200 hover:bg-gray-50"
          >
            <ArrowDown className="size-3.5" aria-hidden />
            Latest messages
          </button>
        ) : null}
      </div>

      {hasMessages ? <PopularQuestions onAsk={ask} disabled={loading} /> : null}

      <form onSubmit={submit} className="shrink-0 border-t border-gray-100 px-3 pt-3 pb-2">
        <div className="flex items-center gap-2 rounded-xl bg-white py-1.5 pr-1.5 pl-3.5 shadow-sm ring-1 ring-gray-300 focus-within:ring-2 focus-within:ring-brand-600">
          <label htmlFor={inputId} className="sr-only">
            Message Sparky
          </label>
          <input
            ref={input}
            id={inputId}
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Ask me anything about your form..."
            maxLength={MAX_MESSAGE_CHARS}
            autoComplete="off"
            enterKeyHint="send"
            className="min-w-0 flex-1 border-0 bg-transparent py-1.5 text-sm text-gray-900 placeholder:text-gray-500 focus-visible:outline-none!"
          />
          <button
            type="submit"
            aria-label="Send message"
            disabled={loading || !isSendable(text)}
            className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-400 disabled:shadow-none"
          >
            <SendHorizontal className="size-4" aria-hidden />
          </button>
        </div>
      </form>
      <ContactStrip />
    </>
  );
}

function Welcome({ name, onAsk }: { name?: string; onAsk: (question: string) => void }) {
  const headingId = useId();
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <SparkyAvatar className="mt-0.5" />
        <div className="rounded-2xl bg-gray-100 px-3.5 py-2.5 text-sm leading-6 text-gray-800">
          <p className="font-medium text-gray-900">{name ? `Hi ${name}, I'm Sparky.` : "Hi, I'm Sparky."}</p>
          <p className="mt-1">
            Ask me how to build and embed your investor form, how your leads are doing, or what Regulation CF lets you say
            while testing the waters.
          </p>
        </div>
      </div>
      <h3 id={headingId} className="mt-5 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        Suggested questions
      </h3>
      <ul aria-labelledby={headingId} className="mt-2 space-y-2">
        {SUGGESTED_QUESTIONS.map((question) => (
          <li key={question}>
            <button
              type="button"
              onClick={() => onAsk(question)}
              className="group flex w-full items-center justify-between gap-3 rounded-xl bg-white px-3.5 py-2.5 text-left text-sm font-medium text-gray-800 ring-1 ring-gray-200 transition-colors hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200"
            >
              {question}
              <ArrowRight className="size-4 shrink-0 text-gray-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec 2: once messages exist, the most popular questions (spec 9: 5). Hidden while there are none. */
function PopularQuestions({ onAsk, disabled }: { onAsk: (question: string) => void; disabled: boolean }) {
  const { data } = usePopularQuestions(true);
  const headingId = useId();
  const questions = (data?.questions ?? []).slice(0, POPULAR_QUESTIONS_SHOWN);
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="shrink-0 border-t border-gray-100 px-4 pt-2.5">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-gray-500 uppercase">
        Most Popular Questions
      </h3>
      <ul className="-mx-4 mt-1.5 flex gap-2 overflow-x-auto px-4 pb-2.5 [scrollbar-width:thin]">
        {questions.map((question) => (
          <li key={question} className="shrink-0">
            <button
              type="button"
              title={question}
              disabled={disabled}
              onClick={() => onAsk(question)}
              className="max-w-[16rem] truncate rounded-full bg-white px-3 py-1.5 text-xs font-medium text-gray-700 ring-1 ring-gray-200 transition-colors hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200 disabled:opacity-60"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec 2: a text-message link and an e-mail link to a person. */
function ContactStrip() {
  const { data } = useChatContact();
  return (
    <div className="flex shrink-0 items-center justify-between gap-3 px-4 pt-1 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-xs text-gray-600">
      <span>Rather talk to a person?</span>
      {data ? (
        <span className="flex items-center gap-3">
          {data.sms ? (
            <a href={`sms:${data.sms}`} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-600 hover:underline">
              <MessageSquare className="size-3.5" aria-hidden />
              Text us
            </a>
          ) : null}
          <a href={`mailto:${data.email}`} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:text-brand-600 hover:underline">
            <Mail className="size-3.5" aria-hidden />
            Email us
          </a>
        </span>
      ) : (
        <span aria-hidden className="h-4 w-28 animate-pulse rounded bg-gray-100" />
      )}
    </div>
  );
}
