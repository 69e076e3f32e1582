import { createContext, lazy, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

export type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
};

/** The tooltip component once the layer is loaded; null until then (elements show without). */
export const TooltipImplementation = createContext<ComponentType<TooltipProps> | null>(null);

const TooltipLayer = lazy(() => import('./tooltip-layer'));

/**
 * Turns on the tooltips of its `Tooltip`s. Radix is fetched only when a group is enabled
 * (the collapsed sidebar), so the expanded sidebar and first render do without it.
 */
export function TooltipGroup({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  if (!enabled) return <>{children}</>;
  return (
    <Suspense fallback={children}>
      <TooltipLayer>{children}</TooltipLayer>
    </Suspense>
  );
}

export function Tooltip(props: TooltipProps) {
  const Implementation = useContext(TooltipImplementation);
  if (props.disabled || !Implementation) return <>{props.children}</>;
  return <Implementation {...props} />;
}
