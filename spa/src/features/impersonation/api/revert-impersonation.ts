import { useNavigate, type NavigateFunction } from 'react-router';
import useSWRMutation from 'swr/mutation';
import { useAuth, type AuthActions, type User } from '@/features/auth/auth-context';
import { api } from '@/lib/api-client';
import { keepToastForNextPage } from '@/lib/pending-toast';
import { toast } from '@/lib/toast';
import { clearImpersonationRecord, readImpersonationRecord } from '../record';
import { revertImpersonation } from '../revert';

/** Spec 7: `{originalUserId}` → `{signInLink}` (the administrator's one-time way back). */
export const revertImpersonationRequest = (originalUserId: string) =>
  api<{ signInLink?: string }>('/revert-impersonation', { method: 'POST', body: { originalUserId } });

/**
 * The revert in this browser tab. 'Returning to admin account' is also kept for the next
 * page, since following the sign-in link replaces this one.
 */
export function revertInBrowser(auth: { user: User | null; endSessionLocally: AuthActions['endSessionLocally'] }, navigate: NavigateFunction) {
  return revertImpersonation(auth.user?.impersonation, {
    readRecord: readImpersonationRecord,
    clearRecord: clearImpersonationRecord,
    request: revertImpersonationRequest,
    notify: {
      success: (message) => {
        toast.success(message);
        keepToastForNextPage({ kind: 'success', message });
      },
      error: (message) => toast.error(message),
    },
    leaveFor: (signInLink) => {
      auth.endSessionLocally(true);
      window.location.assign(signInLink);
    },
    endHere: () => {
      auth.endSessionLocally();
      navigate('/login', { replace: true });
    },
  });
}

/** 'Exit Impersonation' (spec 2): the revert, with its pending state. */
export function useRevertImpersonation() {
  const auth = useAuth();
  const navigate = useNavigate();
  return useSWRMutation('/revert-impersonation', () => revertInBrowser(auth, navigate));
}
