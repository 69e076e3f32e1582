import type { RecordFilters } from './types';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The vault's filters as the address keeps them (`?kind=&category=&from=&to=&q=`). */
export function readFilters(params: URLSearchParams): RecordFilters {
  const day = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return DAY.test(value) ? value : null;
  };
  return {
    kind: params.get('kind')?.trim() || null,
    category: params.get('category')?.trim() || null,
    from: day('from'),
    to: day('to'),
    q: params.get('q')?.trim() || null,
  };
}

export const FILTER_KEYS = ['kind', 'category', 'from', 'to', 'q'] as const;

export function hasFilters(filters: RecordFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== null);
}

/** `GET /compliance-vault/records` with the filters, from the page after `before` (a chain position). */
export function recordsPath(filters: RecordFilters, before?: number | null): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (before !== undefined && before !== null) params.set('before', String(before));
  const query = params.toString();
  return `/compliance-vault/records${query ? `?${query}` : ''}`;
}
