import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Sidebar } from './sidebar';
import { useSidebarState } from './sidebar-state';

/** The signed-in shell: sidebar (when the path has one) beside the page. */
export function AppShell({ withSidebar, clearance, children }: {
  withSidebar: boolean;
  /** Classes keeping the page's end clear of a floating button (ASSISTANT_CLEARANCE). */
  clearance?: string;
  children: ReactNode;
}) {
  if (!withSidebar) return <main className={cn('min-h-dvh bg-gray-50/60', clearance)}>{children}</main>;
  return <ShellWithSidebar clearance={clearance}>{children}</ShellWithSidebar>;
}

function ShellWithSidebar({ clearance, children }: { clearance?: string; children: ReactNode }) {
  const sidebar = useSidebarState();
  return (
    <div className="min-h-dvh bg-gray-50/60">
      <Sidebar state={sidebar} />
      <main
        className={cn(
          'transition-[padding] duration-200',
          !sidebar.mobile && (sidebar.expanded ? 'pl-[var(--sidebar-width)]' : 'pl-[var(--sidebar-width-icon)]'),
        )}
      >
        <div className={cn('mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8', !sidebar.mobile && !sidebar.expanded && 'pt-16', clearance)}>
          {children}
        </div>
      </main>
    </div>
  );
}
