import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import { formKey } from './get-form';
import { refreshForms } from './get-forms';

/** `DELETE /api/forms/{id}`: the form goes, the leads it captured stay (`had_leads`). */
export function useDeleteForm(id: string) {
  return useSWRMutation(
    useUserKey(formKey(id)),
    ([path]: UserKey) => api<{ deleted: boolean; had_leads: boolean }>(path, { method: 'DELETE' }).then(refreshForms),
    { revalidate: false },
  );
}
