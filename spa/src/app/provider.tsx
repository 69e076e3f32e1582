import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { SWRConfig } from 'swr';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/features/auth/auth-context';
import { SubscriptionProvider } from '@/features/billing/subscription-context';
import { ResourceErrorBanner } from './resource-error-banner';

/**
 * App-wide providers. SWR mirrors the spec's query defaults (1 retry, no refetch on focus,
 * 30 s of freshness); toasts are sonner's defaults with the app-level limit of 1 visible.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ errorRetryCount: 1, revalidateOnFocus: false, dedupingInterval: 30_000 }}>
      <AuthProvider>
        <SubscriptionProvider>
          <TooltipProvider>
            <ResourceErrorBanner />
            {children}
            <Toaster visibleToasts={1} richColors closeButton />
          </TooltipProvider>
        </SubscriptionProvider>
      </AuthProvider>
    </SWRConfig>
  );
}
