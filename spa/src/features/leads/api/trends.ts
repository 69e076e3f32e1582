import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import { LEAD_TRENDS_KEY, type Temperature } from './leads';

/** One week of leads; `start` is the week's Monday (UTC), 'YYYY-MM-DD'. */
export type WeekCount = { start: string; leads: number };

/** One calendar day (UTC) of leads, 'YYYY-MM-DD'. */
export type DayCount = { date: string; leads: number };

/**
 * `GET /api/leads/trends[?formId=]`: the last 12 weeks (oldest first, the last is the current
 * week), the temperature split and the last 30 days (oldest first, the last is today).
 */
export type LeadTrends = {
  weeks: WeekCount[];
  temperatures: Record<Temperature, number>;
  days: DayCount[];
  /**
   * The week-on-week comparison (computed by the server, whole UTC days only): leads from
   * `from` to `to` (this week's complete days; on a Monday, all of last week) against the same
   * days a week earlier.
   */
  pace: { from: string; to: string; leads: number; previousLeads: number };
  formId: string | null;
};

/** The founder's lead trends, for one form or (null) all of them; `enabled` false skips the request. */
export function useLeadTrends(formId: string | null, enabled = true) {
  const path = formId ? `${LEAD_TRENDS_KEY}?formId=${encodeURIComponent(formId)}` : LEAD_TRENDS_KEY;
  return useSWR<LeadTrends>(useUserKey(enabled ? path : null), userFetcher, { keepPreviousData: true });
}
