import { AlertTriangle, ChevronDown, Clock, Eye, FileEdit, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatMinutes, formatTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useSupportSessions, type SupportSession } from '../api/support-sessions';

const ENDINGS: Record<string, { label: string; tone: BadgeTone }> = {
  revert: { label: 'Ended by support', tone: 'gray' },
  expiry: { label: 'Ended at its time limit', tone: 'gray' },
  signout: { label: 'Ended when support signed out', tone: 'gray' },
};

function ending(session: SupportSession) {
  if (!session.ended_at) return { label: 'In progress', tone: 'amber' as const };
  return (session.ended_by && ENDINGS[session.ended_by]) || { label: 'Ended', tone: 'gray' as const };
}

/** '3 times', '1 time'. */
function timesText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'time' : 'times'}`;
}

function Changes({ session }: { session: SupportSession }) {
  if (session.changes.length === 0) return <p className="text-sm text-gray-600">Nothing was changed.</p>;
  return (
    <ul aria-label="What was changed" className="space-y-1.5">
      {session.changes.map((change, index) => (
        <li key={`${change.at}-${index}`} className="flex items-baseline gap-2 text-sm">
          <FileEdit className="size-3.5 shrink-0 translate-y-0.5 text-gray-400" aria-hidden />
          <span className="min-w-0 flex-1 text-gray-800">{change.description}</span>
          <time dateTime={change.at} className="shrink-0 text-xs text-gray-500 tabular-nums">{formatTime(change.at)}</time>
        </li>
      ))}
    </ul>
  );
}

/** Views shown before 'Show all': a dashboard opened once reads a handful of routes. */
const VIEWS_SHOWN = 4;

/** Reads, grouped by route by the server: never shown as changes; a long list is collapsed. */
function Views({ session }: { session: SupportSession }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (session.views.length === 0) return <p className="text-sm text-gray-600">Nothing was viewed.</p>;
  const hidden = session.views.length - VIEWS_SHOWN;
  const shown = expanded || hidden <= 0 ? session.views : session.views.slice(0, VIEWS_SHOWN);
  return (
    <>
      <ul id={listId} aria-label="What was viewed" className="space-y-1.5">
        {shown.map((view) => (
          <li key={`${view.method} ${view.path}`} className="flex items-baseline gap-2 text-sm">
            <Eye className="size-3.5 shrink-0 translate-y-0.5 text-gray-400" aria-hidden />
            <span className="min-w-0 flex-1 text-gray-800">
              {view.description}
              {view.count > 1 ? <span className="text-gray-500">{` · ${timesText(view.count)}`}</span> : null}
            </span>
            <time dateTime={view.first_at} className="shrink-0 text-xs text-gray-500 tabular-nums">{formatTime(view.first_at)}</time>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="mt-1.5 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden />
          {expanded ? 'Show fewer' : `Show ${hidden} more ${hidden === 1 ? 'view' : 'views'}`}
        </button>
      ) : null}
    </>
  );
}

function SessionItem({ session }: { session: SupportSession }) {
  const { label, tone } = ending(session);
  return (
    <li className="py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <p className="text-sm font-semibold text-gray-900">
            <time dateTime={session.started_at}>{formatDateTime(session.started_at)}</time>
          </p>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-gray-500">
            <Clock className="size-3.5" aria-hidden />
            {session.ended_at ? `Lasted ${formatMinutes(session.minutes)}` : `${formatMinutes(session.minutes)} so far`}
          </p>
        </div>
        <Badge tone={tone}>{label}</Badge>
      </div>
      <dl className="mt-3 space-y-3">
        <div>
          <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">Reason given</dt>
          <dd className="mt-1 rounded-lg bg-gray-50 px-3 py-2 text-sm break-words text-gray-800">{session.reason}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">What was changed</dt>
          <dd className="mt-1.5">
            <Changes session={session} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">What was viewed</dt>
          <dd className="mt-1.5">
            <Views session={session} />
          </dd>
        </div>
      </dl>
      {session.complete ? null : (
        <p className="mt-3 text-xs text-gray-500">More was recorded than is listed here; the full record is kept.</p>
      )}
    </li>
  );
}

/**
 * Settings → Security: every time RaiseSpark support used the account — when, for how long,
 * why, what was changed, what was viewed and how the session ended.
 */
export function SupportSessions() {
  const { data, error, isValidating, mutate } = useSupportSessions();

  if (error && !data) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-gray-700 sm:flex-row sm:items-center">
        <AlertTriangle className="size-5 shrink-0 text-red-600" aria-hidden />
        <p className="flex-1">Your support sessions could not be loaded.</p>
        <Button variant="secondary" size="sm" disabled={isValidating} onClick={() => void mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading support sessions" className="space-y-3">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-4 w-64" />
      </div>
    );
  }
  if (data.sessions.length === 0) {
    return (
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-gray-600">No one from RaiseSpark support has accessed your account.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Support sessions" className="divide-y divide-gray-100">
      {data.sessions.map((session) => (
        <SessionItem key={session.id} session={session} />
      ))}
    </ul>
  );
}
