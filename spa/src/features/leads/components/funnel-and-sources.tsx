import { Eye, Flame, Globe, Megaphone, MousePointerClick, Send, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { TabList, tabPanelProps, type TabItem } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { Link } from 'react-router';
import { IndicatedVsInvested } from '@/features/investments/components/indicated-vs-invested';
import { formatCents } from '@/features/investments/format';
import { useLeadFunnel, type FormFunnel, type FunnelInvestments, type LeadFunnel, type SourceRow } from '../api/funnel';

const CARD = 'rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5';

const count = (value: number) => value.toLocaleString('en-US');
const rate = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`);

type Table = keyof LeadFunnel['sources'];

const TABLES: (TabItem<Table> & { heading: string; empty: string })[] = [
  { value: 'source', label: 'Source', icon: Globe, heading: 'Source', empty: 'No visits yet. Sources appear as soon as someone opens your form.' },
  {
    value: 'campaign',
    label: 'Campaign',
    icon: Megaphone,
    heading: 'Campaign',
    empty: 'No visits with a campaign yet. Add ?utm_campaign=… to the links that lead to your page.',
  },
  { value: 'page', label: 'Page', icon: Link2, heading: 'Page', empty: 'No visits from a page that embeds your form yet.' },
];

/** One step of the funnel: its count, a bar against the views, and the rate from the step before. */
function Step({ icon: Icon, label, value, width, note }: { icon: typeof Eye; label: string; value: number; width: number; note?: string }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1.5">
      <span className="flex min-w-0 items-center gap-2 text-sm font-medium text-gray-700">
        <Icon className="size-4 shrink-0 text-brand-600" aria-hidden />
        <span className="truncate">{label}</span>
      </span>
      <span className="text-sm text-gray-500">
        <span className="font-semibold text-gray-900 tabular-nums">{count(value)}</span>
        {note ? <span className="ml-1.5 text-xs">{note}</span> : null}
      </span>
      <span className="col-span-2 block h-2.5 overflow-hidden rounded-full bg-gray-100" aria-hidden>
        <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.max(width, value > 0 ? 2 : 0)}%` }} />
      </span>
    </li>
  );
}

