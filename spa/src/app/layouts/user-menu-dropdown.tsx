import { LayoutDashboard, Loader2, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { displayName, useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { USER_MENU_TRIGGER_CLASSES, UserMenuFace } from './user-menu';

/** The header's signed-in menu (spec 2): My Account, the user's name, Dashboard, Settings, Sign out. */
export default function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { signOut, signingOut } = useSignOut('Failed to sign out, please try again');
  if (!user) return null;
  const name = displayName(user);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="Open account menu" className={USER_MENU_TRIGGER_CLASSES}>
        <UserMenuFace user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <div className="px-2.5 pb-2">
          <p className="truncate text-sm font-medium text-gray-900">{name ?? user.email}</p>
          {name ? <p className="truncate text-xs text-gray-500">{user.email}</p> : null}
        </div>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
          <LayoutDashboard className="size-4" aria-hidden /> Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings className="size-4" aria-hidden /> Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={signingOut}
          onSelect={(event) => {
            event.preventDefault();
            void signOut();
          }}
        >
          {signingOut ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <LogOut className="size-4" aria-hidden />}
          {signingOut ? 'Signing out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
