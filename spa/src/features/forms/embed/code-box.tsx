import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';
import { cn } from '@/lib/utils';

/**
 * A block of embed code with a Copy button. The code wraps (long attributes break anywhere)
 * so all of it is on screen at every width: nothing hides behind a sideways scroll.
 */
export function CodeBox({ code, label, kind = 'HTML', className }: {
  code: string;
  /** What the code is, for the Copy button's and the block's accessible names ('inline form snippet'). */
  label: string;
  /** The language named in the box's header. */
  kind?: string;
  className?: string;
}) {
  const { copied, copy } = useCopy(code, { failure: 'Could not copy. Select the code and copy it by hand.', tickMs: 2000 });

  return (
    <div className={cn('min-w-0 overflow-hidden rounded-xl bg-gray-900', className)}>
      <div className="flex items-center justify-between gap-3 border-b border-white/10 py-1.5 pr-2 pl-4">
        <span className="text-xs font-medium text-gray-400">{kind}</span>
        <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {copied ? <Check className="size-4 text-emerald-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {/* Focusable to be read and selected from the keyboard: a named region (a bare <pre> may not carry a name). */}
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className="p-4 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
