import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** A write made or attempted during a support session, as the server recorded and described it. */
export type SupportChange = {
  method: string;
  path: string;
  /** 0 when its outcome was not recorded. */
  status: number;
  at: string;
  /** In words, from the server: 'Updated a lead', 'Created a form (refused)'. */
  description: string;
};

/** The reads of one route during a support session, grouped by the server. */
export type SupportView = {
  method: string;
  path: string;
  count: number;
  refused: number;
  first_at: string;
  last_at: string;
  /** 'Viewed the leads', 'Downloaded the leads (CSV)', 'Tried to view the admin area (refused)'. */
  description: string;
};

export type SupportSession = {
  id: string;
  reason: string;
  started_at: string;
  ended_at: string | null;
  /** How it ended; null while it runs. */
  ended_by: 'revert' | 'expiry' | 'signout' | null;
  /** Whole minutes, rounded up (so far, while it runs). */
  minutes: number;
  changes: SupportChange[];
  /** Reads, grouped by route: never changes. */
  views: SupportView[];
  /** False when more was recorded than is listed. */
  complete: boolean;
};

export const SUPPORT_SESSIONS_KEY = '/auth/support-sessions';

/** Settings → Security: the support sessions on the signed-in user's own account, newest first. */
export function useSupportSessions() {
  return useSWR<{ sessions: SupportSession[] }>(useUserKey(SUPPORT_SESSIONS_KEY), userFetcher, { revalidateOnMount: true });
}
