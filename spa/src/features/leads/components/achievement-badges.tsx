import { ChevronDown, Trophy } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { LeadStats } from '../api/leads';

/** The tiles (and their 16 icons) load when the panel is first opened. */
const BadgeList = lazy(() => import('./achievement-badge-list'));

/**
 * Spec 4, badges panel: collapsed by default. The 8 basic badges show until all are earned;
 * then the advanced ones join them. The server computes every badge and both counts.
 */
export function AchievementBadges({ stats, loading }: { stats: LeadStats | undefined; loading: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <section aria-labelledby="badges-heading" className="mt-10 rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="flex items-center gap-4 p-4 sm:p-5">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600 sm:flex">
          <Trophy className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="badges-heading" className="text-lg font-semibold text-gray-900">Achievement Badges</h2>
          {loading ? (
            <Skeleton className="mt-1.5 h-3.5 w-24" />
          ) : stats ? (
            <div className="mt-1 flex items-center gap-3">
              <p className="text-sm text-gray-600">{`${stats.earnedCount} / ${stats.totalCount} earned`}</p>
              <progress
                aria-hidden
                value={stats.earnedCount}
                max={Math.max(stats.totalCount, 1)}
                className="hidden h-1.5 w-32 overflow-hidden rounded-full bg-gray-100 sm:block [&::-moz-progress-bar]:bg-amber-400 [&::-webkit-progress-bar]:bg-gray-100 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-amber-400"
              />
            </div>
          ) : null}
        </div>
        <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} disabled={!stats}>
          {open ? 'Hide' : 'View'}
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-gray-100 p-5">
        {open && stats ? (
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <BadgeList stats={stats} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
