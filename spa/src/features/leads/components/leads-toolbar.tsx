import { Loader2, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { inputClasses } from '@/components/ui/field';
import type { Form } from '@/features/forms/types';
import { cn } from '@/lib/utils';
import type { LeadFilters, Temperature } from '../api/leads';

const SEARCH_DELAY_MS = 300;

const TEMPERATURE_OPTIONS: { value: Temperature | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'hot', label: 'Hot' },
  { value: 'warm', label: 'Warm' },
  { value: 'cold', label: 'Cold' },
];

/** Search box that commits its text after the user pauses typing. */
function SearchBox({ value, busy, onCommit }: { value: string; busy: boolean; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // The address changed from elsewhere (Clear filters, back button): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = next;
      commit.current(next);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <div className="relative min-w-0 flex-1">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
      <input
        type="search"
        aria-label="Search leads"
        placeholder="Search by name or e-mail"
        autoComplete="off"
        className={cn(inputClasses, 'pr-9 pl-9')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {busy ? <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-gray-400" aria-hidden /> : null}
    </div>
  );
}

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
      <SearchBox value={filters.q ?? ''} busy={busy} onCommit={(value) => onChange('q', value || null)} />
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
