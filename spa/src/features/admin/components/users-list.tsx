import { ShieldCheck, UserRoundCog } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { initials } from '@/features/auth/auth-context';
import { DateTime } from '@/components/ui/date-time';
import { useIsMobile } from '@/lib/use-is-mobile';
import type { AdminUser } from '../api/users';
import { subscriptionLabel } from '../labels';

type ListProps = { users: AdminUser[]; onImpersonate: (user: AdminUser) => void };

/** Administrators cannot be impersonated, nor accounts whose e-mail is not confirmed. */
const canImpersonate = (user: AdminUser) => user.confirmed && !user.is_admin;

function AccountBadges({ user }: { user: AdminUser }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.is_admin ? (
        <Badge tone="brand">
          <ShieldCheck className="size-3.5" aria-hidden /> Admin
        </Badge>
      ) : null}
      {user.confirmed ? <Badge tone="green">Confirmed</Badge> : <Badge tone="amber">Unconfirmed</Badge>}
    </span>
  );
}

function PlanCell({ user }: { user: AdminUser }) {
  const { label, tone } = subscriptionLabel(user);
  return (
    <span className="flex flex-col items-start gap-1">
      {user.plan ? <span className="font-medium text-gray-900">{user.plan}</span> : null}
      <Badge tone={tone}>{label}</Badge>
    </span>
  );
}

function ImpersonateButton({ user, onImpersonate, className }: { user: AdminUser; onImpersonate: ListProps['onImpersonate']; className?: string }) {
  if (!canImpersonate(user)) return null;
  return (
    <Button variant="secondary" size="sm" className={className} aria-label={`Impersonate ${user.email}`} onClick={() => onImpersonate(user)}>
      <UserRoundCog className="size-4" aria-hidden /> Impersonate
    </Button>
  );
}

/** Accounts as a table on wide screens and as cards below the mobile breakpoint. */
export function UsersList(props: ListProps) {
  return useIsMobile() ? <UserCards {...props} /> : <UsersTable {...props} />;
}

function UsersTable({ users, onImpersonate }: ListProps) {
  return (
    <div className="@container overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5">User</th>
              <th scope="col" className="px-3 py-3">Plan</th>
              <th scope="col" className="px-3 py-3 text-right">Forms</th>
              <th scope="col" className="px-3 py-3 text-right">Leads</th>
              <th scope="col" className="hidden px-3 py-3 whitespace-nowrap @3xl:table-cell">Joined</th>
              <th scope="col" className="hidden px-3 py-3 whitespace-nowrap @3xl:table-cell">Last sign-in</th>
              <th scope="col" className="py-3 pr-5 pl-3 text-right">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {users.map((user) => (
              <tr key={user.id} className="align-middle transition-colors hover:bg-gray-50/70">
                <td className="py-3 pr-3 pl-5">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar initials={initials(user.name ?? undefined, user.email)} />
                    <div className="min-w-0">
                      <p className="max-w-56 truncate font-medium text-gray-900" title={user.name || user.email}>{user.name || user.email}</p>
                      <p className="max-w-56 truncate text-gray-500" title={user.name ? user.email : user.id}>
                        {user.name ? user.email : <span className="font-mono text-xs">{user.id}</span>}
                      </p>
                      <div className="mt-1.5"><AccountBadges user={user} /></div>
                    </div>
                  </div>
                </td>
                <td className="px-3 py-3"><PlanCell user={user} /></td>
                <td className="px-3 py-3 text-right text-gray-700 tabular-nums">{user.forms.toLocaleString('en-US')}</td>
                <td className="px-3 py-3 text-right text-gray-700 tabular-nums">{user.leads.toLocaleString('en-US')}</td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-gray-500 @3xl:table-cell"><DateTime value={user.created_at} /></td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-gray-500 @3xl:table-cell">
                  {user.last_sign_in_at ? <DateTime value={user.last_sign_in_at} /> : 'Never'}
                </td>
                <td className="py-3 pr-5 pl-3 text-right">
                  <ImpersonateButton user={user} onImpersonate={onImpersonate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function UserCards({ users, onImpersonate }: ListProps) {
  return (
    <ul className="space-y-3" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
          <div className="flex items-start gap-3">
            <Avatar initials={initials(user.name ?? undefined, user.email)} className="size-10 text-sm" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-gray-900">{user.name || user.email}</p>
              {user.name ? <p className="truncate text-sm text-gray-500">{user.email}</p> : null}
              <div className="mt-2"><AccountBadges user={user} /></div>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-3 rounded-xl bg-gray-50 p-3 text-center">
            <div>
              <dt className="text-xs text-gray-500">Forms</dt>
              <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">{user.forms.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500">Leads</dt>
              <dd className="mt-0.5 font-semibold text-gray-900 tabular-nums">{user.leads.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500">Joined</dt>
              <dd className="mt-0.5 text-sm font-semibold whitespace-nowrap text-gray-900"><DateTime value={user.created_at} /></dd>
            </div>
          </dl>
          <div className="mt-3 flex items-center justify-between gap-3">
            <PlanCell user={user} />
            <ImpersonateButton user={user} onImpersonate={onImpersonate} className="shrink-0" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UsersSkeleton() {
  return (
    <ListSkeleton
      label="Loading users"
      trailing={
        <>
          <Skeleton className="hidden h-5 w-20 rounded-full sm:block" />
          <Skeleton className="hidden h-8 w-28 rounded-lg md:block" />
        </>
      }
    />
  );
}
