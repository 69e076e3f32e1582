import { AlertTriangle, Mail, MailCheck, MousePointerClick, Plus, Send } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useCampaigns } from '../api/campaigns';
import { formatCount, percent, statsOf } from '../figures';
import type { Campaign } from '../types';
import { useCampaignActions } from './campaign-actions';
import { CampaignMoment } from './campaign-moment';
import type { RowAction } from './campaign-row-menu';
import { NewCampaignDialog } from './new-campaign-dialog';
import { CampaignStatusBadge } from './status-badge';
import { CampaignsUpgradePrompt } from './upgrade-prompt';

/** The subject as the server renders it for the list (the company's name filled in). */
const listedSubject = (campaign: Campaign) => campaign.listedSubject ?? campaign.subject;
import { isProRequired } from '@/lib/api-client';

/** Radix's menu loads with the rows, not before the page. */
const CampaignRowMenu = lazy(() => import('./campaign-row-menu'));

const dash = <span className="text-gray-500">—</span>;

/** The campaign's main link: the editor for a draft, the results for the others. */
const campaignHref = (campaign: Campaign) => (campaign.status === 'draft' ? `/campaigns/${campaign.id}` : `/campaigns/${campaign.id}/results`);

function Figure({ value, rate, label }: { value: number | null; rate?: string; label: string }) {
  if (value === null) return <span aria-label={`${label}: none yet`}>{dash}</span>;
  return (
    <span className="block">
      <span className="font-medium text-gray-900 tabular-nums">{formatCount(value)}</span>
      {rate && rate !== '—' ? <span className="block text-xs text-gray-500 tabular-nums">{rate}</span> : null}
    </span>
  );
}

function Menu({ campaign, onAction }: { campaign: Campaign; onAction: (action: RowAction, campaign: Campaign) => void }) {
  return (
    <Suspense fallback={<span className="inline-block size-9" />}>
      <CampaignRowMenu campaign={campaign} onAction={onAction} />
    </Suspense>
  );
}

