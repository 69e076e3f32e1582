import useSWRInfinite from 'swr/infinite';
import { useAuth } from '@/features/auth/auth-context';
import { userFetcher, userKey } from '@/lib/user-cache';
import type { LeadFilters, LeadsPage } from './leads';

/* The leads page's paged list (its own module: swr/infinite stays out of the dashboard). */

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
  const { user } = useAuth();
  return useSWRInfinite<LeadsPage>(
    (_index, previous: LeadsPage | null) =>
      previous && !previous.nextCursor ? null : userKey(leadsQuery(filters, previous?.nextCursor), user?.id),
    userFetcher,
    { revalidateOnMount: true, dedupingInterval: 2_000, keepPreviousData: true },
  );
}

