import { ArrowRight, ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRecentLeads } from '../api/leads';
import { formatLeadDay } from '../format';
import { LeadAvatar } from './lead-avatar';
import { DateTime } from '@/components/ui/date-time';
import { TemperatureBadge } from './temperature-badge';

/** The five newest leads on the dashboard; each opens in the leads page. */
export function RecentLeads() {
  const { data, isLoading } = useRecentLeads();
  const leads = data?.leads ?? [];

  return (
    <section aria-labelledby="recent-leads-heading" className="mt-10">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="recent-leads-heading" className="text-lg font-semibold text-gray-900">Recent Leads</h2>
        <Link to="/leads" className={buttonClasses('secondary', 'sm')}>
          View All <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {isLoading ? (
        <div className="space-y-px overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3 px-5 py-4">
              <Skeleton className="size-9 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-36" />
                <Skeleton className="h-3 w-24" />
              </div>
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
          ))}
        </div>
      ) : leads.length === 0 ? (
        <EmptyState icon={Users} title="No leads yet">Leads will appear here once you start receiving submissions</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          {leads.map((lead) => {
            const { name, investmentRange } = lead.summary;
            return (
              <li key={lead.id}>
                <Link
                  to={`/leads?lead=${encodeURIComponent(lead.id)}`}
                  className="flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-none sm:px-5"
                >
                  <LeadAvatar name={name} className="size-9" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-gray-900">{name ?? 'Unknown investor'}</span>
                    <span className="block truncate text-xs text-gray-500">{lead.formName ?? 'Deleted form'}</span>
                  </span>
                  {investmentRange ? (
                    <span className="hidden rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 sm:inline">{investmentRange}</span>
                  ) : null}
                  <TemperatureBadge value={lead.temperature} />
                  <DateTime value={lead.createdAt} className="hidden w-16 text-right text-xs text-gray-500 sm:block">
                    {formatLeadDay(lead.createdAt)}
                  </DateTime>
                  <ChevronRight className="size-4 shrink-0 text-gray-400" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
