import { CalendarDays } from 'lucide-react';
import { useEffect } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { Form } from '@/features/forms/types';
import { cn } from '@/lib/utils';
import { useLeadTrends, type DayCount } from '../api/trends';
import { describeDays, formatShortDay, leadsCount } from '../trends';
import { BarChart, type ChartBar } from './bar-chart';

function dayBars(days: DayCount[]): ChartBar[] {
  return days.map((day, index) => {
    const name = index === days.length - 1 ? `Today (${formatShortDay(day.date)})` : formatShortDay(day.date);
    return { key: day.date, label: formatShortDay(day.date), value: day.leads, name, readout: `${name}: ${leadsCount(day.leads)}` };
  });
}

/**
 * Leads per day over the last 30 days on the leads page, for the form chosen in the toolbar
 * (or all forms). The previous form's chart stays, dimmed, while the next one loads. A failed
 * load is logged; the page itself explains an unknown form.
 */
export function LeadsPerDayCard({ formId, forms }: { formId: string | null; forms: Form[] | undefined }) {
  const { data, error, isValidating } = useLeadTrends(formId);
  useEffect(() => {
    if (error) console.error('lead trends failed to load', error);
  }, [error]);
  if (error) return null;
  if (!data) return <Skeleton className="mb-4 h-[19rem] rounded-2xl" />;

  const shownFormId = data.formId ?? null;
  const scope = shownFormId ? (forms?.find((form) => form.id === shownFormId)?.name ?? 'this form') : 'all forms';
  const total = data.days.reduce((sum, day) => sum + day.leads, 0);
  const stale = isValidating && shownFormId !== formId;

  return (
    <section
      aria-labelledby="leads-per-day-heading"
      aria-busy={stale}
      className={cn('mb-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition-opacity sm:p-5', stale && 'opacity-60')}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id="leads-per-day-heading" className="text-sm font-medium text-gray-600">Leads per day</h2>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{total.toLocaleString('en-US')}</span>
            <span className="text-sm text-gray-500">{`in the last ${data.days.length} days`}</span>
          </p>
        </div>
        <p className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full bg-gray-50 px-2.5 py-1 text-xs font-medium text-gray-600 ring-1 ring-gray-200 ring-inset">
          <CalendarDays className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{shownFormId ? scope : 'All forms'}</span>
        </p>
      </div>
      <div className="mt-4">
        <BarChart
          bars={dayBars(data.days)}
          label={describeDays(data.days, scope)}
          caption={`Leads per day, last ${data.days.length} days, ${scope}`}
          nameHeading="Day"
        />
      </div>
    </section>
  );
}
