import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { formatCount } from '../figures';
import { unknownMergeTags } from '../merge-fields';
import type { MessageEditorProps } from './rich-text-editor';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

const MAX_BODY = 50_000;

/**
 * The campaign's message: the rich-text editor (loaded when a campaign is opened, not with the
 * dashboard), with a plain-language hint, the length and any field the server would refuse.
 */
export function MessageEditor({ id, label, value, onChange }: Omit<MessageEditorProps, 'describedBy' | 'invalid'>) {
  const unknown = unknownMergeTags(value);
  const count = [...value].length;
  const invalid = unknown.length > 0 || count > MAX_BODY;

  return (
    <div>
      <Suspense
        fallback={
          <div role="status" aria-label="Loading the editor">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="mt-1.5 h-[20.75rem] rounded-lg" />
          </div>
        }
      >
        <RichTextEditor id={id} label={label} value={value} onChange={onChange} describedBy={`${id}-help${unknown.length ? ` ${id}-error` : ''}`} invalid={invalid} />
      </Suspense>
      <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
        <p id={`${id}-help`} className="text-gray-500">
          Use <span className="font-medium text-gray-700">Insert field</span> to greet each investor by name. Your company name, postal address and an unsubscribe link are added below every message.
        </p>
        <p className={cn('shrink-0 tabular-nums', count > MAX_BODY ? 'text-red-600' : 'text-gray-500')}>
          {formatCount(count)} / {formatCount(MAX_BODY)}
        </p>
      </div>
      {unknown.length ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-red-600">
          {unknown.map((tag) => `{{${tag}}}`).join(', ')} {unknown.length === 1 ? 'is not a field we can fill in' : 'are not fields we can fill in'}. Delete {unknown.length === 1 ? 'it' : 'them'} and use Insert field instead.
        </p>
      ) : null}
    </div>
  );
}
