import { useState } from 'react';
import { AlertTriangle, Eye, EyeOff, MessageCircleQuestion, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { DateTime } from '@/components/ui/date-time';
import { setTopicHidden, usePopularTopics, type PopularTopic } from '../api/popular-topics';

/**
 * What Sparky's "Most Popular Questions" may show: topics (the article that answered, or the
 * account question asked) in their canonical wording, counted once per paying company. An
 * administrator hides one that should not be suggested; the server decides what is shown.
 */
export function PopularTopics() {
  const { data, error, isLoading, mutate } = usePopularTopics();
  const [busy, setBusy] = useState<string | null>(null);

  const toggle = async (topic: PopularTopic) => {
    setBusy(topic.key);
    try {
      await setTopicHidden(topic.key, !topic.hidden);
      toast.success(topic.hidden ? 'Topic shown again' : 'Topic hidden from popular questions');
      await mutate();
    } catch {
      toast.error('The topic could not be changed. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          The popular questions could not be loaded.
        </p>
        <Button variant="secondary" size="sm" onClick={() => void mutate()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </div>
    );
  }

  if (isLoading || !data) {
    return (
      <div role="status" aria-label="Loading popular questions" className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (data.topics.length === 0) {
    return (
      <EmptyState icon={MessageCircleQuestion} title="No popular questions yet">
        A topic is suggested to founders once three paying companies asked Sparky about it.
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby="popular-topics-title" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
      <div className="border-b border-gray-100 px-5 py-4">
        <h2 id="popular-topics-title" className="text-base font-semibold text-gray-900">
          Popular questions
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          What Sparky suggests to founders, in the Help Center&apos;s wording: shown once three paying companies asked. Hide a topic that should not be suggested.
        </p>
      </div>
      <ul className="divide-y divide-gray-100">
        {data.topics.map((topic) => (
          <li key={topic.key} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words text-gray-900">{topic.wording}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500">
                {topic.hidden ? <Badge tone="red">Hidden</Badge> : topic.shown ? <Badge tone="green">Shown</Badge> : <Badge>Not yet shown</Badge>}
                <span className="tabular-nums">
                  {topic.companies} paying {topic.companies === 1 ? 'company' : 'companies'}
                </span>
                <span>
                  Last asked <DateTime value={topic.updated_at} withTime />
                </span>
              </p>
            </div>
            <Button variant="secondary" size="sm" disabled={busy === topic.key} onClick={() => void toggle(topic)} className="shrink-0 self-start sm:self-auto">
              {topic.hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
              {topic.hidden ? 'Show' : 'Hide'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
