import useSWR from 'swr';
import { useUserKey } from '@/features/auth/use-user-key';
import { api, shouldRetry } from '@/lib/api-client';
import { mutateUserKey, userFetcher } from '@/lib/user-cache';
import type { FieldPreset, Form, FormDisplay, Theme, ThemeColours } from '../types';

export const FORMS_KEY = '/forms';

export function useForms(enabled = true) {
  return useSWR<{ forms: Form[] }>(useUserKey(enabled ? FORMS_KEY : null), userFetcher);
}

export function useForm(id: string | undefined) {
  return useSWR<Form>(useUserKey(id ? `/forms/${id}` : null), userFetcher, { revalidateOnFocus: false });
}

export function usePresets() {
  return useSWR<{ presets: FieldPreset[]; default_legend: { version: string; text: string } }>(useUserKey('/forms/presets'), userFetcher, {
    revalidateOnFocus: false,
  });
}

/** The path of `GET /api/forms/theme` for these colours. */
export function themePath(colours: ThemeColours): string {
  const { primaryColor, backgroundColor, textColor, buttonColor, buttonTextColor } = colours;
  return `/forms/theme?${new URLSearchParams({ primaryColor, backgroundColor, textColor, buttonColor, buttonTextColor })}`;
}

/**
 * The theme investors would see with colours not saved yet (null path: no request). A colour
 * that is not hex answers 400 with the server's message, as saving would.
 */
export function useFormTheme(path: string | null) {
  return useSWR<Theme>(useUserKey(path), userFetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: shouldRetry,
  });
}

async function refreshList<T>(result: T): Promise<T> {
  await mutateUserKey(FORMS_KEY);
  return result;
}

export const createForm = () => api<Form>('/forms', { method: 'POST' }).then(refreshList);

export const saveForm = (id: string, version: number, content: FormDisplay) =>
  api<Form>(`/forms/${id}`, { method: 'PUT', body: { version, ...content } }).then(async (form) => {
    await mutateUserKey(`/forms/${id}`, form, { revalidate: false });
    return refreshList(form);
  });

export type FlagAction = 'publish' | 'unpublish' | 'archive' | 'unarchive';

export const changeForm = (id: string, action: FlagAction, version?: number) =>
  api<Form>(`/forms/${id}/${action}`, { method: 'POST', body: version === undefined ? undefined : { version } }).then(async (form) => {
    await mutateUserKey(`/forms/${id}`, form, { revalidate: false });
    return refreshList(form);
  });

export const deleteForm = (id: string) =>
  api<{ deleted: boolean; had_leads: boolean }>(`/forms/${id}`, { method: 'DELETE' }).then(refreshList);
