import { AlertTriangle, ChevronDown, FilterX, ScrollText, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { DateTime } from '@/components/ui/date-time';
import { formatMinutes, formatTime, minutesBetween } from '@/lib/dates';
import { useIsMobile } from '@/lib/use-is-mobile';
import { cn } from '@/lib/utils';
import { AUDIT_FILTER_KEYS, useImpersonations, type AuditFilters, type AuditRecord } from '../api/impersonations';
import { useCursorPages } from '../cursor-pages';
import { auditStatus } from '../labels';
import { Pager } from '@/components/ui/pager';
import { withParam } from '@/lib/search-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(params: URLSearchParams): AuditFilters {
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  return { admin: text('admin'), target: text('target'), from: day('from'), to: day('to') };
}

function Filters({ filters, busy, onChange, onClear }: {
  filters: AuditFilters;
  busy: boolean;
  onChange: (key: keyof AuditFilters, value: string) => void;
  onClear: () => void;
}) {
  const active = AUDIT_FILTER_KEYS.some((key) => filters[key]);
  const caption = 'mb-1.5 block text-xs font-medium text-gray-700';
  return (
    <div className="mb-4 grid grid-cols-2 gap-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm xl:grid-cols-[1fr_1fr_10rem_10rem_auto] xl:items-end">
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p aria-hidden className={caption}>Administrator</p>
        <SearchInput label="Administrator" placeholder="E-mail or user id" value={filters.admin} busy={busy} onCommit={(value) => onChange('admin', value)} />
      </div>
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p aria-hidden className={caption}>Target user</p>
        <SearchInput label="Target user" placeholder="E-mail or user id" value={filters.target} onCommit={(value) => onChange('target', value)} />
      </div>
      <label className="min-w-0">
        <span className={caption}>From</span>
        <input type="date" className={inputClasses} value={filters.from} max={filters.to || undefined} onChange={(event) => onChange('from', event.target.value)} />
      </label>
      <label className="min-w-0">
        <span className={caption}>To</span>
        <input type="date" className={inputClasses} value={filters.to} min={filters.from || undefined} onChange={(event) => onChange('to', event.target.value)} />
      </label>
      <Button variant="ghost" disabled={!active} onClick={onClear} className="col-span-2 xl:col-span-1">
        <FilterX className="size-4" aria-hidden /> Clear
      </Button>
    </div>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-gray-900">{children}</dd>
    </div>
  );
}

function duration(record: AuditRecord): string | null {
  const minutes = minutesBetween(record.session_started_at, record.ended_at);
  if (minutes === null) return null;
  return record.status === 'active' ? `${formatMinutes(minutes)} so far` : formatMinutes(minutes);
}

function StatusBadge({ status }: { status: number }) {
  if (status === 0) return <Badge tone="gray">not recorded</Badge>;
  return <Badge tone={status >= 400 ? 'red' : 'green'}>{status}</Badge>;
}

function Incomplete({ record }: { record: AuditRecord }) {
  if (record.complete) return null;
  return <p className="border-t border-gray-200 bg-gray-50 px-3 py-2 text-xs text-gray-600">More was recorded than is listed here.</p>;
}

