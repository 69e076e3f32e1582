import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/auth-context';
import { ASSISTANT_CLEARANCE, isFormRoute, removesInvestorWidgets, showsAssistant, showsPublicHeader, showsSidebar, usesAppShell } from '@/lib/layout';
import { PageLoading } from '../lazy-page';
import { rememberReferral } from '@/features/rewards/referral';
import { AppShell } from './app-shell';

/** `?ref=CODE` on any page keeps the referral code for sign-up (localStorage `referral_id`). */
function useReferralCapture() {
  const { search } = useLocation();
  useEffect(() => {
    rememberReferral(search);
  }, [search]);
}

function useScrollToTopOnNavigate() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(hash.slice(1))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname, hash]);
}

/** What shows while the session is being restored (spec 2: a skeleton while auth loads). */
function AppSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex min-h-dvh bg-gray-50/60">
      <div className="hidden w-[var(--sidebar-width)] shrink-0 space-y-3 border-r border-gray-200 bg-white p-4 md:block">
        <Skeleton className="h-8 w-32" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
      <div className="flex-1 space-y-6 p-8">
        <Skeleton className="h-9 w-72" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

/**
 * Spec 2: for signed-in users on any path but /, floating widget buttons, widget modals and
 * #investor-form-button (a founder testing their own embed on the landing page) are removed.
 */
function useInvestorWidgetRemoval(pathname: string, signedIn: boolean) {
  useEffect(() => {
    if (!removesInvestorWidgets(pathname, signedIn)) return;
    const remove = () =>
      document.querySelectorAll('#investor-form-button, [data-raisespark-widget]').forEach((element) => element.remove());
    remove();
    const observer = new MutationObserver(remove);
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [pathname, signedIn]);
}

/** Only on a return from checkout (?payment_success=true). */
const CheckoutReturn = lazy(() =>
  import('@/features/billing/components/checkout-return').then((module) => ({ default: module.CheckoutReturn })),
);

/** Not on the signed-in pages: the dashboard does not download it. */
const LazyPublicHeader = lazy(() => import('./public-header').then((module) => ({ default: module.PublicHeader })));

function PublicHeader() {
  return (
    <Suspense fallback={<div aria-hidden className="h-16 w-full bg-white" />}>
      <LazyPublicHeader />
    </Suspense>
  );
}

/** Only inside an impersonation session (spec 2): not part of the first download. */
const ImpersonationBanner = lazy(() => import('@/features/impersonation/components/impersonation-banner'));

/** Sparky (spec 2, chat widgets): fetched after the page, only for signed-in users. */
const Assistant = lazy(() => import('@/features/assistant/components/assistant-launcher'));

/** Paths in the app shell that anonymous visitors may open. */
const PUBLIC_APP_PATHS = ['/pricing'];

/** Picks the chrome for the current path (spec section 2, layout rules). */
export function RootLayout() {
  const location = useLocation();
  const { pathname } = location;
  const { user, loading } = useAuth();
  useScrollToTopOnNavigate();
  useReferralCapture();
  useInvestorWidgetRemoval(pathname, Boolean(user));
  const needsAccount = usesAppShell(pathname) && !PUBLIC_APP_PATHS.includes(pathname);

  if (needsAccount && loading) return <AppSkeleton />;
  if (needsAccount && !user) {
    return <Navigate to="/login" replace state={{ from: `${pathname}${location.search}` }} />;
  }

  // Spec 2: at the top of every page of an impersonation session (form pages have no chrome).
  const banner =
    user?.impersonation && !isFormRoute(pathname) ? (
      <Suspense fallback={null}>
        <ImpersonationBanner />
      </Suspense>
    ) : null;

  const assistant = showsAssistant(pathname, Boolean(user)) ? (
    <Suspense fallback={null}>
      <Assistant />
    </Suspense>
  ) : null;

  const page = (
    <Suspense fallback={<PageLoading />}>
      {new URLSearchParams(location.search).get('payment_success') === 'true' ? <CheckoutReturn /> : null}
      <Outlet />
    </Suspense>
  );

  if (usesAppShell(pathname)) {
    return (
      <>
        {banner}
        {showsPublicHeader(pathname, Boolean(user)) ? <PublicHeader /> : null}
        <AppShell withSidebar={showsSidebar(pathname)}>{page}</AppShell>
        {assistant}
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      {banner}
      {showsPublicHeader(pathname, Boolean(user)) ? <PublicHeader /> : null}
      <div className={`flex flex-1 flex-col ${assistant ? ASSISTANT_CLEARANCE : ''}`}>{page}</div>
      {assistant}
    </div>
  );
}
