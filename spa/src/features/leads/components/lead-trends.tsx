import { ArrowDownRight, ArrowRight, ArrowUpRight, Flame, Minus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { Temperature } from '../api/leads';
import { type LeadTrends, useLeadTrends, type WeekCount } from '../api/trends';
import { describePaceDays, describeTemperatures, describeWeeks, formatShortDay, leadsCount, temperatureShares } from '../trends';
import { BarChart, type ChartBar } from './bar-chart';
import { TEMPERATURE_STYLES } from './temperature-badge';

const CARD = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5';

function weekBars(weeks: WeekCount[]): ChartBar[] {
  return weeks.map((week, index) => {
    const name = index === weeks.length - 1 ? `This week (${formatShortDay(week.start)})` : `Week of ${formatShortDay(week.start)}`;
    return { key: week.start, label: formatShortDay(week.start), value: week.leads, name, readout: `${name}: ${leadsCount(week.leads)}` };
  });
}

/**
 * The week-on-week change, on the basis the server chose (the same whole days of both weeks):
 * '+2', with what was compared beside it: 'Mon–Tue vs the same days last week'.
 */
function WeekChange({ pace }: { pace: LeadTrends['pace'] }) {
  const change = pace.leads - pace.previousLeads;
  const Icon = change > 0 ? ArrowUpRight : change < 0 ? ArrowDownRight : Minus;
  const basis = describePaceDays(pace.from, pace.to);
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 sm:justify-end">
      <span
        className={cn(
          'inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
          change > 0 ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-gray-50 text-gray-600 ring-gray-200',
        )}
      >
        <Icon className="size-3.5" aria-hidden />
        {change === 0 ? 'Same' : `${change > 0 ? '+' : '−'}${Math.abs(change).toLocaleString('en-US')}`}
        <span className="sr-only">{` (${leadsCount(pace.leads)} against ${leadsCount(pace.previousLeads)})`}</span>
      </span>
      <span className="text-xs text-gray-500" title="Whole days only (weeks run Monday to Sunday, UTC): a day still in progress is not compared">
        {basis}
      </span>
    </span>
  );
}

