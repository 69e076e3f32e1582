import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';

/** An account as the admin area lists it. */
export type AdminUser = {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
  confirmed: boolean;
  confirmed_at: string | null;
  plan: string | null;
  subscription_status: string | null;
  trial_end: string | null;
  forms: number;
  leads: number;
  last_sign_in_at: string | null;
  is_admin: boolean;
};

export type AdminUsersPage = { users: AdminUser[]; next_cursor: string | null };

/** `q` is an e-mail prefix or an exact user id; 25 accounts a page. */
export function adminUsersPath(q: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return `/admin/users${query ? `?${query}` : ''}`;
}

export function useAdminUsers(q: string, cursor: string | null) {
  return useSWR<AdminUsersPage>(useUserKey(adminUsersPath(q, cursor)), userFetcher, {
    keepPreviousData: true,
    revalidateOnMount: true,
    dedupingInterval: 2_000,
  });
}
