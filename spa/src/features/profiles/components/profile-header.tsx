import { CircleDollarSign, Users } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { displayName, initials, useAuth } from '@/features/auth/auth-context';
import { formatUsd } from '@/lib/format';
import { useProfile } from '../api/profile';

/** Who is signed in, with their interested-investor count and estimated interest (spec 2). */
export function ProfileHeader({ estimatedInterest }: { estimatedInterest?: number }) {
  const { user } = useAuth();
  const { data: profile, isLoading } = useProfile();
  const name = profile?.name?.trim() || displayName(user);
  const count = profile?.interested_investors_count;

  return (
    <section aria-label="Profile" className="mb-6 flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm xl:flex-row xl:items-center xl:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar initials={initials(name, user?.email)} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-gray-900">{name ?? user?.email}</p>
          <p className="truncate text-sm text-gray-500">{user?.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700">
          <Users className="size-4" aria-hidden />
          {isLoading ? (
            <>
              Interested investors: <span aria-hidden className="inline-block h-3.5 w-5 animate-pulse rounded bg-brand-100" />
            </>
          ) : (
            `Interested investors: ${count ?? 0}`
          )}
        </p>
        {estimatedInterest !== undefined ? (
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-700">
            <CircleDollarSign className="size-4" aria-hidden />
            {`Estimated interest: ${formatUsd(estimatedInterest)}`}
          </p>
        ) : null}
      </div>
    </section>
  );
}
