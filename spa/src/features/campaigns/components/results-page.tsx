import { AlertTriangle, ArrowLeft, CircleSlash, Copy, Loader2, MailCheck, MailOpen, MousePointerClick, Send, UserMinus, Users, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useForms } from '@/features/forms/api/get-forms';
import { formatFullDateTime } from '@/lib/dates';
import { useIsMobile } from '@/lib/use-is-mobile';
import { cn } from '@/lib/utils';
import { useCampaignResults } from '../api/results';
import { formatCount, percent, plural, progress, rates, statsOf } from '../figures';
import { allowedActions } from '../status';
import { describeSegment, normalizeSegment } from '../segment';
import type { CampaignStats, RecipientRow } from '../types';
import { useCampaignActions } from './campaign-actions';
import { CampaignMoment } from './campaign-moment';
import { CampaignStatusBadge } from './status-badge';
import { CampaignsUpgradePrompt } from './upgrade-prompt';
import { isProRequired } from '@/lib/api-client';

const RECIPIENT_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'gray' },
  sending: { label: 'Sending', tone: 'brand' },
  sent: { label: 'Sent', tone: 'green' },
  suppressed: { label: 'Suppressed', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
  unknown: { label: 'Unknown', tone: 'amber' },
};

function MainFigure({ label, value, note, icon: Icon }: { label: string; value: number; note: string; icon: typeof Send }) {
  return (
    <div role="group" aria-label={label} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 text-xs font-medium text-gray-500">
        <Icon className="size-4 text-brand-600" aria-hidden /> {label}
      </p>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{formatCount(value)}</p>
      <p className="mt-0.5 text-xs text-gray-500 tabular-nums">{note}</p>
    </div>
  );
}