function Writes({ record }: { record: AuditRecord }) {
  const mobile = useIsMobile();
  if (record.changes.length === 0) {
    return <p className="text-sm text-gray-500">{record.session_started_at ? 'No changes were made.' : 'The sign-in link was never used.'}</p>;
  }
  if (mobile) {
    return (
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        <ul aria-label="Writes" className="divide-y divide-gray-100">
          {record.changes.map((change, index) => (
            <li key={`${change.at}-${index}`} className="px-3 py-2.5">
              <div className="flex items-center gap-2 text-xs">
                <span className="font-mono font-semibold text-gray-700">{change.method}</span>
                <StatusBadge status={change.status} />
                <DateTime value={change.at} className="ml-auto text-gray-500">{formatTime(change.at)}</DateTime>
              </div>
              <p className="mt-1 font-mono text-xs break-all text-gray-900">{change.path}</p>
              <p className="text-xs text-gray-500">{change.description}</p>
            </li>
          ))}
        </ul>
        <Incomplete record={record} />
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-gray-200">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">Method</th>
              <th scope="col" className="px-3 py-2">Path</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Time</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 bg-white">
            {record.changes.map((change, index) => (
              <tr key={`${change.at}-${index}`}>
                <td className="px-3 py-2 font-mono text-xs font-semibold text-gray-700">{change.method}</td>
                <td className="px-3 py-2">
                  <span className="block font-mono text-xs break-all text-gray-900">{change.path}</span>
                  <span className="text-xs text-gray-500">{change.description}</span>
                </td>
                <td className="px-3 py-2">
                  <StatusBadge status={change.status} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-600">
                  <DateTime value={change.at}>{formatTime(change.at)}</DateTime>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Incomplete record={record} />
    </div>
  );
}

/** Reads, grouped by route: how many times, how many refused, first and last time. */
function Reads({ record }: { record: AuditRecord }) {
  if (record.views.length === 0) {
    return <p className="text-sm text-gray-500">{record.session_started_at ? 'Nothing was viewed.' : 'The sign-in link was never used.'}</p>;
  }
  return (
    <ul aria-label="Reads" className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white">
      {record.views.map((view) => (
        <li key={`${view.method} ${view.path}`} className="px-3 py-2.5">
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="text-gray-900">{view.description}</span>
            <span className="text-xs text-gray-500">
              {`${view.count.toLocaleString('en-US')} ${view.count === 1 ? 'time' : 'times'}`}
              {view.refused > 0 ? `, ${view.refused.toLocaleString('en-US')} refused` : ''}
            </span>
            <span className="ml-auto text-xs whitespace-nowrap text-gray-500">
              <DateTime value={view.first_at}>{formatTime(view.first_at)}</DateTime>
              {view.last_at !== view.first_at ? (
                <>
                  {' – '}
                  <DateTime value={view.last_at}>{formatTime(view.last_at)}</DateTime>
                </>
              ) : null}
            </span>
          </div>
          <p className="mt-0.5 font-mono text-xs break-all text-gray-600">{`${view.method} ${view.path}`}</p>
        </li>
      ))}
    </ul>
  );
}

function AuditEntry({ record }: { record: AuditRecord }) {
  const [open, setOpen] = useState(false);
  const status = auditStatus(record);
  const lasted = duration(record);
  const writes = record.changes.length;
  const views = record.views.reduce((sum, view) => sum + view.count, 0);
  const panelId = `audit-${record.id}`;
  return (
    <li className="bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-start gap-4 px-4 py-4 text-left transition-colors hover:bg-gray-50 sm:px-5"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="truncate font-medium text-gray-900">{record.target_email}</span>
            <Badge tone={status.tone}>
              {record.status === 'active' ? <span className="size-1.5 animate-pulse rounded-full bg-emerald-500" aria-hidden /> : null}
              {status.label}
            </Badge>
          </span>
          <span className="mt-1 block truncate text-sm text-gray-600">{record.reason}</span>
          <span className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500">
            <span>by {record.admin_email}</span>
            <DateTime value={record.started_at} withTime />
            {lasted ? <span>{lasted}</span> : null}
            <span>{writes === 0 ? 'No changes' : `${writes.toLocaleString('en-US')}${record.complete ? '' : '+'} ${writes === 1 ? 'change' : 'changes'}`}</span>
            {views > 0 ? <span>{`${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`}</span> : null}
          </span>
        </span>
        <ChevronDown className={cn('mt-1 size-5 shrink-0 text-gray-400 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open ? (
        <div id={panelId} className="border-t border-gray-100 bg-gray-50/60 px-4 py-5 sm:px-5">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Reason" wide>{record.reason}</Fact>
            <Fact label="IP address"><span className="font-mono text-xs">{record.ip || '—'}</span></Fact>
            <Fact label="Session started">{record.session_started_at ? <DateTime value={record.session_started_at} withTime /> : 'Link not used'}</Fact>
            <Fact label="User agent" wide><span className="text-xs text-gray-700">{record.user_agent || '—'}</span></Fact>
            <Fact label={record.ended_at ? 'Ended' : 'Ends'}><DateTime value={record.ended_at ?? record.ends_at} withTime /></Fact>
            <Fact label="Link created"><DateTime value={record.started_at} withTime /></Fact>
          </dl>
          <h4 className="mt-6 mb-2 text-sm font-semibold text-gray-900">Writes during the session</h4>
          <Writes record={record} />
          <h4 className="mt-6 mb-2 text-sm font-semibold text-gray-900">Reads during the session</h4>
          <Reads record={record} />
        </div>
      ) : null}
    </li>
  );
}

function AuditSkeleton() {
  return (
    <ul className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm" aria-busy="true" aria-label="Loading the audit log">
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="space-y-2 px-5 py-4">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-3.5 w-80 max-w-full" />
          <Skeleton className="h-3 w-64 max-w-full" />
        </li>
      ))}
    </ul>
  );
}

/** Every impersonation: who, whom, why, from where, for how long and what was written. */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const pages = useCursorPages(JSON.stringify(filters));
  const { data, error, isValidating, mutate } = useImpersonations(filters, pages.cursor);
  const filtered = AUDIT_FILTER_KEYS.some((key) => filters[key]);

  const change = (key: keyof AuditFilters, value: string) =>
    setParams(withParam(key, value), { replace: true });
  const clear = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        AUDIT_FILTER_KEYS.forEach((key) => next.delete(key));
        return next;
      },
      { replace: true },
    );

  const body = () => {
    if (error && !data) {
      return (
        <EmptyState icon={AlertTriangle} title="The audit log could not be loaded" action={<Button variant="secondary" onClick={() => void mutate()}>Try again</Button>}>
          {error instanceof Error ? error.message : 'Something went wrong while reading the audit log.'}
        </EmptyState>
      );
    }
    if (!data) return <AuditSkeleton />;
    if (data.impersonations.length === 0) {
      return filtered ? (
        <EmptyState icon={SearchX} title="No sessions match these filters" action={<Button variant="secondary" onClick={clear}>Clear filters</Button>}>
          Try another administrator, user or date range.
        </EmptyState>
      ) : (
        <EmptyState icon={ScrollText} title="No impersonations yet">
          Each time an administrator impersonates a user, the session is recorded here with its reason and every change made.
        </EmptyState>
      );
    }
    return (
      <>
        <ul aria-label="Impersonation sessions" className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          {data.impersonations.map((record) => (
            <AuditEntry key={record.id} record={record} />
          ))}
        </ul>
        <Pager
          label="Audit log pages"
          page={pages.page}
          hasNext={Boolean(data.next_cursor)}
          busy={isValidating}
          onPrevious={pages.previous}
          onNext={() => pages.next(data.next_cursor)}
        />
      </>
    );
  };

  return (
    <section aria-labelledby="admin-audit-heading">
      <div className="mb-4">
        <h2 id="admin-audit-heading" className="text-lg font-semibold text-gray-900">Audit log</h2>
        <p className="text-sm text-gray-600">Every impersonation, newest first. Expand a session for its details, the changes made and what was viewed.</p>
      </div>
      <Filters filters={filters} busy={isValidating && Boolean(data)} onChange={change} onClear={clear} />
      {body()}
    </section>
  );
}
