import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, apiFile, fetcher } from '@/lib/api-client';
import { PROFILE_KEY } from '@/features/profiles/api/profile';

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

function leadsQuery(filters: LeadFilters, cursor?: string | null) {
  const params = new URLSearchParams();
  if (filters.formId) params.set('formId', filters.formId);
  if (filters.temperature) params.set('temperature', filters.temperature);
  if (filters.q) params.set('q', filters.q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/leads${query ? `?${query}` : ''}`;
}

/**
 * The caller's leads, newest first, a page of 25 at a time. Each filter combination is
 * re-read when shown again, so a lead changed elsewhere is never stale for long.
 */
export function useLeads(filters: LeadFilters) {
  return useSWRInfinite<LeadsPage>(
    (_index, previous: LeadsPage | null) => (previous && !previous.nextCursor ? null : leadsQuery(filters, previous?.nextCursor)),
    fetcher,
    { revalidateOnMount: true, dedupingInterval: 2_000, keepPreviousData: true },
  );
}

/** The five newest leads, for the dashboard. */
export function useRecentLeads() {
  return useSWR<{ leads: LeadView[] }>(RECENT_LEADS_KEY, fetcher);
}

/** Dashboard figures and achievement badges, all computed by the server. */
export function useLeadStats() {
  return useSWR<LeadStats>(LEAD_STATS_KEY, fetcher);
}

/** After a lead changed or went away, the dashboard figures are re-read. */
async function refreshDashboard() {
  await Promise.all([mutate(RECENT_LEADS_KEY), mutate(LEAD_STATS_KEY), mutate(PROFILE_KEY)]);
}

export const setLeadStatus = (id: string, status: Temperature) =>
  api<{ id: string; temperature: Temperature }>(`/leads/${id}`, { method: 'PATCH', body: { status } }).then(async (result) => {
    void refreshDashboard();
    return result;
  });

export const deleteLead = (id: string) =>
  api<void>(`/leads/${id}`, { method: 'DELETE' }).then(() => {
    void refreshDashboard();
  });

/** The leads as CSV (all of them, or one form's), saved through the browser's download. */
export async function exportLeads(formId: string | null) {
  const { blob, filename } = await apiFile(`/leads/export${formId ? `?formId=${encodeURIComponent(formId)}` : ''}`, 'text/csv');
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? 'leads.csv';
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
