import type { LeadInvestment } from '@/features/investments/types';
import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export type Temperature = 'hot' | 'warm' | 'cold';

export const TEMPERATURES: readonly Temperature[] = ['cold', 'warm', 'hot'];

/** The row facts the server reads out of the answers (spec 2, lead rows), ready to show. */
export type LeadSummary = {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** A 2-letter code for US states, else as typed. */
  state: string | null;
  /** Already shortened: '>$100K', '$25K-$50K'. */
  investmentRange: string | null;
};

/** A lead in its display view (spec 3): answers keyed by field label, plus 'Location'. */
export type LeadView = {
  id: string;
  formId: string;
  formName: string | null;
  data: Record<string, string>;
  temperature: Temperature;
  /** Whole US dollars. */
  estimatedAmount: number;
  createdAt: string;
  summary: LeadSummary;
  /** Where the investor came from, as the embedding page said (absent on older leads). */
  attribution?: LeadAttribution;
  /** The source it counts under in the sources table ('newsletter', 'Direct / none'). */
  source?: string;
  /**
   * Once a portal import is applied (owners and admins): what the portal confirmed from this
   * lead, null for "not yet". Absent before any import.
   */
  investment?: LeadInvestment;
};

export type LeadAttribution = {
  page?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_term?: string;
  referrer?: string;
};

export type LeadsPage = { leads: LeadView[]; nextCursor: string | null };

export type LeadFilters = { formId: string | null; temperature: Temperature | null; q: string | null };

export type Achievement = {
  id: string;
  title: string;
  description: string;
  earned: boolean;
  color: string;
  isAdvanced: boolean;
};

export type LeadStats = {
  totalViews: number;
  totalLeads: number;
  /** Whole percent: round(leads / views × 100). */
  conversionRate: number;
  estimatedClicks: number;
  /** Whole US dollars. */
  estimatedInterest: number;
  achievements: Achievement[];
  earnedCount: number;
  totalCount: number;
  advancedUnlocked: boolean;
};

export const RECENT_LEADS_KEY = '/leads/recent';
export const LEAD_STATS_KEY = '/leads/summary';
/** Charts (api/trends.ts); the key is here so a lead change can refresh them. */
export const LEAD_TRENDS_KEY = '/leads/trends';

/** The five newest leads, for the dashboard. */
export function useRecentLeads() {
  return useSWR<{ leads: LeadView[] }>(useUserKey(RECENT_LEADS_KEY), userFetcher);
}

/** Dashboard figures and achievement badges, all computed by the server. */
export function useLeadStats() {
  return useSWR<LeadStats>(useUserKey(LEAD_STATS_KEY), userFetcher);
}
