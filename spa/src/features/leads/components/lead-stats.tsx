import { Eye, Info, MousePointerClick, Percent, Users, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { LeadStats as Stats } from '../api/leads';

type Card = { label: string; icon: LucideIcon; tone: string; value: (stats: Stats) => string; caption: string };

const CARDS: Card[] = [
  { label: 'Total Views', icon: Eye, tone: 'bg-brand-50 text-brand-600', value: (s) => s.totalViews.toLocaleString('en-US'), caption: 'Across all your forms' },
  { label: 'Total Leads', icon: Users, tone: 'bg-emerald-50 text-emerald-600', value: (s) => s.totalLeads.toLocaleString('en-US'), caption: 'Investors who submitted' },
  { label: 'Conversion Rate', icon: Percent, tone: 'bg-amber-50 text-amber-600', value: (s) => `${s.conversionRate}%`, caption: 'Leads per form view' },
  { label: 'Estimated Clicks', icon: MousePointerClick, tone: 'bg-sky-50 text-sky-600', value: (s) => s.estimatedClicks.toLocaleString('en-US'), caption: 'About 45% of views' },
];

function StatCard({ card, stats, loading }: { card: Card; stats: Stats | null; loading: boolean }) {
  const id = useId();
  const Icon = card.icon;
  return (
    <div role="group" aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p id={id} className="text-sm font-medium text-gray-600">{card.label}</p>
        <span className={`hidden size-9 shrink-0 items-center justify-center rounded-xl xl:flex ${card.tone}`}>
          <Icon className="size-4.5" aria-hidden />
        </span>
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-8 w-16" />
      ) : (
        <p className={stats ? 'mt-3 text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl' : 'mt-3 text-2xl font-semibold text-gray-300 sm:text-3xl'}>
          {stats ? card.value(stats) : '—'}
        </p>
      )}
      <p className="mt-1 text-xs text-gray-500">{card.caption}</p>
    </div>
  );
}

/** Spec 2: four stat cards; placeholders while views and leads are both 0. */
export function LeadStatCards({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const empty = !stats || (stats.totalViews === 0 && stats.totalLeads === 0);
  return (
    <section aria-label="Statistics" className="mb-10">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CARDS.map((card) => (
          <StatCard key={card.label} card={card} stats={empty ? null : stats} loading={loading} />
        ))}
      </div>
      {!loading && empty ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-gray-500">
          <Info className="size-4 shrink-0 text-gray-400" aria-hidden />
          Publish and embed a form to start tracking
        </p>
      ) : null}
    </section>
  );
}
