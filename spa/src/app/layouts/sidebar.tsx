import {
  ClipboardCheck,
  FileText,
  Gift,
  LayoutDashboard,
  Loader2,
  LogOut,
  Mail,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  Shield,
  ShieldCheck,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandMark, BrandName } from '@/components/ui/brand';
import { Sheet } from '@/components/ui/sheet';
import { Tooltip, TooltipGroup } from '@/components/ui/tooltip';
import { useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useReviewQueue } from '@/features/teams/api/reviews';
import { useCompanies } from '@/features/teams/api/teams';
import { CompanySwitcher } from '@/features/teams/components/company-switcher';
import { cn } from '@/lib/utils';
import type { useSidebarState } from './sidebar-state';

type MenuItem = { to: string; label: string; icon: LucideIcon; adminOnly?: boolean; reviewers?: boolean };

/** Spec section 2: menu order and labels. */
export const MENU: MenuItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/forms', label: 'Investor Forms', icon: FileText },
  { to: '/leads', label: 'Investor Leads', icon: Users },
  { to: '/campaigns', label: 'Campaigns', icon: Mail },
  { to: '/compliance-vault', label: 'Compliance', icon: ShieldCheck },
  // Teams: shown to counsel, and to anyone with something to review or reviewed.
  { to: '/reviews', label: 'Reviews', icon: ClipboardCheck, reviewers: true },
  { to: '/raise-capital', label: 'Raise Capital', icon: TrendingUp },
  { to: '/admin', label: 'Admin', icon: Shield, adminOnly: true },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/earn-rewards', label: 'Earn Rewards', icon: Gift },
];

export const EARN_REWARDS_VISITED_KEY = 'earnRewardsVisited';

type SidebarState = ReturnType<typeof useSidebarState>;

function SidebarBody({ collapsed, onNavigate, onToggle, toggleLabel }: {
  collapsed: boolean;
  onNavigate?: () => void;
  onToggle?: () => void;
  toggleLabel?: string;
}) {
  const { user } = useAuth();
  const [rewardsVisited, setRewardsVisited] = useState(() => localStorage.getItem(EARN_REWARDS_VISITED_KEY) === 'true');
  // A visit by any route (a link, the address bar) stops the pulse too.
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname.startsWith('/earn-rewards')) {
      localStorage.setItem(EARN_REWARDS_VISITED_KEY, 'true');
      setRewardsVisited(true);
    }
  }, [pathname]);
  const { data: companies } = useCompanies();
  const { data: queue } = useReviewQueue();
  const reviewer = Boolean(companies?.companies.some((company) => company.role === 'counsel') || (queue && queue.pending.length + queue.decided.length > 0));
  const waiting = queue?.pending.filter((review) => review.may_decide).length ?? 0;
  const items = MENU.filter((item) => (!item.adminOnly || user?.app_metadata.role === 'admin') && (!item.reviewers || reviewer));

  return (
    <TooltipGroup enabled={collapsed}>
      <div className={cn('flex h-16 shrink-0 items-center border-b border-gray-200', collapsed ? 'justify-center px-2' : 'justify-between px-4')}>
        <Link to={user ? '/dashboard' : '/'} className="flex items-center gap-2.5" aria-label="RaiseSpark home" onClick={onNavigate}>
          <BrandMark />
          {collapsed ? null : <BrandName />}
        </Link>
        {onToggle && !collapsed ? (
          <button
            type="button"
            onClick={onToggle}
            aria-label={toggleLabel}
            title={`${toggleLabel} (Ctrl+B)`}
            className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            <PanelLeftClose className="size-5" aria-hidden />
          </button>
        ) : null}
      </div>
      {user ? (
        <div className="border-b border-gray-200 px-2 py-2">
          <CompanySwitcher collapsed={collapsed} />
        </div>
      ) : null}
      <nav aria-label="Menu" className="flex-1 overflow-y-auto px-2 py-4">
        {collapsed ? null : <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-gray-500 uppercase">Menu</p>}
        <ul className="space-y-1">
          {items.map(({ to, label, icon: Icon }) => {
            const pulse = to === '/earn-rewards' && !rewardsVisited;
            return (
              <li key={to}>
                <Tooltip content={label} disabled={!collapsed}>
                  <NavLink
                    to={to}
                    aria-label={collapsed ? label : undefined}
                    onClick={() => {
                      if (to === '/earn-rewards') {
                        localStorage.setItem(EARN_REWARDS_VISITED_KEY, 'true');
                        setRewardsVisited(true);
                      }
                      onNavigate?.();
                    }}
                    className={({ isActive }) =>
                      cn(
                        'group relative flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                        collapsed ? 'justify-center' : 'px-3',
                        isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
                        pulse && 'text-emerald-700',
                      )
                    }
                  >
                    <span className="relative flex">
                      <Icon className="size-5 shrink-0" aria-hidden />
                      {pulse ? (
                        <span data-testid="earn-rewards-pulse" className="absolute -top-1 -right-1 flex size-2.5">
                          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75 motion-reduce:animate-none" />
                          <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
                        </span>
                      ) : null}
                    </span>
                    {collapsed ? null : <span className="truncate">{label}</span>}
                    {to === '/reviews' && waiting > 0 ? (
                      <span
                        aria-label={`${waiting} waiting for you`}
                        className={cn('rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white', collapsed ? 'absolute top-0.5 right-0.5' : 'ml-auto')}
                      >
                        {waiting}
                      </span>
                    ) : null}
                  </NavLink>
                </Tooltip>
              </li>
            );
          })}
        </ul>
      </nav>
      {user ? <SignOutButton collapsed={collapsed} /> : null}
    </TooltipGroup>
  );
}

