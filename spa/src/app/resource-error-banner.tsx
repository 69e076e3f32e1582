import { useEffect, useState } from 'react';
import { RESOURCE_ERROR_EVENT } from './lazy-page';

function isResourceElement(target: EventTarget | null): boolean {
  if (target instanceof HTMLScriptElement) return true;
  if (target instanceof HTMLLinkElement) return ['stylesheet', 'modulepreload', 'preload'].includes(target.rel);
  return false;
}

/** The global red banner for failed application resources (spec section 2). */
export function ResourceErrorBanner() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const raise = () => setFailed(true);
    const onError = (event: Event) => {
      if (isResourceElement(event.target)) raise();
    };
    window.addEventListener(RESOURCE_ERROR_EVENT, raise);
    window.addEventListener('vite:preloadError', raise);
    window.addEventListener('error', onError, true);
    return () => {
      window.removeEventListener(RESOURCE_ERROR_EVENT, raise);
      window.removeEventListener('vite:preloadError', raise);
      window.removeEventListener('error', onError, true);
    };
  }, []);

  if (!failed) return null;
  return (
    <div
      role="alert"
      className="fixed inset-x-0 top-0 z-[100] flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-red-600 px-4 py-3 text-sm font-medium text-white shadow-lg"
    >
      <span>Failed to load application resources. Please refresh the page.</span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
      >
        Refresh Now
      </button>
    </div>
  );
}
