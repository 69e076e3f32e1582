/**
 * The dashboard's charts and AI insights: a chunk of their own, loaded beside the first
 * render (like dashboard-panels), so neither the entry nor the panels chunk carries them.
 * They read the forms and figures the page has already requested (SWR shares the requests).
 */
import { useForms } from '@/features/forms/api/get-forms';
import { InsightsPanel } from '@/features/insights/components/insights-panel';
import { useLeadStats } from '@/features/leads/api/leads';
import { FunnelAndSources } from '@/features/leads/components/funnel-and-sources';
import { LeadTrends } from '@/features/leads/components/lead-trends';

/**
 * Leads per week and the temperature split, once there is at least one lead to chart; the
 * form funnel and the sources once anyone has seen a form.
 */
export function DashboardLeadTrends() {
  const { data: stats } = useLeadStats();
  return (
    <>
      {stats && stats.totalLeads > 0 ? <LeadTrends /> : null}
      {stats && (stats.totalLeads > 0 || stats.totalViews > 0) ? <FunnelAndSources className="mb-10" /> : null}
    </>
  );
}

/** Spec 4: insights only with a form or a lead. A failed read counts as none (spec 8). */
export function DashboardInsights() {
  const { data: forms, error: formsError } = useForms();
  const { data: stats, error: statsError } = useLeadStats();
  const loaded = (forms || formsError) && (stats || statsError);
  return <InsightsPanel counts={loaded ? { forms: forms?.forms.length ?? 0, leads: stats?.totalLeads ?? 0 } : undefined} />;
}
