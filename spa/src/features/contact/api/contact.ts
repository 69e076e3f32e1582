import useSWR from 'swr';
import { api, fetcher } from '@/lib/api-client';

/** What a visitor sends through /contact-us. `website` is the honeypot: people leave it empty. */
export type ContactMessage = { name: string; email: string; topic: string; message: string; website: string };

/** GET /api/contact: the topics a message can be about. Public. */
export function useContactTopics() {
  return useSWR<{ topics: string[] }>('/contact', fetcher, { revalidateOnFocus: false });
}

/** POST /api/contact: stores the message and mails it to support (201 `{received: true}`). */
export const sendContactMessage = (body: ContactMessage) =>
  api<{ received: boolean }>('/contact', { method: 'POST', body, retryOnExpiredToken: false });
