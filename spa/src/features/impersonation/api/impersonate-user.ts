import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { useAuth } from '@/features/auth/auth-context';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isUserKey } from '@/lib/user-cache';
import { startImpersonation } from '../impersonate';
import { clearImpersonationRecord, saveImpersonationRecord } from '../record';

/** Spec 7: `{email}` (and the reason this product requires) → `{signInLink}`. */
export const impersonateUserRequest = (email: string, reason: string) =>
  api<{ signInLink?: string }>('/impersonate-user', { method: 'POST', body: { email, reason } });

/** Opens the link in a new tab; the tab does not get a handle on this one. */
function openInNewTab(url: string): Window | null {
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/**
 * Impersonates a user by e-mail (spec 4): the record, the new tab and the catalogue's toasts.
 * Resolves true when the tab opened; the audit log is re-read either way.
 */
export function useImpersonateUser() {
  const { user } = useAuth();
  return useSWRMutation('/impersonate-user', async (_key: string, { arg }: { arg: { email: string; reason: string } }) => {
    const opened = await startImpersonation(user && { id: user.id, email: user.email }, arg, {
      request: impersonateUserRequest,
      saveRecord: saveImpersonationRecord,
      clearRecord: clearImpersonationRecord,
      open: openInNewTab,
      notify: toast,
    });
    void mutate((key) => isUserKey(key) && key[0].startsWith('/admin/impersonations'));
    return opened;
  });
}
