import { AlertTriangle, ChartNoAxesColumn, RefreshCw, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ProUpgradePrompt } from '@/components/ui/pro-upgrade-prompt';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useInsights, type Insight, type InsightCounts } from '../api/generate-insights';
import { insightIcon, insightTone } from '../insight-style';
import { isProRequired } from '@/lib/api-client';

const PRO_REQUIRED_FALLBACK = 'AI-driven investment insights are part of RaiseSpark Pro.';
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const GRID = 'grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3';

function InsightCard({ insight }: { insight: Insight }) {
  const Icon = insightIcon(insight.icon);
  return (
    <li className="flex gap-3.5 rounded-xl border border-gray-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md sm:p-5">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full ring-4', insightTone(insight.color))}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-gray-900">{insight.title}</h3>
        <p className="mt-1 text-sm leading-6 text-pretty text-gray-600">{insight.content}</p>
      </div>
    </li>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className={GRID}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="flex gap-3.5 rounded-xl border border-gray-100 bg-white p-4 sm:p-5">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex-1 space-y-2.5 pt-1">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-5/6" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A quiet message inside the panel (no data, failure). */
function PanelMessage({ icon: Icon, title, children, action, tone = 'brand' }: {
  icon: typeof Sparkles;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'brand' | 'amber';
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-gray-50/60 px-6 py-10 text-center">
      <span
        className={cn(
          'flex size-11 items-center justify-center rounded-full',
          tone === 'amber' ? 'bg-amber-50 text-amber-600' : 'bg-brand-50 text-brand-600',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="mt-3 text-sm font-semibold text-gray-900">{title}</p>
      {children ? <p className="mt-1 max-w-md text-sm text-gray-600">{children}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

const PREVIEW_TONES = ['bg-blue-100', 'bg-emerald-100', 'bg-amber-100', 'bg-blue-100', 'bg-gray-200', 'bg-amber-100'];

/** Insight cards, blurred behind the upgrade prompt of a standard-plan founder. */
function InsightsPreview() {
  return (
    <div className={GRID}>
      {PREVIEW_TONES.map((tone, index) => (
        <div key={index} className="flex h-32 gap-3 rounded-xl border border-gray-200 bg-white p-4">
          <span className={cn('size-10 shrink-0 rounded-full', tone)} />
          <div className="flex-1 space-y-2 pt-1">
            <div className="h-3 w-2/3 rounded bg-gray-200" />
            <div className="h-2.5 w-full rounded bg-gray-100" />
            <div className="h-2.5 w-4/5 rounded bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The dashboard's 'AI-Driven Investment Insights' (spec 2, 3, 8, 9). `counts` are the
 * founder's forms and leads (undefined while the dashboard reads them): with neither, nothing
 * is requested and the no-data message shows. Which plan includes insights is the server's
 * call: a 402 answer shows the upgrade prompt with the server's message.
 */
export function InsightsPanel({ counts }: { counts: InsightCounts | undefined }) {
  const { data, error, mutate } = useInsights(counts);
  const [refreshing, setRefreshing] = useState(false);
  const noData = counts !== undefined && counts.forms === 0 && counts.leads === 0;
  const proRequired = isProRequired(error);
  const entries = data ? Object.entries(data.insights ?? {}) : [];

  const refresh = async () => {
    setRefreshing(true);
    try {
      await mutate();
    } finally {
      setRefreshing(false);
    }
  };

  const body = () => {
    if (noData || (data && !error && entries.length === 0 && !refreshing)) {
      return (
        <PanelMessage icon={ChartNoAxesColumn} title="No investor data available for analysis">
          Collect lead data through your investment forms to receive personalized insights about your potential investors.
        </PanelMessage>
      );
    }
    if (proRequired && !refreshing) {
      return (
        <ProUpgradePrompt message={error.message} fallback={PRO_REQUIRED_FALLBACK} returnTo="/dashboard" preview={<InsightsPreview />} headingLevel={3} />
      );
    }
    if (error && !refreshing) {
      return (
        <PanelMessage
          icon={AlertTriangle}
          tone="amber"
          title="Unable to generate insights at this time. Please try again later."
          action={
            <Button variant="secondary" size="sm" onClick={() => void refresh()}>
              <RefreshCw className="size-4" aria-hidden /> Try again
            </Button>
          }
        />
      );
    }
    if (!data || refreshing) return <CardsSkeleton label={refreshing ? 'Refreshing insights...' : 'Analyzing your investor data...'} />;
    return (
      <ul aria-label="Insights" className={GRID}>
        {entries.map(([key, insight]) => (
          <InsightCard key={key} insight={insight} />
        ))}
      </ul>
    );
  };

  // A failure offers 'Try again' in its message instead; a plan without insights has nothing to refresh.
  const canRefresh = (data !== undefined && !error && !noData) || refreshing;
  const generatedAt = data?.generatedAt ? new Date(data.generatedAt) : null;

  return (
    <section aria-labelledby="insights-heading" className="mt-10 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3 sm:items-center">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-500 text-white shadow-sm sm:size-10">
            <Sparkles className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="insights-heading" className="text-base font-semibold text-gray-900 sm:text-lg">AI-Driven Investment Insights</h2>
            <p className="text-sm text-gray-500">
              {generatedAt && !Number.isNaN(generatedAt.getTime()) && entries.length > 0 && !refreshing
                ? `Updated at ${TIME.format(generatedAt)}`
                : 'What your forms and leads say about your investors'}
            </p>
          </div>
        </div>
        {canRefresh ? (
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing} aria-label={refreshing ? undefined : 'Refresh insights'}>
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        ) : null}
      </div>
      {body()}
    </section>
  );
}
