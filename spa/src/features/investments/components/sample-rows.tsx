import { Badge } from '@/components/ui/badge';
import { formatCents, formatDay } from '../format';
import { investmentStatusLook, matchLook } from '../status';
import type { SampleRow } from '../types';

function Match({ row }: { row: SampleRow }) {
  const look = matchLook(row.match.kind);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <Badge tone={look.tone}>{look.label}</Badge>
      {row.match.leadName ? <span className="min-w-0 truncate text-xs text-gray-600" title={row.match.leadName}>{row.match.leadName}</span> : null}
    </span>
  );
}

function Status({ row }: { row: SampleRow }) {
  const look = investmentStatusLook(row.status);
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

/** The first rows of the file as they will be imported, each with how it matches a lead. */
export function SampleRows({ rows }: { rows: SampleRow[] }) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-gray-500">No row of this file could be read.</p>;
  return (
    <>
      {/* On a phone each row is a line of its own; from sm up, a table. */}
      <ul aria-label="First rows of the file" className="divide-y divide-gray-100 sm:hidden">
        {rows.map((row) => (
          <li key={row.line} className="py-3">
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-sm font-medium text-gray-900" title={row.name}>{row.name || row.email || `Line ${row.line}`}</span>
              <span className="shrink-0 text-sm font-semibold text-gray-900 tabular-nums">{formatCents(row.amountCents)}</span>
            </p>
            <p className="mt-0.5 truncate text-xs text-gray-500">
              {[`Line ${row.line}`, row.email, row.date ? formatDay(row.date) : null, investmentStatusLook(row.status).label].filter(Boolean).join(' · ')}
            </p>
            <div className="mt-1.5">
              <Match row={row} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="min-w-full text-sm">
          <caption className="sr-only">First rows of the file, with how each matches a lead</caption>
          <thead>
            <tr className="border-b border-gray-200 text-left text-xs font-medium tracking-wide text-gray-500 uppercase">
              <th scope="col" className="py-2 pr-3 font-medium">Line</th>
              <th scope="col" className="px-3 py-2 font-medium">Investor</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
              <th scope="col" className="px-3 py-2 font-medium">Date</th>
              <th scope="col" className="px-3 py-2 font-medium">Status</th>
              <th scope="col" className="py-2 pl-3 font-medium">Lead</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.line}>
                <td className="py-2.5 pr-3 text-gray-500 tabular-nums">{row.line}</td>
                <td className="px-3 py-2.5">
                  <p className="max-w-56 truncate font-medium text-gray-900" title={row.name}>{row.name || '—'}</p>
                  {row.email ? <p className="max-w-56 truncate text-gray-500" title={row.email}>{row.email}</p> : null}
                </td>
                <td className="px-3 py-2.5 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatCents(row.amountCents)}</td>
                <td className="px-3 py-2.5 whitespace-nowrap text-gray-700">{formatDay(row.date)}</td>
                <td className="px-3 py-2.5"><Status row={row} /></td>
                <td className="max-w-64 py-2.5 pl-3"><Match row={row} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
