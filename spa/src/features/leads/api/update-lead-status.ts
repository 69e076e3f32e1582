import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Temperature } from './leads';
import { refreshDashboard } from './refresh-dashboard';

/**
 * `PATCH /api/leads/{id}`: sets a lead's temperature. The leads list is the caller's to
 * update (optimistically, over its pages); the dashboard is re-read here.
 */
export function useUpdateLeadStatus() {
  return useSWRMutation(
    useUserKey('/leads'),
    ([path]: UserKey, { arg }: { arg: { id: string; status: Temperature } }) =>
      api<{ id: string; temperature: Temperature }>(`${path}/${arg.id}`, { method: 'PATCH', body: { status: arg.status } }),
    { revalidate: false, onSuccess: () => void refreshDashboard() },
  );
}
