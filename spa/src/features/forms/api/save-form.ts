import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Form, FormDisplay } from '../types';
import { formKey } from './get-form';
import { refreshForms } from './get-forms';

export type FormSave = { version: number; content: FormDisplay };

/** `PUT /api/forms/{id}`: saves the content edited from `version`; the answer is the form's cache. */
export function useSaveForm(id: string) {
  return useSWRMutation(
    useUserKey(formKey(id)),
    ([path]: UserKey, { arg }: { arg: FormSave }) => api<Form>(path, { method: 'PUT', body: { version: arg.version, ...arg.content } }).then(refreshForms),
    { populateCache: true, revalidate: false },
  );
}
