import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm ring-1 ring-inset ring-gray-300 placeholder:text-gray-400 focus:ring-2 focus:ring-inset focus:ring-brand-600 disabled:bg-gray-50 disabled:text-gray-500';

/** A labelled input with an optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: ReactNode; error?: string }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(inputClasses, 'mt-1.5', error && 'ring-red-400 focus:ring-red-500')}
        {...input}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line input; `aside` sits at the right of the hint line (e.g. a counter). */
export function TextareaField({
  label,
  hint,
  error,
  aside,
  className,
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: string; aside?: ReactNode }) {
  const id = useId();
  const note = error ?? hint;
  const described = [note ? `${id}-note` : null, aside ? `${id}-aside` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={cn(inputClasses, 'mt-1.5 resize-y', error && 'ring-red-400 focus:ring-red-500')}
        {...textarea}
      />
      {note || aside ? (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
          {note ? (
            <p id={`${id}-note`} className={error ? 'text-red-600' : 'text-gray-500'}>
              {note}
            </p>
          ) : (
            <span />
          )}
          {aside ? (
            <p id={`${id}-aside`} className="shrink-0 text-gray-500 tabular-nums">
              {aside}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
