import { SearchInput } from '@/components/ui/search-input';
import { inputClasses } from '@/components/ui/field';
import type { Form } from '@/features/forms/types';
import { cn } from '@/lib/utils';
import type { LeadFilters, Temperature } from '../api/leads';

const TEMPERATURE_OPTIONS: { value: Temperature | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'hot', label: 'Hot' },
  { value: 'warm', label: 'Warm' },
  { value: 'cold', label: 'Cold' },
];

/** Search, form and temperature filters of the leads page; every value lives in the address. */
export function LeadsToolbar({ filters, forms, busy, onChange }: {
  filters: LeadFilters;
  /** The founder's forms; undefined while they load. */
  forms: Form[] | undefined;
  /** A new set of leads is being read. */
  busy: boolean;
  onChange: (key: keyof LeadFilters, value: string | null) => void;
}) {
  const selectedFormMissing = filters.formId && forms && !forms.some((form) => form.id === filters.formId);
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-3 shadow-sm xl:flex-row xl:items-center">
      <SearchInput
        label="Search leads"
        placeholder="Search by name or e-mail"
        className="flex-1"
        value={filters.q ?? ''}
        busy={busy}
        onCommit={(value) => onChange('q', value || null)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <select
          aria-label="Form"
          className={cn(inputClasses, 'sm:w-60')}
          value={filters.formId ?? ''}
          onChange={(event) => onChange('formId', event.target.value || null)}
        >
          <option value="">All forms</option>
          {selectedFormMissing ? <option value={filters.formId!}>Unknown form</option> : null}
          {(forms ?? []).map((form) => (
            <option key={form.id} value={form.id}>
              {form.is_archived ? `${form.name} (archived)` : form.name}
            </option>
          ))}
        </select>
        <div role="group" aria-label="Temperature" className="grid shrink-0 grid-cols-4 rounded-lg bg-gray-100 p-1 sm:inline-grid">
          {TEMPERATURE_OPTIONS.map(({ value, label }) => {
            const active = filters.temperature === value;
            return (
              <button
                key={label}
                type="button"
                aria-pressed={active}
                onClick={() => onChange('temperature', value)}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  active ? 'bg-white text-gray-900 shadow-sm ring-1 ring-gray-900/5' : 'text-gray-600 hover:text-gray-900',
                )}
              >
                {label}
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
