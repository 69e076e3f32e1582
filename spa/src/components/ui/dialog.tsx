import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type DialogPanel from './dialog-panel';

const Panel = lazy(() => import('./dialog-panel'));

/**
 * A centred modal dialog (focus trapped, Escape closes). Radix is fetched the first time a
 * dialog opens, so pages that only might open one do not download it up front.
 */
export function Dialog(props: ComponentProps<typeof DialogPanel>) {
  const opened = useOnceTrue(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

/** True from the first render where `value` is true on (the panel then stays mounted). */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
