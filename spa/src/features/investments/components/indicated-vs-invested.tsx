import { useId } from 'react';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatCents, indicatedBars } from '../format';

function Bar({ label, value, width, tone }: { label: string; value: string; width: number; tone: string }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1.5">
      <span className="text-sm font-medium text-gray-700">{label}</span>
      <span className="text-sm font-semibold text-gray-900 tabular-nums">{value}</span>
      <span className="col-span-2 block h-2.5 overflow-hidden rounded-full bg-gray-100" aria-hidden>
        <span className={cn('block h-full rounded-full', tone)} style={{ width: `${width}%` }} />
      </span>
    </li>
  );
}

/**
 * What investors indicated on the form (whole dollars) beside what the portal confirmed they
 * invested (cents), as two bars against the target, or against the larger of the two without one.
 * 'Indicated' is interest; only portal-confirmed money is 'invested'.
 */
export function IndicatedVsInvested({ indicated, investedCents, target, className }: {
  /** Whole dollars. */
  indicated: number;
  investedCents: number;
  /** Whole dollars; null when the founder has set none. */
  target: number | null;
  className?: string;
}) {
  const id = useId();
  const bars = indicatedBars({ indicated, investedCents, target });
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={id} className="text-sm font-medium text-gray-600">Indicated vs invested</h3>
        <p className="text-xs text-gray-500 tabular-nums">
          {target !== null && target > 0 ? `Target ${formatUsd(target)}` : 'No target set'}
        </p>
      </div>
      <ul className="mt-4 space-y-4">
        <Bar label="Indicated" value={formatUsd(indicated)} width={bars.indicated} tone="bg-brand-300" />
        <Bar label="Invested" value={formatCents(investedCents)} width={bars.invested} tone="bg-emerald-500" />
      </ul>
      <p className="mt-4 text-xs text-gray-500">
        {bars.investedOfTarget !== null ? `${bars.investedOfTarget}% of your target invested. ` : ''}
        Indicated is what investors said on your form; invested is what your portal confirmed.
      </p>
    </section>
  );
}
