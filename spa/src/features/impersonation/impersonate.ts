/** Spec 8, impersonation texts (starting one). */
export const NOT_SIGNED_IN = 'You must be logged in to impersonate a user';
export const NO_SIGN_IN_LINK = 'No sign-in link returned';
export const TAB_BLOCKED = 'Failed to open new tab for impersonation session';
export const impersonationFailed = (message: string) => `Failed to impersonate user: ${message}`;
export const impersonationOpened = (email: string) => `Opened impersonation session for ${email} in a new tab`;

/** Spec 5: why the session is needed, 5 to 500 characters (as the server counts them, trimmed). */
export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const REASON_RULE = 'Please give a reason of 5 to 500 characters.';

export function reasonLength(reason: string): number {
  return [...reason.trim()].length;
}

export function isValidReason(reason: string): boolean {
  const length = reasonLength(reason);
  return length >= REASON_MIN && length <= REASON_MAX;
}

export type ImpersonateDeps = {
  request: (email: string, reason: string) => Promise<{ signInLink?: string | null } | undefined>;
  saveRecord: (originalUser: { id: string; email: string }) => void;
  clearRecord: () => void;
  /** Opens the link in a new tab; null when the browser blocked it. */
  open: (url: string) => unknown;
  notify: { success: (message: string) => void; error: (message: string) => void };
};

/**
 * Spec 4, impersonation off → on: the administrator (signed in) asks for a sign-in link as
 * the user, the record of who to return to is stored, and the link opens in a new tab.
 * Without a session, or when the browser blocks the tab, the catalogue's own text shows; a
 * failed request (or one without a link) is 'Failed to impersonate user: {message}'.
 * Returns true when the tab opened.
 */
export async function startImpersonation(
  admin: { id: string; email: string } | null,
  target: { email: string; reason: string },
  deps: ImpersonateDeps,
): Promise<boolean> {
  if (!admin) {
    deps.notify.error(NOT_SIGNED_IN);
    return false;
  }
  let signInLink: string;
  try {
    const response = await deps.request(target.email, target.reason.trim());
    if (!response?.signInLink) throw new Error(NO_SIGN_IN_LINK);
    signInLink = response.signInLink;
  } catch (error) {
    console.error('impersonation failed', error);
    deps.notify.error(impersonationFailed(error instanceof Error ? error.message : String(error)));
    return false;
  }
  deps.saveRecord(admin);
  if (!deps.open(signInLink)) {
    // No session started: nothing to return from.
    deps.clearRecord();
    deps.notify.error(TAB_BLOCKED);
    return false;
  }
  deps.notify.success(impersonationOpened(target.email));
  return true;
}
