/**
 * A toast for the next page of this tab: shown before a full navigation (the browser going to
 * a sign-in link), it would vanish with the page. It is kept in sessionStorage (this tab only)
 * and the toaster shows it once it mounts on the next page.
 */
export const PENDING_TOAST_KEY = 'raisespark.pendingToast';

export type PendingToast = { kind: 'success' | 'info' | 'error'; message: string };

export function keepToastForNextPage(toast: PendingToast) {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify(toast));
  } catch {
    // storage unavailable: the toast only shows on this page
  }
}

/** The kept toast, removed as it is read (shown once); null when none or unreadable. */
export function takePendingToast(): PendingToast | null {
  try {
    const raw = sessionStorage.getItem(PENDING_TOAST_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(PENDING_TOAST_KEY);
    const value = JSON.parse(raw) as Partial<PendingToast> | null;
    const kinds = ['success', 'info', 'error'];
    return value && kinds.includes(value.kind as string) && typeof value.message === 'string'
      ? { kind: value.kind as PendingToast['kind'], message: value.message }
      : null;
  } catch {
    return null;
  }
}
