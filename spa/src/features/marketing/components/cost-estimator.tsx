import { Calculator, FileCheck2, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MAX_RAISE, MIN_RAISE, useCostEstimate } from '../api/costs';
import { clamp, parseRaiseAmount } from '../raise-amount';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const DEFAULT_AMOUNT = 500_000;
const SLIDER_STEP = 5_000;

const percent = (value: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value)}%`;

/**
 * Raise amount in, itemised cost range out. The figures come from the server
 * (GET /api/raise-capital/costs), which owns the rules; typing is debounced and the last
 * estimate stays visible while the next one loads.
 */
export function CostEstimator() {
  const id = useId();
  const [input, setInput] = useState(String(DEFAULT_AMOUNT));
  const amount = parseRaiseAmount(input);
  const requested = useDebouncedValue(amount, 250);
  const { data, error, isValidating } = useCostEstimate(requested);
  const outOfRange = error && error.status === 400;
  const stale = Boolean(error) || (isValidating && data?.amount !== requested);

  return (
    <div className="overflow-hidden rounded-3xl bg-white shadow-xl ring-1 shadow-gray-900/5 ring-gray-200">
      <div className="border-b border-gray-200 bg-gray-50 p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Calculator className="size-5" aria-hidden />
          </span>
          <h2 className="text-xl font-semibold text-gray-900">Estimate the cost of your raise</h2>
        </div>
        <label htmlFor={`${id}-amount`} className="mt-6 block text-sm font-medium text-gray-900">
          Raise amount (USD)
        </label>
        <div className="relative mt-1.5">
          <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-4 text-lg text-gray-600" aria-hidden>
            $
          </span>
          <input
            id={`${id}-amount`}
            type="number"
            inputMode="numeric"
            min={MIN_RAISE}
            max={MAX_RAISE}
            step={1000}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={`${id}-hint${outOfRange ? ` ${id}-error` : ''}`}
            aria-invalid={outOfRange ? true : undefined}
            className={cn(
              'block w-full rounded-xl border-0 bg-white py-3 pr-4 pl-9 text-2xl font-semibold tracking-tight text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:ring-inset',
              outOfRange && 'ring-red-400 focus:ring-red-500',
            )}
          />
        </div>
        <input
          type="range"
          aria-label="Raise amount"
          aria-valuetext={formatUsd(clamp(amount ?? MIN_RAISE, MIN_RAISE, MAX_RAISE))}
          min={MIN_RAISE}
          max={MAX_RAISE}
          step={SLIDER_STEP}
          value={clamp(amount ?? MIN_RAISE, MIN_RAISE, MAX_RAISE)}
          onChange={(event) => setInput(event.target.value)}
          className="mt-5 h-2 w-full cursor-pointer accent-brand-600"
        />
        <div className="mt-1 flex justify-between text-xs text-gray-600" aria-hidden>
          <span>{formatUsd(MIN_RAISE)}</span>
          <span>{formatUsd(MAX_RAISE)}</span>
        </div>
        <p id={`${id}-hint`} className="mt-3 text-sm text-gray-600">
          Reg CF lets you raise up to {formatUsd(MAX_RAISE)} in 12 months. Enter whole dollars.
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {outOfRange ? error.message : 'The estimate could not be loaded. Please try again.'}
          </p>
        ) : null}
      </div>

      <div className="p-6 sm:p-8">
        {!data ? (
          <div className="space-y-4" aria-hidden>
            <Skeleton className="h-24 rounded-2xl" />
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : (
          <div className={cn('transition-opacity', stale && 'opacity-60')} aria-busy={isValidating}>
            <div className="grid gap-4 sm:grid-cols-2">
              <section aria-label="Estimated total cost" aria-live="polite" className="rounded-2xl bg-brand-700 p-5 text-white">
                <p className="text-sm font-medium text-brand-100">Estimated total cost</p>
                <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">
                  {formatUsd(data.totalLow)} – {formatUsd(data.totalHigh)}
                </p>
                <p className="mt-1 text-sm text-brand-100">
                  {percent(data.percentLow)} – {percent(data.percentHigh)} of {formatUsd(data.amount)} raised
                </p>
              </section>
              <div className="rounded-2xl bg-gray-50 p-5 ring-1 ring-gray-200">
                <p className="flex items-center gap-2 text-sm font-medium text-gray-600">
                  <FileCheck2 className="size-4 text-brand-600" aria-hidden /> Financial statements
                </p>
                <p className="mt-1 text-lg font-semibold text-gray-900">{data.financialsTier}</p>
                <p className="mt-1 text-sm text-gray-600">Required for a raise of {formatUsd(data.amount)}</p>
              </div>
            </div>

            <div className="mt-6 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Itemised cost estimate for raising {formatUsd(data.amount)}</caption>
                <thead>
                  <tr className="border-b border-gray-200 text-gray-600">
                    <th scope="col" className="py-2 pr-4 font-medium">Cost line</th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium whitespace-nowrap">Low</th>
                    <th scope="col" className="py-2 text-right font-medium whitespace-nowrap">High</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {data.lines.map((line) => (
                    <tr key={line.key}>
                      <th scope="row" className="py-3 pr-4 align-top font-normal">
                        <span className="block font-medium text-gray-900">{line.label}</span>
                        <span className="mt-0.5 block text-xs leading-5 text-gray-600">{line.description}</span>
                      </th>
                      <td className="py-3 pr-4 text-right align-top font-medium whitespace-nowrap text-gray-900 tabular-nums">
                        {formatUsd(line.low)}
                      </td>
                      <td className="py-3 text-right align-top font-medium whitespace-nowrap text-gray-900 tabular-nums">
                        {formatUsd(line.high)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t-2 border-gray-200">
                    <th scope="row" className="py-3 pr-4 font-semibold text-gray-900">Total</th>
                    <td className="py-3 pr-4 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatUsd(data.totalLow)}</td>
                    <td className="py-3 text-right font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatUsd(data.totalHigh)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="mt-4 flex items-center gap-2 text-xs text-gray-600">
              {isValidating ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
              Ranges are typical market figures, not quotes. Your portal, lawyer and accountant set the actual prices.
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