export function LeadsPerWeekCard({ weeks, pace }: { weeks: WeekCount[]; pace: LeadTrends['pace'] }) {
  const current = weeks[weeks.length - 1]?.leads ?? 0;
  return (
    <section aria-labelledby="leads-per-week-heading" className={cn(CARD, 'h-full')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h3 id="leads-per-week-heading" className="text-sm font-medium text-gray-600">Leads per week</h3>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{current.toLocaleString('en-US')}</span>
            <span className="text-sm text-gray-500">this week</span>
          </p>
        </div>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <WeekChange pace={pace} />
          <span className="text-xs text-gray-500">{`Last ${weeks.length} weeks`}</span>
        </div>
      </div>
      <div className="mt-4">
        <BarChart bars={weekBars(weeks)} label={describeWeeks(weeks)} caption={`Leads per week, last ${weeks.length} weeks`} nameHeading="Week" />
      </div>
    </section>
  );
}

const TEMPERATURE_FILL: Record<Temperature, { fill: string; dot: string }> = {
  hot: { fill: 'fill-red-500', dot: 'bg-red-500' },
  warm: { fill: 'fill-amber-400', dot: 'bg-amber-400' },
  cold: { fill: 'fill-sky-500', dot: 'bg-sky-500' },
};

/** Hot, warm and cold as one stacked bar with a legend of counts and percentages. */
export function TemperatureSplitCard({ temperatures }: { temperatures: Record<Temperature, number> }) {
  const shares = temperatureShares(temperatures);
  const total = shares.reduce((sum, share) => sum + share.leads, 0);
  const hot = temperatures.hot ?? 0;
  let offset = 0;
  const segments = shares.map((share) => {
    const width = total ? (share.leads / total) * 100 : 0;
    const segment = { ...share, x: offset, width };
    offset += width;
    return segment;
  });
  return (
    <section aria-labelledby="lead-temperature-heading" className={cn(CARD, 'flex h-full flex-col')}>
      <h3 id="lead-temperature-heading" className="text-sm font-medium text-gray-600">Lead temperature</h3>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{total.toLocaleString('en-US')}</span>
        <span className="text-sm text-gray-500">{total === 1 ? 'lead in total' : 'leads in total'}</span>
      </p>
      <div className="mt-6 overflow-hidden rounded-full bg-gray-100">
        <svg role="img" aria-label={describeTemperatures(shares)} viewBox="0 0 100 4" preserveAspectRatio="none" className="block h-4 w-full">
          {segments.map((segment) =>
            segment.width > 0 ? (
              <rect
                key={segment.temperature}
                x={segment.x}
                y={0}
                width={segment.width}
                height={4}
                className={cn(TEMPERATURE_FILL[segment.temperature].fill, 'stroke-white')}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
              />
            ) : null,
          )}
        </svg>
      </div>
      <ul aria-label="Leads by temperature" className="mt-6 grid grid-cols-3 gap-3">
        {shares.map((share) => {
          const { label, icon: Icon } = TEMPERATURE_STYLES[share.temperature];
          return (
            <li key={share.temperature} className="min-w-0 rounded-xl bg-gray-50 px-3 py-2.5">
              <p className="flex items-center gap-1.5 text-xs font-medium text-gray-600">
                <span className={cn('size-2 shrink-0 rounded-full', TEMPERATURE_FILL[share.temperature].dot)} aria-hidden />
                <Icon className="hidden size-3.5 shrink-0 text-gray-400 sm:block" aria-hidden />
                {label}
              </p>
              <p className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">
                {share.leads.toLocaleString('en-US')}
                <span className="ml-1.5 text-xs font-medium text-gray-500">{`${share.percent}%`}</span>
              </p>
            </li>
          );
        })}
      </ul>
      {hot > 0 ? (
        <div className="mt-auto pt-5">
          <Link
            to="/leads?temperature=hot"
            className="group flex items-center justify-between gap-3 rounded-xl border border-red-100 bg-red-50/60 px-3.5 py-3 text-sm font-medium text-red-800 transition-colors hover:bg-red-50"
          >
            <span className="flex items-center gap-2">
              <Flame className="size-4 shrink-0" aria-hidden />
              {hot === 1 ? 'Follow up with your hot lead' : `Follow up with your ${hot.toLocaleString('en-US')} hot leads`}
            </span>
            <ArrowRight className="size-4 shrink-0 transition-transform group-hover:translate-x-0.5" aria-hidden />
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function TrendsSkeleton() {
  return (
    <div role="status" aria-label="Loading lead activity" className="grid gap-4 lg:grid-cols-5">
      <Skeleton className="h-72 rounded-2xl lg:col-span-3" />
      <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
    </div>
  );
}

/**
 * The dashboard's lead activity: leads per week over 12 weeks and the hot/warm/cold split of
 * all leads. A failed load is logged and the section stays out of the way (spec 8: dashboard
 * load errors show no message).
 */
export function LeadTrends() {
  const { data, error } = useLeadTrends(null);
  useEffect(() => {
    if (error) console.error('lead trends failed to load', error);
  }, [error]);
  if (error && !data) return null;
  return (
    <section aria-labelledby="lead-activity-heading" className="mb-10">
      <h2 id="lead-activity-heading" className="mb-4 text-lg font-semibold text-gray-900">Lead activity</h2>
      {data ? (
        <div className="grid gap-4 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <LeadsPerWeekCard weeks={data.weeks} pace={data.pace} />
          </div>
          <div className="lg:col-span-2">
            <TemperatureSplitCard temperatures={data.temperatures} />
          </div>
        </div>
      ) : (
        <TrendsSkeleton />
      )}
    </section>
  );
}
