import { FilterX } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/utils';
import { hasFilters } from '../filters';
import type { CategoryOption, KindOption, RecordFilters } from '../types';

const selectClasses = cn(inputClasses, 'py-2 pr-8');

function DateFilter({ label, value, min, max, onChange }: { label: string; value: string | null; min?: string; max?: string; onChange: (value: string | null) => void }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-600">{label}</label>
      <input id={id} type="date" className={cn(inputClasses, 'py-2')} value={value ?? ''} min={min} max={max} onChange={(event) => onChange(event.target.value || null)} />
    </div>
  );
}

/** Search by title, kind, category and date range; every value lives in the address. */
export function RecordsToolbar({ filters, kinds, categories, busy, onChange, onClear }: {
  filters: RecordFilters;
  kinds: KindOption[];
  categories: CategoryOption[];
  busy: boolean;
  onChange: (key: keyof RecordFilters, value: string | null) => void;
  onClear: () => void;
}) {
  const kindId = useId();
  const categoryId = useId();
  const unknownKind = filters.kind && !kinds.some((k) => k.id === filters.kind);
  const unknownCategory = filters.category && !categories.some((c) => c.id === filters.category);
  return (
    <div role="search" aria-label="Filter records" className="mb-4 space-y-3 rounded-2xl border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
      <SearchInput label="Search records by title" placeholder="Search by title" value={filters.q ?? ''} busy={busy} onCommit={(value) => onChange('q', value || null)} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <div className="min-w-0">
          <label htmlFor={kindId} className="mb-1 block text-xs font-medium text-gray-600">Kind</label>
          <select id={kindId} className={selectClasses} value={filters.kind ?? ''} onChange={(event) => onChange('kind', event.target.value || null)}>
            <option value="">All kinds</option>
            {unknownKind ? <option value={filters.kind!}>{filters.kind}</option> : null}
            {kinds.map((kind) => (
              <option key={kind.id} value={kind.id}>{kind.label}</option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={categoryId} className="mb-1 block text-xs font-medium text-gray-600">Category</label>
          <select id={categoryId} className={selectClasses} value={filters.category ?? ''} onChange={(event) => onChange('category', event.target.value || null)}>
            <option value="">All categories</option>
            {unknownCategory ? <option value={filters.category!}>{filters.category}</option> : null}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>{category.label}</option>
            ))}
          </select>
        </div>
        <DateFilter label="From" value={filters.from} max={filters.to ?? undefined} onChange={(value) => onChange('from', value)} />
        <DateFilter label="To" value={filters.to} min={filters.from ?? undefined} onChange={(value) => onChange('to', value)} />
        {hasFilters(filters) ? (
          <Button variant="ghost" size="md" className="col-span-2 lg:col-span-1" onClick={onClear}>
            <FilterX className="size-4" aria-hidden /> Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
