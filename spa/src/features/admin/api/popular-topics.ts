import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** A topic counted for Sparky's popular questions (the server decides all of it). */
export type PopularTopic = {
  /** `article:<slug>` or `account:<question>`. */
  key: string;
  /** What founders see: the article's title or the account question's own wording. */
  wording: string;
  /** Distinct paying companies that asked. */
  companies: number;
  hidden: boolean;
  /** In the popular list now. */
  shown: boolean;
  updated_at: string;
};

/** GET /api/ai-chat/topics (administrators only), most asked first. */
export function usePopularTopics() {
  return useSWR<{ topics: PopularTopic[] }>(useUserKey('/ai-chat/topics'), userFetcher, { revalidateOnMount: true });
}

/** PUT /api/ai-chat/topics/{key}/hidden: hides a topic from every founder's list, or shows it again. */
export function setTopicHidden(key: string, hidden: boolean) {
  return api<{ key: string; hidden: boolean }>(`/ai-chat/topics/${encodeURIComponent(key)}/hidden`, { method: 'PUT', body: { hidden } });
}
