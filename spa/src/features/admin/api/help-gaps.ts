import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** A question Sparky could not ground in the Help Center: what an article should cover. */
export type HelpGap = {
  question: string;
  /** The path it was asked from. */
  page_context: string;
  /** How many times it was asked. */
  popularity_score: number;
  /** ISO timestamp of the last time. */
  updated_at: string;
};

/** GET /api/ai-chat/gaps (administrators only), most asked first. */
export function useHelpGaps() {
  return useSWR<{ gaps: HelpGap[] }>(useUserKey('/ai-chat/gaps'), userFetcher, { revalidateOnMount: true });
}
