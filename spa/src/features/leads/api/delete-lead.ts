import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { refreshDashboard } from './refresh-dashboard';

/** `DELETE /api/leads/{id}`: the lead's answers go for good; the dashboard is re-read. */
export function useDeleteLead() {
  return useSWRMutation(
    useUserKey('/leads'),
    ([path]: UserKey, { arg }: { arg: { id: string } }) => api<void>(`${path}/${arg.id}`, { method: 'DELETE' }),
    { revalidate: false, onSuccess: () => void refreshDashboard() },
  );
}
