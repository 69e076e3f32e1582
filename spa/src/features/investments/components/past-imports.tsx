import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { cn } from '@/lib/utils';
import { importStatusLook } from '../status';
import type { ImportJob, ImportsOverview } from '../types';

const linkOf = (job: ImportJob) => `?import=${encodeURIComponent(job.id)}`;

function Status({ job, counted }: { job: ImportJob; counted: boolean }) {
  const look = importStatusLook(job.status);
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={look.tone}>{look.label}</Badge>
      {counted ? <Badge tone="brand">Counted now</Badge> : null}
    </span>
  );
}

function FileLink({ job, current }: { job: ImportJob; current: boolean }) {
  return (
    <Link
      to={linkOf(job)}
      aria-current={current ? 'page' : undefined}
      className={cn('min-w-0 truncate font-medium text-gray-900 hover:text-brand-700 hover:underline', current && 'text-brand-700')}
      title={job.fileName}
    >
      {job.fileName}
    </Link>
  );
}

/** Every import, newest first: file (opens it above), portal, status, who and when. */
export function PastImports({ overview, currentId }: { overview: ImportsOverview; currentId: string | null }) {
  const active = new Set(overview.portals.map((portal) => portal.activeImportId).filter(Boolean));
  const { imports } = overview;
  return (
    <section aria-labelledby="past-imports-heading" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="past-imports-heading" className="text-base font-semibold text-gray-900">Past imports</h2>
      {imports.length === 0 ? (
        <p className="mt-2 text-sm text-gray-500">No imports yet. Each file you upload is listed here.</p>
      ) : (
        <>
          {/* On a phone each import is a line of its own; from sm up, a table. */}
          <ul aria-label="Past imports" className="mt-2 divide-y divide-gray-100 sm:hidden">
            {imports.map((job) => (
              <li key={job.id} className="py-3">
                <p className="flex items-baseline justify-between gap-3">
                  <FileLink job={job} current={job.id === currentId} />
                  <span className="shrink-0 text-xs text-gray-500">{job.portalLabel}</span>
                </p>
                <p className="mt-0.5 truncate text-xs text-gray-500">
                  {`${job.createdBy} · `}
                  <DateTime value={job.createdAt} withTime />
                </p>
                <div className="mt-1.5">
                  <Status job={job} counted={active.has(job.id)} />
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-2 hidden overflow-x-auto sm:block">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Past imports, newest first</caption>
              <thead>
                <tr className="border-b border-gray-200 text-left text-xs font-medium tracking-wide text-gray-500 uppercase">
                  <th scope="col" className="py-2 pr-3 font-medium">File</th>
                  <th scope="col" className="px-3 py-2 font-medium">Portal</th>
                  <th scope="col" className="px-3 py-2 font-medium">Status</th>
                  <th scope="col" className="px-3 py-2 font-medium">By</th>
                  <th scope="col" className="py-2 pl-3 font-medium">When</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {imports.map((job) => (
                  <tr key={job.id}>
                    <td className="max-w-64 py-2.5 pr-3">
                      <span className="flex min-w-0"><FileLink job={job} current={job.id === currentId} /></span>
                    </td>
                    <td className="px-3 py-2.5 whitespace-nowrap text-gray-700">{job.portalLabel}</td>
                    <td className="px-3 py-2.5"><Status job={job} counted={active.has(job.id)} /></td>
                    <td className="max-w-48 truncate px-3 py-2.5 text-gray-700" title={job.createdBy}>{job.createdBy}</td>
                    <td className="py-2.5 pl-3 whitespace-nowrap text-gray-500"><DateTime value={job.createdAt} withTime /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
