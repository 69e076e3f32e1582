import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { Form } from '../types';

export const FORMS_KEY = '/forms';

/** `GET /api/forms`: the founder's forms (`enabled` false: no request). */
export function useForms(enabled = true) {
  return useSWR<{ forms: Form[] }>(useUserKey(enabled ? FORMS_KEY : null), userFetcher);
}

/** Re-reads the list after a form was created, changed or deleted, then hands `result` on. */
export async function refreshForms<T>(result: T): Promise<T> {
  await mutateUserKey(FORMS_KEY);
  return result;
}
