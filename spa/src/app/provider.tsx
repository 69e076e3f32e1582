import { lazy, Suspense, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AuthProvider } from '@/features/auth/auth-context';
import { SubscriptionProvider } from '@/features/billing/subscription-context';
import { ResourceErrorBanner } from './resource-error-banner';

/** Toasts load beside the first render, not before it (sonner is not in the entry bundle). */
const Toaster = lazy(() => import('./toaster'));

/**
 * App-wide providers. SWR mirrors the spec's query defaults (1 retry, no refetch on focus,
 * 30 s of freshness); owner data is cached per user (lib/user-cache). Toasts follow the
 * spec's app-level settings (app/toaster.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ errorRetryCount: 1, revalidateOnFocus: false, dedupingInterval: 30_000 }}>
      <AuthProvider>
        <SubscriptionProvider>
          <ResourceErrorBanner />
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </SubscriptionProvider>
      </AuthProvider>
    </SWRConfig>
  );
}
