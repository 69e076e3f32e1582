import { RotateCcw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ConversationMessage } from '../conversation';
import { SparkyAvatar } from './sparky-avatar';

/** react-markdown comes with the first answer shown, not with the widget. */
export const loadMarkdown = () => import('@/components/ui/markdown');
const Markdown = lazy(loadMarkdown);

/** Markdown inside a chat bubble: compact spacing, readable code and tables. */
const ANSWER_STYLES = [
  'min-w-0 text-sm leading-6 text-gray-800 break-words',
  '[&_p]:mt-2 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_strong]:text-gray-900',
  '[&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:mt-1 [&_li>p]:mt-0',
  '[&_h1]:mt-3 [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-600',
  '[&_code]:rounded [&_code]:bg-white [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-xs [&_code]:ring-1 [&_code]:ring-gray-200',
  '[&_pre]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-900 [&_pre]:p-3 [&_pre]:text-xs [&_pre]:leading-5 [&_pre]:text-gray-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-xs [&_pre_code]:ring-0',
  '[&_blockquote]:mt-2 [&_blockquote]:border-l-2 [&_blockquote]:border-gray-300 [&_blockquote]:pl-3 [&_blockquote]:text-gray-600',
  '[&_table]:mt-2 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-xs [&_th]:border-b [&_th]:border-gray-300 [&_th]:py-1 [&_th]:pr-3 [&_th]:text-left [&_th]:font-semibold [&_td]:border-b [&_td]:border-gray-200 [&_td]:py-1 [&_td]:pr-3 [&_td]:align-top',
  '[&_hr]:my-3 [&_hr]:border-gray-200',
].join(' ');

export function ChatMessage({ message, onInternalLink, onRetry, retryDisabled }: {
  message: ConversationMessage;
  onInternalLink: () => void;
  onRetry: (id: string) => void;
  retryDisabled: boolean;
}) {
  if (message.role === 'user') {
    return (
      <li className="flex flex-col items-end">
        <div className="max-w-[85%] rounded-2xl bg-brand-600 px-3.5 py-2 text-sm leading-6 break-words whitespace-pre-wrap text-white shadow-sm">
          <span className="sr-only">You: </span>
          {message.content}
        </div>
        {message.failed ? (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-red-700">
            Not answered.
            <button
              type="button"
              onClick={() => onRetry(message.id)}
              disabled={retryDisabled}
              className="inline-flex items-center gap-1 rounded font-medium underline underline-offset-2 hover:text-red-800 disabled:opacity-60"
            >
              <RotateCcw className="size-3" aria-hidden />
              Try again
            </button>
          </p>
        ) : null}
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2.5">
      <SparkyAvatar className="mt-0.5" />
      <div className="max-w-[85%] min-w-0 rounded-2xl bg-gray-100 px-3.5 py-2.5">
        <span className="sr-only">Sparky: </span>
        <div className={ANSWER_STYLES}>
          <Suspense fallback={<p className="whitespace-pre-wrap">{message.content}</p>}>
            <Markdown onInternalLink={onInternalLink}>{message.content}</Markdown>
          </Suspense>
        </div>
      </div>
    </li>
  );
}

/** Spec 4: shown while a reply is awaited. */
export function TypingIndicator() {
  return (
    <li className="flex items-start gap-2.5">
      <SparkyAvatar className="mt-0.5" />
      <div role="status" className="rounded-2xl bg-gray-100 px-4 py-3.5">
        <span className="flex items-center gap-1" aria-hidden>
          <span className="size-1.5 animate-bounce rounded-full bg-gray-500 [animation-delay:-0.3s] motion-reduce:animate-none" />
          <span className="size-1.5 animate-bounce rounded-full bg-gray-500 [animation-delay:-0.15s] motion-reduce:animate-none" />
          <span className="size-1.5 animate-bounce rounded-full bg-gray-500 motion-reduce:animate-none" />
        </span>
        <span className="sr-only">Sparky is typing...</span>
      </div>
    </li>
  );
}
