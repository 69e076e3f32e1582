import { useActiveCompany } from '@/lib/active-company';
import { scopeOf } from '@/lib/user-cache';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { checkSubscriptionRequest } from './api/check-subscription';
import { CheckScheduler, failedStatus, isSubscribed, SIGNED_OUT_STATUS, type SubscriptionStatus } from './subscription-status';

type SubscriptionContextValue = SubscriptionStatus & {
  isSubscribed: boolean;
  /** Re-checks (throttled as the spec says); resolves when a fresh answer is in. */
  recheck: () => Promise<void>;
};

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

/**
 * Subscription state (spec 4): loading, then ready or failed (failing open); reset when
 * signed out; checked again whenever a user signs in or switches company.
 */
export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  // Billing is per company: checked again whenever the user acts for another one.
  const company = useActiveCompany();
  const userId = user ? scopeOf(user.id, company) : null;
  const [status, setStatus] = useState<SubscriptionStatus>({ ...SIGNED_OUT_STATUS, loading: true });
  const current = useRef(userId);
  current.current = userId;

  const scheduler = useMemo(
    () =>
      new CheckScheduler(async () => {
        const checkedFor = current.current;
        if (!checkedFor) return;
        try {
          const result = await checkSubscriptionRequest();
          if (current.current === checkedFor) setStatus({ loading: false, error: null, ...result });
        } catch (error) {
          console.error('subscription check failed', error);
          if (current.current === checkedFor) setStatus(failedStatus(error));
        }
      }),
    [],
  );

  useEffect(() => {
    if (authLoading) return;
    if (!userId) {
      scheduler.cancel();
      setStatus(SIGNED_OUT_STATUS);
      return;
    }
    setStatus((previous) => ({ ...previous, loading: true }));
    void scheduler.request();
  }, [userId, authLoading, scheduler]);

  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const recheck = useCallback(() => scheduler.request(), [scheduler]);
  const value = useMemo(() => ({ ...status, isSubscribed: isSubscribed(status), recheck }), [status, recheck]);
  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionContextValue {
  const value = useContext(SubscriptionContext);
  if (!value) throw new Error('useSubscription must be used inside SubscriptionProvider');
  return value;
}
