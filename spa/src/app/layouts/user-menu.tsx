import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { displayName, initials, useAuth, type User } from '@/features/auth/auth-context';

export const USER_MENU_TRIGGER_CLASSES =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-gray-700 hover:bg-gray-100';

/** What the menu button shows: avatar, name (or e-mail) and a chevron. */
export function UserMenuFace({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <>
      <Avatar initials={initials(name, user.email)} />
      <span className="max-w-40 truncate">{name ?? user.email}</span>
      <ChevronDown className="size-4 text-gray-500" aria-hidden />
    </>
  );
}

/** The menu itself (Radix) loads after the first render; a look-alike button stands in. */
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown'));

/** The header's signed-in menu (spec 2). */
export function UserMenu() {
  const { user } = useAuth();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (!user) return null;
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="Open account menu"
          aria-haspopup="menu"
          className={USER_MENU_TRIGGER_CLASSES}
          onClick={() => setOpenOnLoad(true)}
        >
          <UserMenuFace user={user} />
        </button>
      }
    >
      <UserMenuDropdown defaultOpen={openOnLoad} />
    </Suspense>
  );
}
