import useSWR from 'swr';
import { fetcher } from '@/lib/api-client';

/** What a visitor sends through /contact-us. `website` is the honeypot: people leave it empty. */
export type ContactMessage = { name: string; email: string; topic: string; message: string; website: string };

/** GET /api/contact: the topics a message can be about. Public. */
export const CONTACT_KEY = '/contact';

export function useContactTopics() {
  return useSWR<{ topics: string[] }>(CONTACT_KEY, fetcher, { revalidateOnFocus: false });
}
