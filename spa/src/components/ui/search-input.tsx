import { Loader2, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { inputClasses } from './field';
import { cn } from '@/lib/utils';

/** A search box that commits its (trimmed) text once the user pauses typing. */
export function SearchInput({ label, placeholder, value, busy = false, delayMs = 300, onCommit, className }: {
  label: string;
  placeholder?: string;
  value: string;
  busy?: boolean;
  delayMs?: number;
  onCommit: (value: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // The value changed from elsewhere (a reset, the back button): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = next;
      commit.current(next);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  return (
    <div className={cn('relative min-w-0', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className={cn(inputClasses, 'pr-9 pl-9')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {busy ? <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-gray-400" aria-hidden /> : null}
    </div>
  );
}