function SignOutButton({ collapsed }: { collapsed: boolean }) {
  const { signOut, signingOut } = useSignOut('Failed to sign out');
  return (
    <div className="border-t border-gray-200 p-2">
      <Tooltip content="Sign out" disabled={!collapsed}>
        <button
          type="button"
          disabled={signingOut}
          onClick={() => void signOut()}
          aria-label={collapsed ? 'Sign out' : undefined}
          className={cn(
            'flex h-10 w-full items-center gap-3 rounded-lg text-sm font-medium text-gray-700 hover:bg-gray-100 disabled:opacity-60',
            collapsed ? 'justify-center' : 'px-3',
          )}
        >
          {signingOut ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <LogOut className="size-5" aria-hidden />}
          {collapsed ? null : signingOut ? 'Signing out...' : 'Sign out'}
        </button>
      </Tooltip>
    </div>
  );
}

/** Desktop: a fixed column, 16rem or a 3rem icon rail. Mobile: a top bar and a slide-over. */
export function Sidebar({ state }: { state: SidebarState }) {
  const { mobile, expanded, setExpanded, mobileOpen, setMobileOpen } = state;

  if (mobile) {
    return (
      <>
        <div className="sticky top-(--app-top) z-30 flex h-14 items-center gap-3 border-b border-gray-200 bg-white/90 px-4 backdrop-blur">
          <button
            type="button"
            onClick={() => setMobileOpen(true)}
            aria-label="Open sidebar"
            className="-ml-1.5 rounded-md p-1.5 text-gray-700 hover:bg-gray-100"
          >
            <Menu className="size-6" aria-hidden />
          </button>
          <Link to="/dashboard" className="flex items-center gap-2" aria-label="RaiseSpark home">
            <BrandMark className="size-7" />
            <BrandName className="text-base" />
          </Link>
        </div>
        <Sheet open={mobileOpen} onOpenChange={setMobileOpen} title="Menu" className="w-[var(--sidebar-width-mobile)]">
          <aside data-sidebar="mobile" className="flex h-full flex-col">
            <SidebarBody collapsed={false} onNavigate={() => setMobileOpen(false)} />
          </aside>
        </Sheet>
      </>
    );
  }

  return (
    <>
      <aside
        data-sidebar="desktop"
        data-state={expanded ? 'expanded' : 'collapsed'}
        className={cn(
          'fixed top-(--app-top) bottom-0 left-0 z-30 flex flex-col border-r border-gray-200 bg-white transition-[width] duration-200',
          expanded ? 'w-[var(--sidebar-width)]' : 'w-[var(--sidebar-width-icon)]',
        )}
      >
        <SidebarBody collapsed={!expanded} onToggle={() => setExpanded(false)} toggleLabel="Collapse sidebar" />
      </aside>
      {expanded ? null : (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          aria-label="Open sidebar"
          title="Open sidebar (Ctrl+B)"
          className="fixed top-[calc(var(--app-top)+0.75rem)] left-[calc(var(--sidebar-width-icon)+0.75rem)] z-40 flex size-10 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-700 shadow-md hover:bg-gray-50"
        >
          <PanelLeftOpen className="size-5" aria-hidden />
        </button>
      )}
    </>
  );
}
