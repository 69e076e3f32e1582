import { AlertTriangle, BadgeCheck, CircleDollarSign, CreditCard, Hourglass, Inbox, RefreshCw, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAdminStats, type PlatformStats } from '../api/stats';
import { signupTotal } from '../signups';
import { SignupsChart } from './signups-chart';

type Figure = {
  label: string;
  icon: LucideIcon;
  tone: string;
  value: (s: PlatformStats) => string;
  caption: (s: PlatformStats) => string;
  className?: string;
};

const count = (n: number) => n.toLocaleString('en-US');
const share = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}% of accounts` : 'No accounts yet');

const FIGURES: Figure[] = [
  { label: 'Users', icon: Users, tone: 'bg-brand-50 text-brand-600', value: (s) => count(s.users), caption: () => 'Accounts created' },
  { label: 'Confirmed', icon: BadgeCheck, tone: 'bg-emerald-50 text-emerald-600', value: (s) => count(s.confirmed), caption: (s) => share(s.confirmed, s.users) },
  { label: 'Trialing', icon: Hourglass, tone: 'bg-sky-50 text-sky-600', value: (s) => count(s.trialing), caption: () => 'On a free trial' },
  { label: 'Paying', icon: CreditCard, tone: 'bg-violet-50 text-violet-600', value: (s) => count(s.paying), caption: () => 'Active subscriptions' },
  { label: 'MRR', icon: CircleDollarSign, tone: 'bg-amber-50 text-amber-600', value: (s) => formatUsd(s.mrr_cents / 100), caption: () => 'Recurring each month', className: 'col-span-2 xl:col-span-1' },
];

function FigureCard({ figure, stats }: { figure: Figure; stats: PlatformStats | undefined }) {
  const id = useId();
  const Icon = figure.icon;
  return (
    <div role="group" aria-labelledby={id} className={cn('rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5', figure.className)}>
      <div className="flex items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium text-gray-600">{figure.label}</p>
        <span className={`hidden size-9 shrink-0 items-center justify-center rounded-xl sm:flex ${figure.tone}`}>
          <Icon className="size-4.5" aria-hidden />
        </span>
      </div>
      {stats ? (
        <p className="mt-3 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums sm:text-3xl">{figure.value(stats)}</p>
      ) : (
        <Skeleton className="mt-3 h-8 w-20" />
      )}
      {stats ? <p className="mt-1 truncate text-xs text-gray-500">{figure.caption(stats)}</p> : <Skeleton className="mt-2 h-3 w-24" />}
    </div>
  );
}

function LeadsCard({ stats }: { stats: PlatformStats | undefined }) {
  const rows = stats
    ? [
        ['Today', stats.leads.today],
        ['Last 7 days', stats.leads.last_7_days],
        ['Last 30 days', stats.leads.last_30_days],
      ] as const
    : null;
  return (
    <section aria-labelledby="admin-leads-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h3 id="admin-leads-heading" className="text-sm font-semibold text-gray-900">Leads captured</h3>
        <span className="flex size-9 items-center justify-center rounded-xl bg-emerald-50 text-emerald-600">
          <Inbox className="size-4.5" aria-hidden />
        </span>
      </div>
      <p className="mt-1 text-xs text-gray-500">Investor submissions across every founder's forms</p>
      <dl className="mt-5 divide-y divide-gray-100">
        {rows
          ? rows.map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between py-3 first:pt-0 last:pb-0">
                <dt className="text-sm text-gray-600">{label}</dt>
                <dd className="text-xl font-semibold text-gray-900 tabular-nums">{count(value)}</dd>
              </div>
            ))
          : [0, 1, 2].map((row) => <Skeleton key={row} className="my-3 h-6" />)}
      </dl>
    </section>
  );
}

/** Platform figures: accounts, subscriptions, revenue, leads and 30 days of sign-ups. */
export function PlatformFigures() {
  const { data: stats, error, mutate, isValidating } = useAdminStats();

  if (error && !stats) {
    return (
      <div role="alert" className="mb-10 flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800 sm:flex-row sm:items-center">
        <AlertTriangle className="size-5 shrink-0" aria-hidden />
        <p className="flex-1">The platform figures could not be loaded.</p>
        <Button variant="secondary" size="sm" disabled={isValidating} onClick={() => void mutate()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  return (
    <section aria-label="Platform figures" className="mb-10 space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
        {FIGURES.map((figure) => (
          <FigureCard key={figure.label} figure={figure} stats={stats} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <section aria-labelledby="admin-signups-heading" className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm lg:col-span-2">
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <h3 id="admin-signups-heading" className="text-sm font-semibold text-gray-900">Sign-ups</h3>
              <p className="mt-1 text-xs text-gray-500">New accounts per day, last 30 days</p>
            </div>
            {stats ? (
              <p className="text-right">
                <span className="block text-2xl font-semibold text-gray-900 tabular-nums">{count(signupTotal(stats.signups))}</span>
                <span className="text-xs text-gray-500">in 30 days</span>
              </p>
            ) : null}
          </div>
          {stats ? <SignupsChart days={stats.signups} /> : <Skeleton className="h-46" />}
        </section>
        <LeadsCard stats={stats} />
      </div>
    </section>
  );
}
