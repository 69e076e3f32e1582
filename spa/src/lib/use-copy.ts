import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';

/**
 * Copies a text to the clipboard and says so: a 'Copied to clipboard' toast and `copied` true
 * for `tickMs` (the button's tick), or `failure` as an error toast when the browser refuses.
 */
export function useCopy(text: string, { failure, tickMs }: { failure: string; tickMs: number }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), tickMs);
    return () => window.clearTimeout(timer);
  }, [copied, tickMs]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Copied to clipboard');
    } catch {
      toast.error(failure);
    }
  };
  return { copied, copy };
}
