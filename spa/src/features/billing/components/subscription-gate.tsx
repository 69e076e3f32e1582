import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubscription } from '../subscription-context';

export const SUBSCRIPTION_REQUIRED = 'This feature requires a subscription. Starting your 7-day free trial is easy!';

/**
 * The SPA side of the subscription gate (spec 4): a skeleton while checking, access on a
 * failed check, otherwise an info toast and /pricing with the original path and query as
 * returnTo. The server enforces the same rule on its paid routes.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { loading, isSubscribed } = useSubscription();
  const location = useLocation();
  const blocked = !loading && !isSubscribed;
  const toasted = useRef(false);

  useEffect(() => {
    if (blocked && !toasted.current) {
      toasted.current = true;
      toast.info(SUBSCRIPTION_REQUIRED);
    }
  }, [blocked]);

  if (loading) {
    return (
      <div role="status" aria-label="Checking your subscription" className="space-y-4">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (blocked) {
    const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/pricing?returnTo=${returnTo}`} replace />;
  }
  return <>{children}</>;
}
