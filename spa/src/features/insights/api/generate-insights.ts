import { useRef } from 'react';
import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, isProRequired } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { UserKey } from '@/lib/user-cache';

/** Spec 3, AI insight. `icon` and `color` may hold values the SPA does not know (shown as the defaults). */
export type Insight = { title: string; content: string; icon: string; color: string };

/** `POST /api/generate-insights`: the insights in display order (4–6), or none without data. */
export type InsightsResponse = {
  insights: Record<string, Insight>;
  generatedAt?: string;
  source?: string;
};

/** What the founder has to analyse; the server reads its own copy of the data. */
export type InsightCounts = { forms: number; leads: number };

export const INSIGHTS_KEY = '/generate-insights';

/** Spec 9: insights are cached for 900000 ms with 1 retry. */
export const INSIGHTS_CACHE_MS = 900_000;

export const INSIGHTS_FAILED = 'Failed to generate AI insights';

/**
 * The dashboard's AI insights. Spec 4: requested only when there is at least one form or one
 * lead (`counts` undefined while they load: nothing is requested yet). Failures other than a
 * plan without insights toast the spec's message once per failed request.
 */
export function useInsights(counts: InsightCounts | undefined) {
  const body = useRef(counts);
  body.current = counts;
  const hasData = Boolean(counts && (counts.forms > 0 || counts.leads > 0));
  return useSWR<InsightsResponse, Error, UserKey | null>(
    useUserKey(hasData ? INSIGHTS_KEY : null),
    ([path]) => api<InsightsResponse>(path, { method: 'POST', body: body.current }),
    {
      dedupingInterval: INSIGHTS_CACHE_MS,
      errorRetryCount: 1,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: (error) => !isProRequired(error),
      onError: (error) => {
        if (isProRequired(error)) return;
        console.error('generate-insights failed', error);
        toast.error(INSIGHTS_FAILED, { id: 'generate-insights-failed' });
      },
    },
  );
}
