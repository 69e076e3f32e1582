/**
 * The company the signed-in user acts for (the switcher's choice), sent with every request
 * as `X-Company-Id`. The server checks the membership on every request and decides what the
 * role may do; this only remembers the choice, per user, in localStorage.
 */
import { useSyncExternalStore } from 'react';

const STORAGE_PREFIX = 'rs_company:';
let active: string | null = null;
let owner: string | null = null;
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
}

/** Called by the auth provider when the user changes: restores that user's last choice. */
export function restoreActiveCompany(userId: string | null) {
  owner = userId;
  active = userId ? localStorage.getItem(STORAGE_PREFIX + userId) : null;
  announce();
}

export function setActiveCompany(companyId: string | null) {
  if (companyId === active) return;
  active = companyId;
  if (owner) {
    if (companyId) localStorage.setItem(STORAGE_PREFIX + owner, companyId);
    else localStorage.removeItem(STORAGE_PREFIX + owner);
  }
  announce();
}

export function getActiveCompany() {
  return active;
}

export function useActiveCompany() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );
}
