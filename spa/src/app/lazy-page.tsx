import { lazy, type ComponentType } from 'react';
import { Loader2, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Fired when a page chunk or another application resource fails to load. */
export const RESOURCE_ERROR_EVENT = 'raisespark:resource-error';

/**
 * A page loaded on demand. If its chunk cannot be fetched (a deploy replaced it, the network
 * dropped) the page shows 'Failed to load {name} page. Please refresh.' and the global banner
 * is raised, instead of a blank screen.
 */
export function lazyPage(name: string, load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.error(`Failed to load ${name} page`, error);
      window.dispatchEvent(new CustomEvent(RESOURCE_ERROR_EVENT));
      return { default: () => <PageLoadError name={name} /> };
    }),
  );
}

export function PageLoadError({ name }: { name: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-24 text-center">
      <p className="text-base font-medium text-gray-900">{`Failed to load ${name} page. Please refresh.`}</p>
      <Button variant="secondary" className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCw className="size-4" aria-hidden />
        Refresh
      </Button>
    </div>
  );
}

export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-sm text-gray-500">
      <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />
      Loading page...
    </div>
  );
}
