import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

export const LEAD_FUNNEL_KEY = '/leads/funnel';

/** One row of the sources table: visitors a day (views, starts), leads and hot leads now. */
export type SourceRow = {
  value: string;
  label: string;
  views: number;
  starts: number;
  leads: number;
  hotLeads: number;
  /** Leads per 100 views, one decimal (the server's); null without views. */
  conversion: number | null;
  /** Once a portal import is applied: this row's leads who invested, and their dollars. */
  investors?: number;
  investedCents?: number;
};

/** Of a temperature's or a form's leads, how many invested on the portal. */
export type Conversion = { value: string; label: string; leads: number; investors: number; investedCents: number; rate: number | null };

/** Once a portal import is applied (owners and admins): indicated against invested. */
export type FunnelInvestments = {
  /** Whole dollars leads indicated on the forms. */
  indicated: number;
  /** The offering's target, whole dollars. */
  target: number | null;
  investors: number;
  investedCents: number;
  pendingCents: number;
  leadsInvested: number;
  /** Investors matched to no lead: they came straight to the portal. */
  unmatched: { investors: number; cents: number };
  byTemperature: Conversion[];
  byForm: Conversion[];
};

export type FormFunnel = {
  formId: string;
  name: string;
  views: number;
  starts: number;
  leads: number;
  hotLeads: number;
  /** Starts per 100 views and leads per 100 starts, one decimal; null when the step before is 0. */
  startRate: number | null;
  submitRate: number | null;
  /** Fields visitors who started and left touched last, in form order. */
  stops: { fieldId: string; label: string; visitors: number }[];
  topStop: string | null;
};

/** `GET /api/leads/funnel`: each form's funnel (newest form first) and the sources tables. */
export type LeadFunnel = {
  forms: FormFunnel[];
  sources: { source: SourceRow[]; campaign: SourceRow[]; page: SourceRow[] };
  investments?: FunnelInvestments;
};

export function useLeadFunnel(enabled = true) {
  return useSWR<LeadFunnel>(useUserKey(enabled ? LEAD_FUNNEL_KEY : null), userFetcher, { keepPreviousData: true });
}
