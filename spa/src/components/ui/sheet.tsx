import { lazy, Suspense, type ComponentProps } from 'react';
import { useOnceTrue } from './dialog';
import type SheetPanel from './sheet-panel';

const Panel = lazy(() => import('./sheet-panel'));

/** A slide-over panel (Radix Dialog: focus trapped, Escape closes), fetched when first opened. */
export function Sheet(props: ComponentProps<typeof SheetPanel>) {
  const opened = useOnceTrue(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
