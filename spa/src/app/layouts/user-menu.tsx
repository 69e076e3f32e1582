import { ChevronDown, LayoutDashboard, Loader2, LogOut, Settings } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { displayName, initials, useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';

/** The header's signed-in menu (spec 2): My Account, the user's name, Dashboard, Settings, Sign out. */
export function UserMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { signOut, signingOut } = useSignOut('Failed to sign out, please try again');
  if (!user) return null;
  const name = displayName(user);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Open account menu"
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-gray-700 hover:bg-gray-100"
      >
        <Avatar initials={initials(name, user.email)} />
        <span className="max-w-40 truncate">{name ?? user.email}</span>
        <ChevronDown className="size-4 text-gray-500" aria-hidden />
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