function CampaignsTable({ campaigns, onAction }: { campaigns: Campaign[]; onAction: (action: RowAction, campaign: Campaign) => void }) {
  return (
    <div className="@container overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Your campaigns, newest first</caption>
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5">Campaign</th>
              <th scope="col" className="px-3 py-3">Status</th>
              <th scope="col" className="px-3 py-3 text-right">Recipients</th>
              <th scope="col" className="px-3 py-3 text-right">Delivered / sent</th>
              <th scope="col" className="px-3 py-3 text-right">Opened</th>
              <th scope="col" className="hidden px-3 py-3 text-right @3xl:table-cell">Clicked</th>
              <th scope="col" className="hidden px-3 py-3 text-right @4xl:table-cell">Unsubscribed</th>
              <th scope="col" className="py-3 pr-4 pl-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {campaigns.map((campaign) => {
              const stats = statsOf(campaign);
              const started = campaign.status !== 'draft' && campaign.status !== 'scheduled';
              return (
                <tr key={campaign.id} className="transition-colors hover:bg-gray-50/70">
                  <td className="w-full max-w-0 py-3.5 pr-3 pl-5">
                    <Link to={campaignHref(campaign)} className="block truncate font-medium text-gray-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                      {campaign.name}
                    </Link>
                    <p className="truncate text-gray-500">{listedSubject(campaign) || <span className="italic">No subject yet</span>}</p>
                    <p className="mt-0.5 truncate text-xs text-gray-500"><CampaignMoment campaign={campaign} /></p>
                  </td>
                  <td className="px-3 py-3.5">
                    <CampaignStatusBadge status={campaign.status} />
                  </td>
                  <td className="px-3 py-3.5 text-right">
                    <Figure label="Recipients" value={started ? stats.recipients : null} />
                  </td>
                  <td className="px-3 py-3.5 text-right whitespace-nowrap">
                    {started ? (
                      <span className="block">
                        <span className="font-medium text-gray-900 tabular-nums">
                          {formatCount(stats.delivered)} <span className="font-normal text-gray-500">/</span> {formatCount(stats.sent)}
                        </span>
                        <span className="block text-xs text-gray-500 tabular-nums">{percent(stats.delivered, stats.sent) === '—' ? 'none sent yet' : `${percent(stats.delivered, stats.sent)} delivered`}</span>
                      </span>
                    ) : (
                      dash
                    )}
                  </td>
                  <td className="px-3 py-3.5 text-right">
                    <Figure label="Opened" value={started ? stats.opened : null} rate={percent(stats.opened, stats.sent)} />
                  </td>
                  <td className="hidden px-3 py-3.5 text-right @3xl:table-cell">
                    <Figure label="Clicked" value={started ? stats.clicked : null} rate={percent(stats.clicked, stats.sent)} />
                  </td>
                  <td className="hidden px-3 py-3.5 text-right @4xl:table-cell">
                    <Figure label="Unsubscribed" value={started ? stats.unsubscribed : null} rate={percent(stats.unsubscribed, stats.sent)} />
                  </td>
                  <td className="py-3.5 pr-4 pl-2 text-right">
                    <Menu campaign={campaign} onAction={onAction} />
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

function CampaignCards({ campaigns, onAction }: { campaigns: Campaign[]; onAction: (action: RowAction, campaign: Campaign) => void }) {
  return (
    <ul aria-label="Campaigns" className="space-y-3">
      {campaigns.map((campaign) => {
        const stats = statsOf(campaign);
        const started = campaign.status !== 'draft' && campaign.status !== 'scheduled';
        const facts: [string, string][] = started
          ? [
              ['Recipients', formatCount(stats.recipients)],
              ['Delivered / sent', `${formatCount(stats.delivered)} / ${formatCount(stats.sent)}`],
              ['Opened', formatCount(stats.opened)],
              ['Clicked', formatCount(stats.clicked)],
              ['Unsubscribed', formatCount(stats.unsubscribed)],
            ]
          : [];
        return (
          <li key={campaign.id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Link to={campaignHref(campaign)} className="block truncate font-medium text-gray-900 hover:text-brand-700">
                  {campaign.name}
                </Link>
                <p className="truncate text-sm text-gray-500">{listedSubject(campaign) || 'No subject yet'}</p>
              </div>
              <div className="-mt-1 -mr-2 shrink-0">
                <Menu campaign={campaign} onAction={onAction} />
              </div>
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
              <CampaignStatusBadge status={campaign.status} />
              <span className="text-xs text-gray-500"><CampaignMoment campaign={campaign} /></span>
            </div>
            {facts.length ? (
              <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 border-t border-gray-100 pt-3">
                {facts.map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="truncate text-xs text-gray-500">{label}</dt>
                    <dd className="text-sm font-medium text-gray-900 tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Totals({ campaigns }: { campaigns: Campaign[] }) {
  const sent = campaigns.filter((c) => c.status !== 'draft' && c.status !== 'scheduled').map((c) => statsOf(c));
  if (sent.length === 0) return null;
  const sum = (key: 'sent' | 'opened' | 'clicked' | 'delivered') => sent.reduce((total, stats) => total + stats[key], 0);
  const cards: { label: string; value: string; note: string; icon: typeof Send }[] = [
    { label: 'Campaigns sent', value: formatCount(sent.length), note: `${formatCount(sum('sent'))} messages`, icon: Send },
    { label: 'Delivered', value: percent(sum('delivered'), sum('sent')), note: `${formatCount(sum('delivered'))} of ${formatCount(sum('sent'))} messages`, icon: MailCheck },
    { label: 'Open rate', value: percent(sum('opened'), sum('sent')), note: `${formatCount(sum('opened'))} investors opened`, icon: Mail },
    { label: 'Click rate', value: percent(sum('clicked'), sum('sent')), note: `${formatCount(sum('clicked'))} investors clicked`, icon: MousePointerClick },
  ];
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, note, icon: Icon }) => (
        <div key={label} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
          <dt className="flex items-center gap-2 text-xs font-medium text-gray-500">
            <Icon className="size-4 text-brand-600" aria-hidden /> {label}
          </dt>
          <dd className="mt-2 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">{value}</dd>
          <dd className="mt-0.5 truncate text-xs text-gray-500">{note}</dd>
        </div>
      ))}
    </dl>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading campaigns" className="space-y-3">
      <Skeleton className="h-24 rounded-2xl" />
      {[0, 1, 2].map((i) => <Skeleton key={i} className="h-16 rounded-2xl" />)}
    </div>
  );
}

/** /campaigns: the founder's campaigns with their figures, 'New campaign' and the row actions. */
export function CampaignsPage() {
  const { data, error, mutate } = useCampaigns({ refreshWhileSending: true });
  const [choosing, setChoosing] = useState(false);
  const mobile = useIsMobile();
  const { run, dialogs } = useCampaignActions();
  const proRequired = isProRequired(error);
  const campaigns = data?.campaigns ?? [];

  const newButton = (label = 'New campaign') => (
    <Button onClick={() => setChoosing(true)}>
      <Plus className="size-4" aria-hidden /> {label}
    </Button>
  );

  let body: ReactNode;
  if (proRequired) body = <CampaignsUpgradePrompt message={error.message} />;
  else if (error && !data) {
    body = (
      <EmptyState icon={AlertTriangle} title="Your campaigns could not be loaded" action={<Button variant="secondary" onClick={() => void mutate()}>Try again</Button>}>
        Something went wrong while reading your campaigns. Check your connection and try again.
      </EmptyState>
    );
  } else if (!data) body = <ListSkeleton />;
  else if (campaigns.length === 0) {
    body = (
      <EmptyState icon={Mail} title="No campaigns yet" action={newButton('Create your first campaign')}>
        Keep interested investors informed as your raise progresses: a testing-the-waters update, your Form C filing, the day you go live.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Totals campaigns={campaigns} />
        {mobile ? <CampaignCards campaigns={campaigns} onAction={(a, c) => void run(a, c)} /> : <CampaignsTable campaigns={campaigns} onAction={(a, c) => void run(a, c)} />}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="E-mail your investor leads with updates about your raise."
        actions={data && !proRequired ? newButton() : undefined}
      />
      {body}
      <NewCampaignDialog open={choosing} onOpenChange={setChoosing} />
      {dialogs}
    </>
  );
}
