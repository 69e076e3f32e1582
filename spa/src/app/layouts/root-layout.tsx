import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/features/auth/auth-context';
import { showsPublicHeader, showsSidebar, usesAppShell } from '@/lib/layout';
import { PageLoading } from '../lazy-page';
import { AppShell } from './app-shell';
import { PublicHeader } from './public-header';

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

/** Picks the chrome for the current path (spec section 2, layout rules). */
export function RootLayout() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  useScrollToTopOnNavigate();

  const page = (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );

  if (usesAppShell(pathname)) {
    return (
      <>
        {showsPublicHeader(pathname, Boolean(user)) ? <PublicHeader /> : null}
        <AppShell withSidebar={showsSidebar(pathname)}>{page}</AppShell>
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      {showsPublicHeader(pathname, Boolean(user)) ? <PublicHeader /> : null}
      <div className="flex flex-1 flex-col">{page}</div>
    </div>
  );
}
