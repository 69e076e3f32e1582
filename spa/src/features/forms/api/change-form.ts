import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Form } from '../types';
import { formKey } from './get-form';
import { refreshForms } from './get-forms';

export type FlagAction = 'publish' | 'unpublish' | 'archive' | 'unarchive';

/**
 * `POST /api/forms/{id}/{action}`: publishes, unpublishes, archives or unarchives; with a
 * `version`, only the form as it was read (409 otherwise).
 */
export function useChangeForm(id: string) {
  return useSWRMutation(
    useUserKey(formKey(id)),
    ([path]: UserKey, { arg }: { arg: { action: FlagAction; version?: number } }) =>
      api<Form>(`${path}/${arg.action}`, { method: 'POST', body: arg.version === undefined ? undefined : { version: arg.version } }).then(refreshForms),
    { populateCache: true, revalidate: false },
  );
}
