import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import type { SupportChange, SupportView } from '@/features/impersonation/api/support-sessions';
import { userFetcher } from '@/lib/user-cache';

/** An impersonation's audit record. */
export type AuditRecord = {
  id: string;
  admin_id: string;
  admin_email: string;
  target_id: string;
  target_email: string;
  reason: string;
  /** When the sign-in link was made. */
  started_at: string;
  /** When the link was used; null while it was not. */
  session_started_at: string | null;
  ends_at: string;
  ended_at: string | null;
  ended_by: 'revert' | 'expiry' | 'signout' | null;
  ip: string | null;
  user_agent: string | null;
  /** Writes made or attempted, in order. */
  changes: SupportChange[];
  /** Reads, grouped by route. */
  views: SupportView[];
  /** False when more was recorded than is listed (the record keeps everything). */
  complete: boolean;
  status: 'pending' | 'active' | 'ended';
};

export type AuditPage = { impersonations: AuditRecord[]; next_cursor: string | null };

/** `admin` and `target` narrow to one administrator or user; `from`/`to` are YYYY-MM-DD. */
export type AuditFilters = { admin: string; target: string; from: string; to: string };

export const AUDIT_FILTER_KEYS = ['admin', 'target', 'from', 'to'] as const;

export function impersonationsPath(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/admin/impersonations${query ? `?${query}` : ''}`;
}

export function useImpersonations(filters: AuditFilters, cursor: string | null) {
  return useSWR<AuditPage>(useUserKey(impersonationsPath(filters, cursor)), userFetcher, {
    keepPreviousData: true,
    revalidateOnMount: true,
    dedupingInterval: 2_000,
  });
}
