import { AlertTriangle, FileUp, SearchX, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useForms } from '@/features/forms/api/get-forms';
import { useDeleteLead } from '@/features/leads/api/delete-lead';
import {
  TEMPERATURES,
  type LeadFilters,
  type LeadView,
  type LeadsPage,
  type Temperature,
} from '@/features/leads/api/leads';
import { useUpdateLeadStatus } from '@/features/leads/api/update-lead-status';
import { useLeads } from '@/features/leads/api/use-leads';
import { ExportLeadsButton } from '@/features/leads/components/export-leads-button';
import { LeadDetailSheet } from '@/features/leads/components/lead-detail-sheet';
import { FunnelAndSources } from '@/features/leads/components/funnel-and-sources';
import { LeadsPerDayCard } from '@/features/leads/components/leads-per-day-card';
import { LeadsList, LeadsSkeleton } from '@/features/leads/components/leads-table';
import { LeadsToolbar } from '@/features/leads/components/leads-toolbar';
import { ApiError } from '@/lib/api-client';
import { withParam } from '@/lib/search-params';

/** An e-mailed link may point at an older lead: read at most this many pages to find it. */
const MAX_PAGES_TO_FIND_LEAD = 8;

function readFilters(params: URLSearchParams): LeadFilters {
  const temperature = params.get('temperature');
  return {
    formId: params.get('formId') || null,
    temperature: TEMPERATURES.includes(temperature as Temperature) ? (temperature as Temperature) : null,
    q: params.get('q')?.trim() || null,
  };
}

function updateLead(pages: LeadsPage[] | undefined, id: string, change: (lead: LeadView) => LeadView | null): LeadsPage[] {
  return (pages ?? []).map((page) => ({
    ...page,
    leads: page.leads.flatMap((lead) => {
      if (lead.id !== id) return [lead];
      const next = change(lead);
      return next ? [next] : [];
    }),
  }));
}

export default function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const leadId = params.get('lead');
  const { data: formsData } = useForms();
  const { data, error, size, setSize, isValidating, mutate } = useLeads(filters);
  const { trigger: updateStatus } = useUpdateLeadStatus();
  const { trigger: deleteLead } = useDeleteLead();

  const leads = useMemo(() => data?.flatMap((page) => page.leads) ?? [], [data]);
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  const loadingMore = size > 0 && data !== undefined && data[size - 1] === undefined;
  const filtered = Boolean(filters.temperature || filters.q);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(withParam(key, value), { replace: key === 'q' || key === 'lead' }),
    [setParams],
  );

  const clearFilters = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      ['formId', 'temperature', 'q'].forEach((key) => next.delete(key));
      return next;
    });

  // The open lead stays on screen while it changes, even if a filter then hides it.
  const found = leadId ? leads.find((lead) => lead.id === leadId) : undefined;
  const [shown, setShown] = useState<LeadView | null>(null);
  useEffect(() => {
    if (found) setShown(found);
  }, [found]);
  const selected = found ?? (shown && shown.id === leadId ? shown : null);

  // ?lead=<id> from the owner's e-mail: keep reading pages until the lead turns up.
  useEffect(() => {
    if (leadId && !selected && hasMore && !isValidating && size < MAX_PAGES_TO_FIND_LEAD) void setSize(size + 1);
  }, [leadId, selected, hasMore, isValidating, size, setSize]);

  const changeStatus = async (lead: LeadView, status: Temperature) => {
    const apply = (pages?: LeadsPage[]) => updateLead(pages, lead.id, (current) => ({ ...current, temperature: status }));
    setShown({ ...lead, temperature: status });
    try {
      await mutate(
        async (pages) => {
          await updateStatus({ id: lead.id, status });
          return apply(pages);
        },
        { optimisticData: apply, rollbackOnError: true, revalidate: true },
      );
      toast.success(`Lead marked as ${status}`);
    } catch (failure) {
      console.error('lead status change failed', failure);
      setShown(lead);
      toast.error('Failed to update lead');
    }
  };

  const removeLead = async (lead: LeadView) => {
    await deleteLead({ id: lead.id });
    setParam('lead', null);
    setShown(null);
    await mutate((pages) => updateLead(pages, lead.id, () => null), { revalidate: true });
    toast.success('Lead deleted');
  };

  const body = () => {
    if (error && !data) {
      if (error instanceof ApiError && error.status === 404 && filters.formId) {
        return (
          <EmptyState icon={SearchX} title="This form could not be found" action={<Button variant="secondary" onClick={clearFilters}>View all leads</Button>}>
            It may have been deleted. Leads it captured are still listed under all forms.
          </EmptyState>
        );
      }
      return (
        <EmptyState icon={AlertTriangle} title="Your leads could not be loaded" action={<Button variant="secondary" onClick={() => void mutate()}>Try again</Button>}>
          Something went wrong while reading your leads. Check your connection and try again.
        </EmptyState>
      );
    }
    if (!data) return <LeadsSkeleton />;
    if (leads.length === 0) {
      if (filtered) {
        return (
          <EmptyState icon={SearchX} title="No leads match your filters" action={<Button variant="secondary" onClick={clearFilters}>Clear filters</Button>}>
            Try another search, or show every temperature and form.
          </EmptyState>
        );
      }
      return (
        <EmptyState
          icon={Users}
          title="No leads yet"
          action={filters.formId ? <Button variant="secondary" onClick={clearFilters}>View all leads</Button> : undefined}
        >
          Leads will appear here once you start receiving submissions
        </EmptyState>
      );
    }
    return (
      <LeadsList
        leads={leads}
        showForm={!filters.formId}
        onOpen={(lead) => setParam('lead', lead.id)}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={() => void setSize(size + 1)}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Investor Leads"
        description="Everyone who has indicated interest in your offering, newest first."
        actions={
          <>
            <Link to="/leads/import" className={buttonClasses('secondary')}>
              <FileUp className="size-4" aria-hidden /> Import investments
            </Link>
            <ExportLeadsButton formId={filters.formId} />
          </>
        }
      />
      <LeadsToolbar
        filters={filters}
        forms={formsData?.forms}
        busy={isValidating}
        onChange={(key, value) => setParam(key, value)}
      />
      {/* Leads per day of the chosen form; not for a founder (or form) without any lead yet. */}
      {data && leads.length === 0 && !filtered ? null : <LeadsPerDayCard formId={filters.formId} forms={formsData?.forms} />}
      {body()}
      {/* Where the leads came from and how far visitors got, below the leads themselves. */}
      {data && leads.length === 0 && !filtered ? null : <FunnelAndSources formId={filters.formId} className="mt-8" />}
      <LeadDetailSheet
        lead={selected}
        open={Boolean(leadId && selected)}
        onOpenChange={(open) => {
          if (!open) setParam('lead', null);
        }}
        onStatusChange={changeStatus}
        onDelete={removeLead}
      />
    </>
  );
}
