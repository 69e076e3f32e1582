import { AlertTriangle, BookCheck, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DateTime } from '@/components/ui/date-time';
import { useHelpGaps } from '../api/help-gaps';

/**
 * Questions founders asked Sparky that no Help Center article answered, most asked first:
 * the to-do list of the Help Center's authors (functions/ai-chat/help).
 */
export function HelpCenterGaps() {
  const { data, error, isLoading, mutate } = useHelpGaps();

  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          The Help Center gaps could not be loaded.
        </p>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  if (isLoading || !data) {
    return (
      <div role="status" aria-label="Loading Help Center gaps" className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (data.gaps.length === 0) {
    return (
      <EmptyState icon={BookCheck} title="No gaps">
        Every question founders asked Sparky was answered from the Help Center.
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby="help-gaps-title" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="border-b border-gray-100 px-5 py-4">
        <h2 id="help-gaps-title" className="text-base font-semibold text-gray-900">
          Help Center gaps
        </h2>
        <p className="mt-1 text-sm text-gray-600">Questions Sparky could not answer from an article, most asked first.</p>
      </div>
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5">Question</th>
              <th scope="col" className="px-3 py-3">Asked on</th>
              <th scope="col" className="px-3 py-3 text-right">Times</th>
              <th scope="col" className="py-3 pr-5 pl-3">Last asked</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {data.gaps.map((gap) => (
              <tr key={gap.question}>
                <td className="max-w-md py-3 pr-3 pl-5 break-words text-gray-900">{gap.question}</td>
                <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-gray-600">{gap.page_context || '—'}</td>
                <td className="px-3 py-3 text-right text-gray-900 tabular-nums">{gap.popularity_score}</td>
                <td className="py-3 pr-5 pl-3 whitespace-nowrap text-gray-600"><DateTime value={gap.updated_at} withTime /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
