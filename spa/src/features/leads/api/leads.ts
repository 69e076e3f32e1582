import useSWRInfinite from 'swr/infinite';
import { fetcher } from '@/lib/api-client';

export type Temperature = 'hot' | 'warm' | 'cold';

export type LeadView = {
  id: string;
  formId: string;
  formName: string | null;
  data: Record<string, string>;
  temperature: Temperature;
  estimatedAmount: number;
  createdAt: string;
};

type Page = { leads: LeadView[]; nextCursor: string | null };

/** The caller's leads, newest first, a page at a time. */
export function useLeads(formId: string | null, temperature: string | null) {
  return useSWRInfinite<Page>((_index, previous: Page | null) => {
    if (previous && !previous.nextCursor) return null;
    const params = new URLSearchParams();
    if (formId) params.set('formId', formId);
    if (temperature) params.set('temperature', temperature);
    if (previous?.nextCursor) params.set('cursor', previous.nextCursor);
    const query = params.toString();
    return `/leads${query ? `?${query}` : ''}`;
  }, fetcher);
}

/** The answer whose label mentions one of the words (labels are the founder's own). */
export function answer(lead: LeadView, ...words: string[]): string | undefined {
  const key = Object.keys(lead.data).find((label) => words.some((word) => label.toLowerCase().includes(word)));
  return key ? lead.data[key] : undefined;
}
