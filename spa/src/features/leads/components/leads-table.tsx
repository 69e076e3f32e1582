import { ChevronRight, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/lib/use-is-mobile';
import type { LeadView } from '../api/leads';
import { formatLeadDay } from '../format';
import { LeadAvatar } from './lead-avatar';
import { DateTime } from '@/components/ui/date-time';
import { TemperatureBadge } from './temperature-badge';

type ListProps = {
  leads: LeadView[];
  /** Show which form each lead came through (off when the page is filtered by one form). */
  showForm: boolean;
  onOpen: (lead: LeadView) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

const dash = <span className="text-gray-400">—</span>;

function value(text: string | null): ReactNode {
  return text?.trim() ? text : dash;
}

/** The leads as a table on wide screens and as stacked cards below the mobile breakpoint. */
export function LeadsList(props: ListProps) {
  const mobile = useIsMobile();
  return (
    <>
      {mobile ? <LeadCards {...props} /> : <LeadsTable {...props} />}
      {props.hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={props.onLoadMore} disabled={props.loadingMore}>
            {props.loadingMore ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {props.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function LeadsTable({ leads, showForm, onOpen }: ListProps) {
  return (
    // Secondary columns show as the table has room (container queries: the sidebar may be open).
    <div className="@container overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5">Investor</th>
              <th scope="col" className="hidden px-3 py-3 @6xl:table-cell">Phone</th>
              <th scope="col" className="hidden px-3 py-3 @4xl:table-cell">State</th>
              <th scope="col" className="px-3 py-3">Investment</th>
              <th scope="col" className="px-3 py-3">Temperature</th>
              {showForm ? <th scope="col" className="hidden px-3 py-3 @3xl:table-cell">Form</th> : null}
              <th scope="col" className="px-3 py-3">Date</th>
              <th scope="col" className="py-3 pr-4 pl-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {leads.map((lead) => {
              const { name, email, phone, state, investmentRange } = lead.summary;
              return (
                // The row is a larger click target; the View button is the keyboard path.
                <tr
                  key={lead.id}
                  onClick={() => onOpen(lead)}
                  className="cursor-pointer transition-colors hover:bg-brand-50/40"
                >
                  <td className="py-3 pr-3 pl-5">
                    <div className="flex min-w-0 items-center gap-3">
                      <LeadAvatar name={name} />
                      <div className="min-w-0">
                        <p className="max-w-52 truncate font-medium text-gray-900" title={name ?? undefined}>{name ?? 'Unknown investor'}</p>
                        <p className="max-w-52 truncate text-gray-500" title={email ?? undefined}>{email ?? 'No e-mail'}</p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-3 py-3 whitespace-nowrap text-gray-700 @6xl:table-cell">{value(phone)}</td>
                  <td className="hidden px-3 py-3 whitespace-nowrap text-gray-700 @4xl:table-cell">{value(state)}</td>
                  <td className="px-3 py-3 whitespace-nowrap text-gray-700">{value(investmentRange)}</td>
                  <td className="px-3 py-3"><TemperatureBadge value={lead.temperature} /></td>
                  {showForm ? (
                    <td className="hidden px-3 py-3 text-gray-700 @3xl:table-cell">
                      <span className="line-clamp-2 max-w-56 min-w-32 break-words" title={lead.formName ?? undefined}>{lead.formName ?? <span className="text-gray-400">Deleted form</span>}</span>
                    </td>
                  ) : null}
                  <td className="px-3 py-3 whitespace-nowrap text-gray-500">
                    <DateTime value={lead.createdAt}>{formatLeadDay(lead.createdAt)}</DateTime>
                  </td>
                  <td className="py-3 pr-4 pl-2 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2.5 text-brand-700 hover:bg-brand-50 hover:text-brand-800"
                      aria-label={`View ${name ?? 'lead'}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(lead);
                      }}
                    >
                      View
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function LeadCards({ leads, showForm, onOpen }: ListProps) {
  return (
    <ul className="space-y-3" aria-label="Leads">
      {leads.map((lead) => {
        const { name, email, phone, state, investmentRange } = lead.summary;
        const facts = [investmentRange, state, phone].filter((fact): fact is string => Boolean(fact?.trim()));
        return (
          <li key={lead.id}>
            <button
              type="button"
              onClick={() => onOpen(lead)}
              className="flex w-full items-start gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-200 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <LeadAvatar name={name} className="size-10 text-sm" />
              <span className="min-w-0 flex-1">
                <span className="flex items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900" title={name ?? undefined}>{name ?? 'Unknown investor'}</span>
                    <span className="block truncate text-sm text-gray-500" title={email ?? undefined}>{email ?? 'No e-mail'}</span>
                  </span>
                  <TemperatureBadge value={lead.temperature} className="mt-0.5 shrink-0" />
                </span>
                {facts.length ? (
                  <span className="mt-2.5 flex flex-wrap gap-1.5">
                    {facts.map((fact) => (
                      <span key={fact} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">{fact}</span>
                    ))}
                  </span>
                ) : null}
                <span className="mt-2.5 flex items-center justify-between gap-2 text-xs text-gray-500">
                  <span className="min-w-0 truncate">
                    <DateTime value={lead.createdAt}>{formatLeadDay(lead.createdAt)}</DateTime>
                    {showForm ? ` · ${lead.formName ?? 'Deleted form'}` : null}
                  </span>
                  <ChevronRight className="size-4 shrink-0 text-gray-400" aria-hidden />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder rows while the first page loads. */
export function LeadsSkeleton() {
  return (
    <ListSkeleton
      label="Loading leads"
      trailing={
        <>
          <Skeleton className="hidden h-5 w-16 rounded-full sm:block" />
          <Skeleton className="hidden h-3.5 w-14 md:block" />
        </>
      }
    />
  );
}
