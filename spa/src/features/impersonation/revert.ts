import type { User } from '@/features/auth/auth-context';
import { ApiError } from '@/lib/api-client';
import type { ImpersonationRecord } from './record';

/** Spec 8, impersonation texts (the revert's). */
export const ORIGINAL_USER_MISSING = 'Original user information is missing';
export const RETURNING_TO_ADMIN = 'Returning to admin account';
export const NO_SIGN_IN_LINK = 'No sign-in link returned';
export const revertFailed = (message: string) => `Failed to revert impersonation: ${message}`;

export type RevertDeps = {
  readRecord: () => ImpersonationRecord | null;
  clearRecord: () => void;
  request: (originalUserId: string) => Promise<{ signInLink?: string | null } | undefined>;
  notify: { success: (message: string) => void; error: (message: string) => void };
  /** Ends the session in this tab and goes to the administrator's sign-in link. */
  leaveFor: (signInLink: string) => void;
  /** Ends the session in this tab and goes to sign-in (the support session is already over). */
  endHere: () => void;
};

/** The support session is over on the server: there is nothing left to revert. */
function sessionIsOver(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'impersonation_ended');
}

/**
 * Spec 4, revert: the original administrator (the stored record, else the session's own
 * `admin_id`) gets a one-time sign-in link; the record is removed, this tab's session ends
 * and the browser follows the link. With neither, 'Original user information is missing';
 * a failed request (or one without a link) is 'Failed to revert impersonation: {message}'.
 * Returns true when the browser is on its way back.
 */
export async function revertImpersonation(session: User['impersonation'], deps: RevertDeps): Promise<boolean> {
  const originalUserId = deps.readRecord()?.originalUser.id || session?.admin_id;
  if (!originalUserId) {
    deps.notify.error(ORIGINAL_USER_MISSING);
    return false;
  }
  try {
    const response = await deps.request(originalUserId);
    if (!response?.signInLink) throw new Error(NO_SIGN_IN_LINK);
    deps.clearRecord();
    deps.notify.success(RETURNING_TO_ADMIN);
    deps.leaveFor(response.signInLink);
    return true;
  } catch (error) {
    console.error('revert failed', error);
    deps.notify.error(revertFailed(error instanceof Error ? error.message : String(error)));
    if (sessionIsOver(error)) {
      deps.clearRecord();
      deps.endHere();
    }
    return false;
  }
}
