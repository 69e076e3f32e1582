import { Flame, Loader2, Snowflake, Sun, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { inputClasses } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { initials } from '@/features/auth/auth-context';
import { useForms } from '@/features/forms/api/forms';
import { answer, useLeads, type Temperature } from '@/features/leads/api/leads';
import { cn } from '@/lib/utils';

const BADGES: Record<Temperature, { label: string; className: string; icon: typeof Flame }> = {
  hot: { label: 'Hot', className: 'bg-red-50 text-red-700 ring-red-200', icon: Flame },
  warm: { label: 'Warm', className: 'bg-amber-50 text-amber-800 ring-amber-200', icon: Sun },
  cold: { label: 'Cold', className: 'bg-sky-50 text-sky-700 ring-sky-200', icon: Snowflake },
};

function TemperatureBadge({ value }: { value: Temperature }) {
  const { label, className, icon: Icon } = BADGES[value];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', className)}>
      <Icon className="size-3.5" aria-hidden /> {label}
    </span>
  );
}

const date = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export default function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const formId = params.get('formId');
  const temperature = params.get('temperature');
  const { data: formsData } = useForms();
  const { data, error, size, setSize, isLoading, isValidating } = useLeads(formId, temperature);
  const leads = data?.flatMap((page) => page.leads) ?? [];
  const more = Boolean(data?.[data.length - 1]?.nextCursor);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  return (
    <>
      <PageHeader title="Investor Leads" description="Everyone who has indicated interest in your offering, newest first." />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <label className="sm:w-64">
          <span className="sr-only">Form</span>
          <select aria-label="Form" className={inputClasses} value={formId ?? ''} onChange={(e) => setFilter('formId', e.target.value)}>
            <option value="">All forms</option>
            {(formsData?.forms ?? []).map((form) => <option key={form.id} value={form.id}>{form.name}</option>)}
          </select>
        </label>
        <label className="sm:w-48">
          <span className="sr-only">Temperature</span>
          <select aria-label="Temperature" className={inputClasses} value={temperature ?? ''} onChange={(e) => setFilter('temperature', e.target.value)}>
            <option value="">All temperatures</option>
            <option value="hot">Hot</option>
            <option value="warm">Warm</option>
            <option value="cold">Cold</option>
          </select>
        </label>
      </div>
      {error ? (
        <EmptyState icon={Users} title="Your leads could not be loaded">Please refresh the page.</EmptyState>
      ) : isLoading ? (
        <Skeleton className="h-64 rounded-2xl" />
      ) : leads.length === 0 ? (
        <EmptyState icon={Users} title="No leads yet">Leads will appear here once you start receiving submissions</EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Investor</th>
                  <th scope="col" className="px-4 py-3">Phone</th>
                  <th scope="col" className="px-4 py-3">Temperature</th>
                  <th scope="col" className="px-4 py-3">Form</th>
                  <th scope="col" className="px-4 py-3">Received</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {leads.map((lead) => {
                  const name = answer(lead, 'name');
                  const email = answer(lead, 'email');
                  return (
                    <tr key={lead.id}>
                      <td className="px-4 py-3">
                        <div className="flex items-center gap-3">
                          <Avatar initials={initials(name, undefined)} />
                          <div className="min-w-0">
                            <p className="truncate font-medium text-gray-900">{name ?? 'Unknown'}</p>
                            <p className="truncate text-gray-500">{email ?? '—'}</p>
                          </div>
                        </div>
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap text-gray-700">{answer(lead, 'phone') ?? '—'}</td>
                      <td className="px-4 py-3"><TemperatureBadge value={lead.temperature} /></td>
                      <td className="px-4 py-3 text-gray-700">{lead.formName ?? 'Deleted form'}</td>
                      <td className="px-4 py-3 whitespace-nowrap text-gray-500">{date(lead.createdAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {more ? (
            <div className="border-t border-gray-100 p-3 text-center">
              <Button variant="secondary" size="sm" disabled={isValidating} onClick={() => void setSize(size + 1)}>
                {isValidating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
