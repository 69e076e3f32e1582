import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { userFetcher } from '@/lib/user-cache';
import type { Form } from '../types';

export const formKey = (id: string) => `/forms/${id}`;

/** `GET /api/forms/{id}`: one of the founder's forms (404 for anyone else's). */
export function useForm(id: string | undefined) {
  return useSWR<Form>(useUserKey(id ? formKey(id) : null), userFetcher, { revalidateOnFocus: false });
}