function Figures({ stats, waiting }: { stats: CampaignStats; waiting: number }) {
  const r = rates(stats);
  const of = (share: string, what: string) => (share === '—' ? 'none sent yet' : `${share} ${what}`);
  const main: [string, number, string, typeof Send][] = [
    ['Recipients', stats.recipients, 'in the audience when sending started', Users],
    ['Sent', stats.sent, of(percent(stats.sent, stats.recipients), 'of recipients'), Send],
    ['Delivered', stats.delivered, of(r.delivered, 'of sent'), MailCheck],
    ['Opened', stats.opened, of(r.opened, 'open rate'), MailOpen],
    ['Clicked', stats.clicked, of(r.clicked, 'click rate'), MousePointerClick],
    ['Unsubscribed', stats.unsubscribed, of(r.unsubscribed, 'of sent'), UserMinus],
  ];
  const more: [string, number, string][] = [
    ['Bounced', stats.bounced, 'The mail server refused the address; it is suppressed.'],
    ['Complained', stats.complained, 'Marked as spam; the address is suppressed.'],
    ['Suppressed', stats.suppressed, 'Unsubscribed, bounced or complained by the time their turn came: not sent.'],
    ['Failed', stats.failed, 'Not accepted by the mail service.'],
    ['Unknown', stats.unknown, 'Handed over while a sender stopped: never sent twice.'],
    ['Waiting', waiting, 'Not sent yet.'],
  ];
  return (
    <section aria-label="Figures" className="space-y-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {main.map(([label, value, note, icon]) => (
          <MainFigure key={label} label={label} value={value} note={note} icon={icon} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-gray-200 bg-gray-200 shadow-sm sm:grid-cols-3 xl:grid-cols-6">
        {more.map(([label, value, hint]) => (
          <div key={label} role="group" aria-label={label} className="bg-white px-4 py-3" title={hint}>
            <p className="text-xs font-medium text-gray-500">{label}</p>
            <p className={cn('mt-0.5 text-lg font-semibold tabular-nums', value > 0 && label !== 'Waiting' ? 'text-gray-900' : 'text-gray-700')}>{formatCount(value)}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function Progress({ stats }: { stats: CampaignStats }) {
  const value = progress(stats);
  const done = stats.sent + stats.suppressed + stats.failed + stats.unknown;
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50/60 p-4">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="flex items-center gap-2 font-medium text-brand-800">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Sending… {formatCount(done)} of {plural(stats.recipients, 'recipient')}
        </p>
        <p className="text-brand-800 tabular-nums">{value}%</p>
      </div>
      <progress
        aria-label="Sending progress"
        max={100}
        value={value}
        className="mt-3 block h-2 w-full appearance-none overflow-hidden rounded-full bg-white ring-1 ring-brand-100 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-white [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600 [&::-webkit-progress-value]:transition-[width]"
      />
    </div>
  );
}

const EVENTS: [keyof RecipientRow, string][] = [
  ['delivered_at', 'Delivered'],
  ['opened_at', 'Opened'],
  ['clicked_at', 'Clicked'],
  ['unsubscribed_at', 'Unsubscribed'],
  ['bounced_at', 'Bounced'],
  ['complained_at', 'Complained'],
];

function Activity({ row }: { row: RecipientRow }) {
  const events = EVENTS.filter(([key]) => row[key]);
  if (events.length === 0) return <span className="text-gray-500">{row.status === 'sent' ? 'No activity yet' : '—'}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {events.map(([key, label]) => (
        <li key={key}>
          <Badge tone={key === 'bounced_at' || key === 'complained_at' || key === 'unsubscribed_at' ? 'amber' : 'sky'}>
            <span title={formatFullDateTime(row[key] as string)}>{label}</span>
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function RecipientStatus({ row }: { row: RecipientRow }) {
  const look = RECIPIENT_STATUS[row.status] ?? { label: row.status, tone: 'gray' as BadgeTone };
  return (
    <span>
      <Badge tone={look.tone}>{look.label}</Badge>
      {row.reason ? <span className="mt-0.5 block max-w-56 truncate text-xs text-gray-500" title={row.reason}>{row.reason}</span> : null}
    </span>
  );
}

function RecipientsTable({ rows }: { rows: RecipientRow[] }) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <ul aria-label="Recipients" className="divide-y divide-gray-100">
        {rows.map((row) => (
          <li key={row.email} className="flex flex-col gap-2 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-gray-900">{row.name || row.email}</p>
                {row.name ? <p className="truncate text-xs text-gray-500">{row.email}</p> : null}
              </div>
              <RecipientStatus row={row} />
            </div>
            <Activity row={row} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">Recipients, by address</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
          <tr>
            <th scope="col" className="py-3 pr-3 pl-5">Recipient</th>
            <th scope="col" className="px-3 py-3">Status</th>
            <th scope="col" className="px-3 py-3">Activity</th>
            <th scope="col" className="py-3 pr-5 pl-3">Sent</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.email}>
              <td className="py-3 pr-3 pl-5">
                <p className="max-w-72 truncate font-medium text-gray-900">{row.name || row.email}</p>
                {row.name ? <p className="max-w-72 truncate text-gray-500">{row.email}</p> : null}
              </td>
              <td className="px-3 py-3"><RecipientStatus row={row} /></td>
              <td className="px-3 py-3"><Activity row={row} /></td>
              <td className="py-3 pr-5 pl-3 whitespace-nowrap text-gray-500"><DateTime value={row.sent_at} withTime /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="space-y-6">{children}</div>;
}

/** /campaigns/{id}/results: the figures, the sending progress, and the recipients a page at a time. */
export function CampaignResultsPage({ id }: { id: string }) {
  // The cursors of the pages before the one shown ('' is the first page).
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.length ? cursors[cursors.length - 1]! : null;
  const { data, error, isValidating } = useCampaignResults(id, after);
  const { data: formsData } = useForms();
  const { run, dialogs, duplicating } = useCampaignActions();

  if (isProRequired(error)) {
    return (
      <>
        <title>Campaigns | RaiseSpark</title>
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-gray-900">Campaigns</h1>
        <CampaignsUpgradePrompt message={error.message} returnTo={`/campaigns/${id}/results`} />
      </>
    );
  }
  if (error && !data) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-10 text-center shadow-sm">
        <title>Campaign not found | RaiseSpark</title>
        <h1 className="text-lg font-semibold text-gray-900">Campaign not found</h1>
        <p className="mt-2 text-sm text-gray-600">It may have been deleted, or it belongs to another account.</p>
        <Link to="/campaigns" className={buttonClasses('primary', 'md', 'mt-6')}>Back to campaigns</Link>
      </div>
    );
  }
  if (!data) {
    return (
      <div role="status" aria-label="Loading results" className="space-y-6">
        <Skeleton className="h-14 w-2/3 rounded-xl" />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {[0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} className="h-28 rounded-2xl" />)}
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    );
  }

  const { campaign, recipients, next, waiting } = data;
  const stats = statsOf(campaign);
  const allowed = allowedActions(campaign.status);
  const formNames = Object.fromEntries((formsData?.forms ?? []).map((form) => [form.id, form.name]));
  const page = cursors.length + 1;

  return (
    <Shell>
      <title>{`${campaign.name} — Results | RaiseSpark`}</title>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <Link to="/campaigns" className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900">
            <ArrowLeft className="size-4" aria-hidden /> Campaigns
          </Link>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 truncate text-2xl font-semibold tracking-tight text-gray-900">{campaign.name}</h1>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <p className="mt-1 text-sm text-gray-600">
            <span className="font-medium text-gray-900">{campaign.listedSubject ?? campaign.subject}</span> · to {describeSegment(normalizeSegment(campaign.segment), formNames).toLowerCase()} ·{' '}
            <CampaignMoment campaign={campaign} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void run('duplicate', campaign)} disabled={duplicating}>
            {duplicating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Copy className="size-4" aria-hidden />} Duplicate
          </Button>
          {allowed.cancel ? (
            <Button variant="secondary" className="text-red-700" onClick={() => void run('cancel', campaign)}>
              <XCircle className="size-4" aria-hidden /> Cancel campaign
            </Button>
          ) : null}
        </div>
      </div>

      {campaign.status === 'paused' ? (
        <div role="alert" className="flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <div>
            <p className="font-semibold">Sending paused</p>
            <p className="mt-0.5">{campaign.statusReason ?? 'The campaign paused itself.'} Recipients not sent yet are waiting; you can cancel the campaign.</p>
          </div>
        </div>
      ) : null}
      {campaign.status === 'cancelled' ? (
        <div role="status" className="flex gap-3 rounded-xl bg-gray-100 p-4 text-sm text-gray-800 ring-1 ring-gray-200 ring-inset">
          <CircleSlash className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden />
          <p>
            <span className="font-semibold">Cancelled.</span> {campaign.statusReason ?? ''} Recipients not sent by then never will be.
          </p>
        </div>
      ) : null}
      {campaign.status === 'scheduled' ? (
        <div role="status" className="rounded-xl bg-sky-50 p-4 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
          <span className="font-semibold"><CampaignMoment campaign={campaign} />.</span> The audience is counted again then, so leads who join it before are included.
        </div>
      ) : null}
      {campaign.status === 'sending' ? <Progress stats={stats} /> : null}

      <Figures stats={stats} waiting={waiting} />

      <section aria-labelledby="recipients-heading" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-5 py-4">
          <div>
            <h2 id="recipients-heading" className="text-base font-semibold text-gray-900">Recipients</h2>
            <p className="text-sm text-gray-600">Each address once, by address{campaign.status === 'sending' ? '; updating as the campaign is sent' : ''}.</p>
          </div>
          {isValidating && campaign.status !== 'sending' ? <Loader2 className="size-4 animate-spin text-gray-400" aria-label="Refreshing" /> : null}
        </div>
        {recipients.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-gray-500">
            {campaign.status === 'scheduled' ? 'Recipients are listed once sending starts.' : 'No recipients on this page.'}
          </p>
        ) : (
          <RecipientsTable rows={recipients} />
        )}
        <Pager
          label="Recipient pages"
          page={page}
          hasNext={Boolean(next)}
          onPrevious={() => setCursors((c) => c.slice(0, -1))}
          onNext={() => next && setCursors((c) => [...c, next])}
          className="border-t border-gray-200 px-5 py-3"
        />
      </section>
      {dialogs}
    </Shell>
  );
}
