import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useUnmatchedInvestors } from '../api/investments';
import { formatCents, formatDay } from '../format';
import { investmentStatusLook } from '../status';
import type { Investor } from '../types';

function Rows({ investors }: { investors: Investor[] }) {
  return (
    <>
      {/* On a phone each investor is a line of its own; from sm up, a table. */}
      <ul aria-label="Investors who came straight to the portal" className="divide-y divide-gray-100 sm:hidden">
        {investors.map((investor, index) => (
          <li key={`${index}-${investor.line}`} className="py-3">
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-sm font-medium text-gray-900" title={investor.name}>{investor.name || investor.email || 'Unnamed investor'}</span>
              <span className="shrink-0 text-sm font-semibold text-gray-900 tabular-nums">{formatCents(investor.amountCents)}</span>
            </p>
            <p className="mt-0.5 truncate text-xs text-gray-500">
              {[investor.email, investor.date ? formatDay(investor.date) : null, investmentStatusLook(investor.status).label].filter(Boolean).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Investors who came straight to the portal</caption>
          <thead>
            <tr className="border-b border-gray-200 text-left text-xs font-medium tracking-wide text-gray-500 uppercase">
              <th scope="col" className="py-2 pr-3 font-medium">Investor</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
              <th scope="col" className="px-3 py-2 font-medium">Date</th>
              <th scope="col" className="py-2 pl-3 font-medium">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {investors.map((investor, index) => {
              const look = investmentStatusLook(investor.status);
              return (
                <tr key={`${index}-${investor.line}`}>
                  <td className="py-2.5 pr-3">
                    <p className="max-w-72 truncate font-medium text-gray-900" title={investor.name}>{investor.name || '—'}</p>
                    {investor.email ? <p className="max-w-72 truncate text-gray-500" title={investor.email}>{investor.email}</p> : null}
                  </td>
                  <td className="px-3 py-2.5 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatCents(investor.amountCents)}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap text-gray-700">{formatDay(investor.date)}</td>
                  <td className="py-2.5 pl-3"><Badge tone={look.tone}>{look.label}</Badge></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * Investors of the applied imports who match no lead: they invested without filling in the
 * founder's form. A page at a time. `anyApplied` says whether there is any import to list from.
 */
export function StraightToPortal({ anyApplied }: { anyApplied: boolean }) {
  // The cursors of the pages before the one shown (none on the first page).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.length ? cursors[cursors.length - 1]! : null;
  const { data, error, isValidating, mutate } = useUnmatchedInvestors(cursor);
  const investors = data?.investors ?? [];

  let body;
  if (error && !data) {
    body = (
      <div className="py-6 text-center">
        <p className="text-sm text-gray-600">These investors could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void mutate()}>Try again</Button>
      </div>
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading investors" className="space-y-3 py-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-9 w-full" />
        ))}
      </div>
    );
  } else if (investors.length === 0 && cursors.length === 0) {
    body = (
      <p className="py-6 text-center text-sm text-gray-500">
        {anyApplied ? 'Everyone who invested so far filled in your form first.' : 'Once you import your portal’s export, investors who never filled in your form show here.'}
      </p>
    );
  } else {
    body = <Rows investors={investors} />;
  }

  return (
    <section aria-labelledby="straight-to-portal-heading" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="straight-to-portal-heading" className="text-base font-semibold text-gray-900">Investors who came straight to the portal</h2>
          <p className="mt-1 text-sm text-gray-600">They invested without filling in your form, so they match none of your leads.</p>
        </div>
        {isValidating && data ? <Loader2 className="mt-1 size-4 shrink-0 animate-spin text-gray-400" aria-label="Refreshing" /> : null}
      </div>
      <div className="mt-3">{body}</div>
      <Pager
        label="Pages of investors who came straight to the portal"
        page={cursors.length + 1}
        hasNext={Boolean(data?.next)}
        busy={isValidating}
        onPrevious={() => setCursors((current) => current.slice(0, -1))}
        onNext={() => {
          const next = data?.next;
          if (next) setCursors((current) => [...current, next]);
        }}
        className="mt-4 border-t border-gray-100 pt-3"
      />
    </section>
  );
}
