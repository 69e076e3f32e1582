import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { CONTACT_KEY, type ContactMessage } from './contact';

/**
 * `POST /api/contact`: stores the message and mails it to support (201 `{received: true}`).
 * Public: signed in or not.
 */
export function useSendContactMessage() {
  // A key of its own: a message being sent never holds back the topics (cached under CONTACT_KEY).
  return useSWRMutation(
    `POST ${CONTACT_KEY}`,
    (_key: string, { arg }: { arg: ContactMessage }) => api<{ received: boolean }>(CONTACT_KEY, { method: 'POST', body: arg, retryOnExpiredToken: false }),
    { revalidate: false },
  );
}
