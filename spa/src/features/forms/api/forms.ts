import useSWR, { mutate } from 'swr';
import { api, fetcher } from '@/lib/api-client';
import type { FieldPreset, Form, FormDisplay } from '../types';

export const FORMS_KEY = '/forms';

export function useForms(enabled = true) {
  return useSWR<{ forms: Form[] }>(enabled ? FORMS_KEY : null, fetcher);
}

export function useForm(id: string | undefined) {
  return useSWR<Form>(id ? `/forms/${id}` : null, fetcher, { revalidateOnFocus: false });
}

export function usePresets() {
  return useSWR<{ presets: FieldPreset[]; default_legend: { version: string; text: string } }>('/forms/presets', fetcher, {
    revalidateOnFocus: false,
  });
}

async function refreshList<T>(result: T): Promise<T> {
  await mutate(FORMS_KEY);
  return result;
}

export const createForm = () => api<Form>('/forms', { method: 'POST' }).then(refreshList);

export const saveForm = (id: string, version: number, content: FormDisplay) =>
  api<Form>(`/forms/${id}`, { method: 'PUT', body: { version, ...content } }).then(async (form) => {
    await mutate(`/forms/${id}`, form, { revalidate: false });
    return refreshList(form);
  });

export type FlagAction = 'publish' | 'unpublish' | 'archive' | 'unarchive';

export const changeForm = (id: string, action: FlagAction, version?: number) =>
  api<Form>(`/forms/${id}/${action}`, { method: 'POST', body: version === undefined ? undefined : { version } }).then(async (form) => {
    await mutate(`/forms/${id}`, form, { revalidate: false });
    return refreshList(form);
  });

export const deleteForm = (id: string) =>
  api<{ deleted: boolean; had_leads: boolean }>(`/forms/${id}`, { method: 'DELETE' }).then(refreshList);
