import { Check, Copy } from 'lucide-react';
import { useCopy } from '@/lib/use-copy';
import { cn } from '@/lib/utils';

/** Copies a value (a SHA-256) to the clipboard; says so with a tick and a toast. */
export function CopyButton({ value, label, className }: { value: string; label: string; className?: string }) {
  const { copied, copy } = useCopy(value, { failure: 'Could not copy. Select the text and copy it instead.', tickMs: 1_500 });

  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => void copy()}
      className={cn(
        'relative z-10 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {copied ? <Check className="size-3.5 text-emerald-600" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
    </button>
  );
}
