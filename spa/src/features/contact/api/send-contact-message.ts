import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { CONTACT_KEY, type ContactMessage } from './contact';

/**
 * `POST /api/contact`: stores the message and mails it to support (201 `{received: true}`).
 * Public: signed in or not; the topics stay cached as they are.
 */
export function useSendContactMessage() {
  return useSWRMutation(
    CONTACT_KEY,
    (path: string, { arg }: { arg: ContactMessage }) => api<{ received: boolean }>(path, { method: 'POST', body: arg, retryOnExpiredToken: false }),
    { revalidate: false },
  );
}
