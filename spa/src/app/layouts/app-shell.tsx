import type { ReactNode } from 'react';
import { ASSISTANT_CLEARANCE } from '@/lib/layout';
import { cn } from '@/lib/utils';
import { Sidebar } from './sidebar';
import { useSidebarState } from './sidebar-state';

/**
 * The signed-in shell: sidebar (when the path has one) beside the page, which ends with room for
 * Sparky's floating button (every signed-in app page has it; an anonymous /pricing keeps the room).
 */
export function AppShell({ withSidebar, children }: { withSidebar: boolean; children: ReactNode }) {
  if (!withSidebar) return <main className={cn('min-h-dvh bg-gray-50/60', ASSISTANT_CLEARANCE)}>{children}</main>;
  return <ShellWithSidebar>{children}</ShellWithSidebar>;
}

function ShellWithSidebar({ children }: { children: ReactNode }) {
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
        <div className={cn('mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8 lg:pt-8', !sidebar.mobile && !sidebar.expanded && 'pt-16', ASSISTANT_CLEARANCE)}>
          {children}
        </div>
      </main>
    </div>
  );
}