function FunnelCard({ funnels, fixedFormId }: { funnels: FormFunnel[]; fixedFormId: string | null }) {
  const busiest = [...funnels].sort((a, b) => b.views - a.views)[0]?.formId ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const shownId = fixedFormId ?? chosen ?? busiest;
  const funnel = funnels.find((f) => f.formId === shownId) ?? funnels[0];
  if (!funnel) return null;
  const widthOf = (value: number) => (funnel.views > 0 ? (value / funnel.views) * 100 : 0);
  const most = Math.max(...funnel.stops.map((stop) => stop.visitors), 1);
  return (
    <section aria-labelledby="form-funnel-heading" className={cn(CARD, 'flex h-full flex-col')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id="form-funnel-heading" className="text-sm font-medium text-gray-600">Form funnel</h3>
          <p className="mt-1 truncate text-base font-semibold text-gray-900">{funnel.name}</p>
        </div>
        {!fixedFormId && funnels.length > 1 ? (
          <select
            aria-label="Show the funnel of"
            value={funnel.formId}
            onChange={(event) => setChosen(event.target.value)}
            className="max-w-full min-w-0 rounded-lg border border-gray-300 bg-white px-2.5 py-1.5 text-sm text-gray-700 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            {funnels.map((f) => (
              <option key={f.formId} value={f.formId}>{f.name}</option>
            ))}
          </select>
        ) : null}
      </div>
      <ol aria-label={`Funnel of ${funnel.name}`} className="mt-5 space-y-4">
        <Step icon={Eye} label="Viewed the form" value={funnel.views} width={widthOf(funnel.views)} />
        <Step icon={MousePointerClick} label="Started filling it in" value={funnel.starts} width={widthOf(funnel.starts)} note={`${rate(funnel.startRate)} of viewers`} />
        <Step icon={Send} label="Submitted" value={funnel.leads} width={widthOf(funnel.leads)} note={`${rate(funnel.submitRate)} of starters`} />
      </ol>
      <div className="mt-6 border-t border-gray-100 pt-4">
        <h4 className="text-sm font-medium text-gray-700">Where visitors drop off</h4>
        {funnel.stops.length === 0 ? (
          <p className="mt-2 text-sm text-gray-500">No visitor has left part-way yet.</p>
        ) : (
          <>
            <p className="mt-1 text-xs text-gray-500">The last field touched by visitors who started and left without submitting.</p>
            <ul aria-label="Fields where visitors dropped off" className="mt-3 space-y-2">
              {funnel.stops.map((stop) => (
                <li key={stop.fieldId} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
                  <span className={cn('truncate text-sm text-gray-700', stop.label === funnel.topStop && 'font-semibold text-gray-900')}>{stop.label}</span>
                  <span className="text-sm text-gray-600 tabular-nums">{`${count(stop.visitors)} ${stop.visitors === 1 ? 'visitor' : 'visitors'}`}</span>
                  <span className="col-span-2 block h-1.5 overflow-hidden rounded-full bg-gray-100" aria-hidden>
                    <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(stop.visitors / most) * 100}%` }} />
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <p className="mt-auto pt-5 text-xs text-gray-500">Each visitor counts once a day per step. No cookies, no stored addresses.</p>
    </section>
  );
}

function SourcesTable({ rows, table }: { rows: SourceRow[]; table: (typeof TABLES)[number] }) {
  if (rows.length === 0) return <p className="px-1 py-8 text-center text-sm text-gray-500">{table.empty}</p>;
  const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
  // Once a portal import is applied, every row carries its investors and dollars.
  const invested = rows.some((row) => row.investors !== undefined);
  return (
    <>
      {/* On a phone each row is a line of its own; from sm up, a table. */}
      <ul aria-label={`Visits and leads by ${table.heading.toLowerCase()}`} className="divide-y divide-gray-100 px-4 sm:hidden">
        {rows.map((row) => (
          <li key={row.value} className="py-3">
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-sm font-medium text-gray-900">{row.label}</span>
              <span className="shrink-0 text-sm font-semibold text-gray-900 tabular-nums">{plural(row.leads, 'lead', 'leads')}</span>
            </p>
            <p className="mt-0.5 text-xs text-gray-500 tabular-nums">
              {[
                plural(row.views, 'view', 'views'),
                plural(row.starts, 'start', 'starts'),
                `${count(row.hotLeads)} hot`,
                row.conversion === null ? null : `${rate(row.conversion)} conversion`,
                invested ? `${plural(row.investors ?? 0, 'investor', 'investors')} · ${formatCents(row.investedCents ?? 0)} invested` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    <table className="hidden w-full min-w-[30rem] text-sm sm:table">
        <caption className="sr-only">{`Views, starts, leads and hot leads by ${table.heading.toLowerCase()}`}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-left text-xs font-medium tracking-wide text-gray-500 uppercase">
            <th scope="col" className="py-2 pr-3 pl-4 font-medium sm:pl-0">{table.heading}</th>
            <th scope="col" className="px-2.5 py-2 text-right font-medium">Views</th>
            <th scope="col" className="px-2.5 py-2 text-right font-medium">Starts</th>
            <th scope="col" className="px-2.5 py-2 text-right font-medium">Leads</th>
            <th scope="col" className="px-2.5 py-2 text-right font-medium">
              <span className="inline-flex items-center justify-end gap-1"><Flame className="size-3 text-red-500" aria-hidden />Hot</span>
            </th>
            <th scope="col" className={cn('py-2 pl-2.5 text-right font-medium', invested ? 'pr-2.5' : 'pr-4 sm:pr-0')}>Conversion</th>
            {invested ? (
              <>
                <th scope="col" className="px-2.5 py-2 text-right font-medium">Investors</th>
                <th scope="col" className="py-2 pr-4 pl-2.5 text-right font-medium sm:pr-0">Invested</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.value}>
              <th scope="row" className="max-w-[12rem] truncate py-2.5 pr-2.5 pl-4 text-left font-medium text-gray-900 sm:pl-0" title={row.label}>{row.label}</th>
              <td className="px-2.5 py-2.5 text-right text-gray-700 tabular-nums">{count(row.views)}</td>
              <td className="px-2.5 py-2.5 text-right text-gray-700 tabular-nums">{count(row.starts)}</td>
              <td className="px-2.5 py-2.5 text-right font-semibold text-gray-900 tabular-nums">{count(row.leads)}</td>
              <td className="px-2.5 py-2.5 text-right text-gray-700 tabular-nums">{count(row.hotLeads)}</td>
              <td className={cn('py-2.5 pl-2.5 text-right text-gray-700 tabular-nums', invested ? 'pr-2.5' : 'pr-4 sm:pr-0')}>{rate(row.conversion)}</td>
              {invested ? (
                <>
                  <td className="px-2.5 py-2.5 text-right font-semibold text-emerald-700 tabular-nums">{count(row.investors ?? 0)}</td>
                  <td className="py-2.5 pr-4 pl-2.5 text-right text-gray-700 tabular-nums sm:pr-0">{formatCents(row.investedCents ?? 0)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
    </table>
    </>
  );
}

function SourcesCard({ sources }: { sources: LeadFunnel['sources'] }) {
  const [tab, setTab] = useState<Table>('source');
  const table = TABLES.find((t) => t.value === tab)!;
  return (
    <section aria-labelledby="sources-heading" className={cn(CARD, 'h-full min-w-0')}>
      <h3 id="sources-heading" className="text-sm font-medium text-gray-600">Sources</h3>
      <p className="mt-1 text-base font-semibold text-gray-900">Where your visitors and leads come from</p>
      <TabList label="Sources by" idPrefix="sources" tabs={TABLES} value={tab} onChange={setTab} className="mt-3 mb-1" />
      {/* The panel scrolls sideways on a phone; it is focusable (a tab panel), so keys scroll it too. */}
      <div {...tabPanelProps('sources', tab)} className="-mx-4 overflow-x-auto rounded-lg sm:mx-0 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none">
        <SourcesTable rows={sources[tab]} table={table} />
      </div>
    </section>
  );
}

/** Of each temperature's leads, how many invested on the portal, and who came straight to it. */
function ConversionCard({ investments }: { investments: FunnelInvestments }) {
  const dot = { hot: 'bg-red-500', warm: 'bg-amber-400', cold: 'bg-sky-400' } as Record<string, string>;
  return (
    <section aria-labelledby="investment-conversion-heading" className={cn(CARD, 'h-full min-w-0')}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id="investment-conversion-heading" className="text-sm font-medium text-gray-600">From lead to investor</h3>
        <Link to="/leads/import" className="text-xs font-medium text-brand-600 hover:text-brand-700">Import a newer export</Link>
      </div>
      <p className="mt-1 text-base font-semibold text-gray-900">
        {`${count(investments.investors)} ${investments.investors === 1 ? 'investor' : 'investors'} · ${formatCents(investments.investedCents)} invested`}
      </p>
      <ul aria-label="Investors by temperature" className="mt-4 divide-y divide-gray-100">
        {investments.byTemperature.map((row) => (
          <li key={row.value} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span className="flex items-center gap-2 font-medium text-gray-800">
              <span className={cn('size-2 rounded-full', dot[row.value] ?? 'bg-gray-300')} aria-hidden />
              {row.label}
            </span>
            <span className="text-right text-gray-600 tabular-nums">
              {`${count(row.investors)} of ${count(row.leads)} invested`}
              <span className="ml-2 font-semibold text-gray-900">{rate(row.rate)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-gray-500">
        {investments.unmatched.investors > 0
          ? `${count(investments.unmatched.investors)} ${investments.unmatched.investors === 1 ? 'investor' : 'investors'} (${formatCents(investments.unmatched.cents)}) came straight to the portal, not through your form.`
          : 'Every investor in the import matched one of your leads.'}
        {investments.pendingCents > 0 ? ` ${formatCents(investments.pendingCents)} is pending on the portal.` : ''}
      </p>
    </section>
  );
}

/**
 * The form funnel (views → starts → submits, and where visitors stop) beside the sources table
 * (by source, UTM campaign or embedding page). `formId` fixes the funnel's form (the leads
 * page's filter); without it the founder picks, starting with the most viewed form.
 */
export function FunnelAndSources({ formId = null, className }: { formId?: string | null; className?: string }) {
  const { data, error } = useLeadFunnel();
  useEffect(() => {
    if (error) console.error('the funnel failed to load', error);
  }, [error]);
  if (error) return null;
  if (!data) return <Skeleton className={cn('h-[22rem] rounded-2xl', className)} />;
  if (data.forms.length === 0) return null;
  const fixed = formId && data.forms.some((f) => f.formId === formId) ? formId : null;
  return (
    <section aria-labelledby="funnel-sources-heading" className={className}>
      <h2 id="funnel-sources-heading" className="mb-4 text-lg font-semibold text-gray-900">Where leads come from</h2>
      <div className="grid gap-4 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <FunnelCard funnels={data.forms} fixedFormId={fixed} />
        </div>
        <div className="min-w-0 lg:col-span-3">
          <SourcesCard sources={data.sources} />
        </div>
      </div>
      {data.investments ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-5">
          <IndicatedVsInvested className="lg:col-span-2" indicated={data.investments.indicated} investedCents={data.investments.investedCents} target={data.investments.target} />
          <div className="min-w-0 lg:col-span-3">
            <ConversionCard investments={data.investments} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
