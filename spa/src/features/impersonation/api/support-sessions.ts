import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** A write made during a support session (recorded by the server). */
export type SupportChange = { method: string; path: string; status: number; at: string };

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
  /** Writes beyond those listed. */
  more_changes: number;
};

export const SUPPORT_SESSIONS_KEY = '/auth/support-sessions';

/** Settings → Security: the support sessions on the signed-in user's own account, newest first. */
export function useSupportSessions() {
  return useSWR<{ sessions: SupportSession[] }>(useUserKey(SUPPORT_SESSIONS_KEY), userFetcher, { revalidateOnMount: true });
}
