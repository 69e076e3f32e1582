import { History, LifeBuoy, Loader2 } from 'lucide-react';
import { useState } from 'react';
import useSWR from 'swr';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import { userFetcher } from '@/lib/user-cache';

type ActivityEntry = { id: string; at: string; actor_email: string; support_admin: boolean; description: string; method: string; path: string };
type ActivityPage = { entries: ActivityEntry[]; next: string | null };

const ACTIVITY_PATH = '/teams/current/activity';

function Entry({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <p className="min-w-0 text-sm text-gray-900">
        <span className="font-medium break-all">{entry.actor_email}</span> <span className="text-gray-700">{entry.description.charAt(0).toLowerCase() + entry.description.slice(1)}</span>
        {entry.support_admin ? (
          <span className="ml-2 inline-flex items-center gap-1 text-xs text-amber-700">
            <LifeBuoy className="size-3.5" aria-hidden /> in a support session
          </span>
        ) : null}
      </p>
      <DateTime value={entry.at} withTime className="shrink-0 text-xs text-gray-500" />
    </li>
  );
}

/**
 * Settings → Activity: who changed what in the active company, newest first (owners and
 * admins; the server refuses anyone else). The wording is the support-session record's.
 */
export function ActivityLog() {
  const { data, error, isLoading } = useSWR<ActivityPage>(useUserKey(ACTIVITY_PATH), userFetcher, { revalidateOnFocus: true, shouldRetryOnError: shouldRetry });
  const [older, setOlder] = useState<ActivityEntry[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (isLoading) return <ListSkeleton label="Loading the activity" rows={3} header={false} />;
  if (error || !data) return <Alert>{error instanceof Error ? error.message : 'The activity could not be loaded.'}</Alert>;
  const cursor = next === undefined ? data.next : next;
  const entries = [...data.entries, ...older.filter((entry) => !data.entries.some((shown) => shown.id === entry.id))];
  if (entries.length === 0) {
    return (
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-500">
          <History className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-gray-600">Nothing has changed yet. Every change your team makes shows here: who, what and when.</p>
      </div>
    );
  }
  const loadOlder = async () => {
    if (!cursor) return;
    setLoading(true);
    setFailed(null);
    try {
      const page = await api<ActivityPage>(`${ACTIVITY_PATH}?before=${encodeURIComponent(cursor)}`);
      setOlder((shown) => [...shown, ...page.entries]);
      setNext(page.next);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : 'Older activity could not be loaded.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="space-y-3">
      <ul aria-label="Company activity" className="divide-y divide-gray-100">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
      {failed ? <Alert>{failed}</Alert> : null}
      {cursor ? (
        <Button variant="secondary" size="sm" onClick={() => void loadOlder()} disabled={loading}>
          {loading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Show older activity
        </Button>
      ) : null}
    </div>
  );
}
