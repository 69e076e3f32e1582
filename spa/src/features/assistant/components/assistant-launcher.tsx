import { Loader2, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useOnceTrue } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { OPEN_ASSISTANT_EVENT } from '../open-assistant';

const loadPanel = () => import('./assistant-panel');
const AssistantPanel = lazy(loadPanel);

/** localStorage: set once the founder has opened Sparky; the launcher stops pulsing. */
export const SPARKY_OPENED_KEY = 'sparkyOpened';

function hasOpenedBefore(): boolean {
  try {
    return window.localStorage.getItem(SPARKY_OPENED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberOpened() {
  try {
    window.localStorage.setItem(SPARKY_OPENED_KEY, 'true');
  } catch {
    // Private mode without storage: the ring pulses again next visit.
  }
}

/**
 * Spec 2, Chat widgets: the floating round button at the bottom right, pulsing until it is
 * first clicked. The panel (Radix, react-markdown) is fetched when the pointer or focus comes
 * near the button, and mounted on first open; it stays mounted so the conversation and its
 * scroll position are kept while closed. Its size and place are what ASSISTANT_CLEARANCE
 * (lib/layout.ts) keeps free below every page it floats over: change them together.
 */
export default function AssistantLauncher() {
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const [pulsing, setPulsing] = useState(() => !hasOpenedBefore());
  const mounted = useOnceTrue(open);
  const button = useRef<HTMLButtonElement>(null);

  const show = useCallback(() => {
    setOpen(true);
    setPulsing(false);
    rememberOpened();
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_ASSISTANT_EVENT, show);
    return () => window.removeEventListener(OPEN_ASSISTANT_EVENT, show);
  }, [show]);

  const markReady = useCallback(() => setReady(true), []);
  const preload = () => void loadPanel().catch(() => undefined);
  const Icon = open && !ready ? Loader2 : open ? X : Sparkles;

  return (
    <>
      <div className="fixed right-4 bottom-4 z-30 md:right-6 md:bottom-6">
        {pulsing ? (
          <span
            data-testid="sparky-pulse"
            aria-hidden
            className="absolute inset-0 animate-ping rounded-full bg-brand-500/50 motion-reduce:animate-none"
          />
        ) : null}
        <button
          ref={button}
          type="button"
          aria-label={open ? 'Close Sparky AI Assistant' : 'Open Sparky AI Assistant'}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? setOpen(false) : show())}
          onPointerEnter={preload}
          onFocus={preload}
          className={cn(
            'relative flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-lg shadow-brand-600/30 ring-1 ring-white/20',
            'transition-transform duration-150 hover:scale-105 active:scale-95 motion-reduce:transition-none',
          )}
        >
          <Icon className={cn('size-6', open && !ready && 'animate-spin')} aria-hidden />
        </button>
      </div>
      {mounted ? (
        <Suspense fallback={null}>
          <AssistantPanel open={open} onOpenChange={setOpen} launcher={button} onReady={markReady} />
        </Suspense>
      ) : null}
    </>
  );
}
