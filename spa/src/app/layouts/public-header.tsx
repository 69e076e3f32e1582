import { Menu } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { BrandMark, BrandName } from '@/components/ui/brand';
import { Sheet } from '@/components/ui/sheet';
import { useAuth } from '@/features/auth/auth-context';
import { cn } from '@/lib/utils';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useIsMobile } from '@/lib/use-is-mobile';
import { UserMenu } from './user-menu';

/** Landing-page sections, in page order. */
export const SECTIONS = [
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'dashboard-feature', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'faq', label: 'FAQ' },
  { id: 'rewards', label: 'Rewards' },
];

export const SCROLL_THRESHOLD = 10;

function useScrolled(threshold: number) {
  const [scrolled, setScrolled] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function PublicHeader() {
  const { pathname } = useLocation();
  const { user, loading } = useAuth();
  const mobile = useIsMobile();
  const { signOut, signingOut } = useSignOut('Failed to sign out, please try again');
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const [sheetOpen, setSheetOpen] = useState(false);
  const onLanding = pathname === '/';

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    setSheetOpen(false);
    if (!onLanding) return;
    event.preventDefault();
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.history.replaceState(null, '', `#${id}`);
  };

  const sectionLinks = (className: string) =>
    SECTIONS.map(({ id, label }) => (
      <a key={id} href={onLanding ? `#${id}` : `/#${id}`} onClick={(event) => goToSection(event, id)} className={className}>
        {label}
      </a>
    ));

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-(--app-top) z-40 w-full transition-[background-color,box-shadow,backdrop-filter] duration-200',
        scrolled ? 'bg-white/75 shadow-sm ring-1 ring-gray-900/5 backdrop-blur-md' : 'bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-4 sm:px-6 lg:px-8">
        <Link to={user ? '/dashboard' : '/'} className="flex items-center gap-2.5" aria-label="RaiseSpark home">
          <BrandMark />
          <BrandName />
        </Link>
        {mobile ? (
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            aria-label="Open menu"
            className="rounded-md p-2 text-gray-700 hover:bg-gray-100"
          >
            <Menu className="size-6" aria-hidden />
          </button>
        ) : (
          <>
            <nav aria-label="Main" className="flex items-center gap-1">
              {sectionLinks('rounded-md px-3 py-2 text-sm font-medium text-gray-600 hover:bg-gray-50 hover:text-gray-900')}
            </nav>
            <div className="flex min-w-36 items-center justify-end gap-2">
              {loading ? (
                <span aria-hidden className="h-8 w-36 animate-pulse rounded-lg bg-gray-100" />
              ) : user ? (
                <UserMenu />
              ) : (
                <>
                  <Link to="/login" className={buttonClasses('ghost', 'sm')}>
                    Sign in
                  </Link>
                  <Link to="/register" className={buttonClasses('primary', 'sm')}>
                    Sign up
                  </Link>
                </>
              )}
            </div>
          </>
        )}
      </div>
      {mobile ? (
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen} side="right" title="Menu" className="w-[var(--sidebar-width-mobile)] p-6">
          <Link to="/" onClick={() => setSheetOpen(false)} className="mb-8 flex items-center gap-2.5" aria-label="RaiseSpark home">
            <BrandMark />
            <BrandName />
          </Link>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {sectionLinks('rounded-md px-3 py-2.5 text-base font-medium text-gray-700 hover:bg-gray-50')}
          </nav>
          <div className="mt-auto flex flex-col gap-3 pt-8">
            {user ? (
              <>
                <Link to="/dashboard" onClick={() => setSheetOpen(false)} className={buttonClasses('primary', 'md')}>
                  Dashboard
                </Link>
                <button
                  type="button"
                  disabled={signingOut}
                  onClick={() => {
                    setSheetOpen(false);
                    void signOut();
                  }}
                  className={buttonClasses('secondary', 'md')}
                >
                  {signingOut ? 'Signing out...' : 'Sign Out'}
                </button>
              </>
            ) : (
              <>
                <Link to="/login" onClick={() => setSheetOpen(false)} className={buttonClasses('secondary', 'md')}>
                  Sign In
                </Link>
                <Link to="/register" onClick={() => setSheetOpen(false)} className={buttonClasses('primary', 'md')}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </Sheet>
      ) : null}
    </header>
  );
}
