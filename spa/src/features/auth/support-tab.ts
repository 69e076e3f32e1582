/**
 * The support (impersonation) session this browser tab runs, if any. It lives in
 * sessionStorage: one tab's own, kept across its reloads, never seen by the administrator's
 * other tabs. The server keeps each support session's refresh token in a cookie of its own
 * (`rs_support_<id>`), so this tab names its session when it refreshes or signs out, and the
 * administrator's tabs keep the administrator's session (`rs_refresh`).
 */
export const SUPPORT_TAB_KEY = 'raisespark.support-session';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A record id as the server accepts it (letters, digits, dashes). */
const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;

/** This tab's support session id, or null (none, or an unreadable value). */
export function supportSessionOfTab(store: Store | null = sessionStore()): string | null {
  try {
    const id = store?.getItem(SUPPORT_TAB_KEY) ?? null;
    return id && RECORD_ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) the support session of this tab. */
export function rememberSupportSession(id: string | null, store: Store | null = sessionStore()): void {
  try {
    if (id && RECORD_ID.test(id)) store?.setItem(SUPPORT_TAB_KEY, id);
    else store?.removeItem(SUPPORT_TAB_KEY);
  } catch {
    // storage unavailable: this tab refreshes the user's own session
  }
}

/** `/auth/token` or `/auth/token?support=<id>` for this tab's session. */
export function withSupportSession(path: string, id: string | null): string {
  return id ? `${path}?support=${encodeURIComponent(id)}` : path;
}
