import useSWRMutation from 'swr/mutation';
import { useUserKey } from '@/features/auth/use-user-key';
import { api } from '@/lib/api-client';
import type { UserKey } from '@/lib/user-cache';
import type { Form } from '../types';
import { FORMS_KEY } from './get-forms';

/** `POST /api/forms`: a new draft with the default fields (402 without a subscription); the list is read again. */
export function useCreateForm() {
  return useSWRMutation(useUserKey(FORMS_KEY), ([path]: UserKey) => api<Form>(path, { method: 'POST' }));
}
