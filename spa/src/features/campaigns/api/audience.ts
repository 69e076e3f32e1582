import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { segmentBody, segmentKey } from '../segment';
import type { AudienceCount, Segment } from '../types';

const PATH = '/campaigns/audience';

/**
 * `POST /api/campaigns/audience {segment}`: how many people a segment reaches now, and how
 * many of its leads are excluded (unsubscribed, bounced, complained). The key carries the
 * segment, so each segment is cached on its own; the previous count stays while the next loads.
 */
export function useAudienceCount(segment: Segment | null) {
  const key = useUserKey(segment ? `${PATH}?segment=${encodeURIComponent(segmentKey(segment))}` : null);
  return useSWR<AudienceCount, Error, UserKey | null>(
    key,
    ([path]) => {
      const parsed = JSON.parse(decodeURIComponent(path.slice(path.indexOf('=') + 1))) as Segment;
      return api<AudienceCount>(PATH, { method: 'POST', body: { segment: segmentBody({ ...parsed, createdFrom: parsed.createdFrom ?? null, createdTo: parsed.createdTo ?? null }) } });
    },
    { keepPreviousData: true, revalidateOnFocus: true, dedupingInterval: 2_000, shouldRetryOnError: shouldRetry },
  );
}
