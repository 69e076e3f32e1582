/**
 * Spec 3, Impersonation record: while an administrator impersonates a user, the browser
 * keeps who to return to. It is written before the impersonation tab opens, read when
 * reverting, discarded at start-up when unreadable and removed by revert and logout.
 */
import { IMPERSONATION_KEY } from './record-key';

export { IMPERSONATION_KEY };

export type ImpersonationRecord = { isImpersonating: true; originalUser: { id: string; email: string } };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The record in `raw`, or null when it is not one (bad JSON, wrong shape, flag off). */
export function parseImpersonationRecord(raw: string | null): ImpersonationRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { isImpersonating?: unknown; originalUser?: { id?: unknown; email?: unknown } } | null;
    const user = value?.originalUser;
    if (value?.isImpersonating !== true || !text(user?.id) || typeof user.email !== 'string') return null;
    return { isImpersonating: true, originalUser: { id: user.id, email: user.email } };
  } catch {
    return null;
  }
}

function storage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored record; an unreadable one is removed (spec 4: discarded). */
export function readImpersonationRecord(store: Store | null = storage()): ImpersonationRecord | null {
  try {
    const raw = store?.getItem(IMPERSONATION_KEY) ?? null;
    const record = parseImpersonationRecord(raw);
    if (raw !== null && !record) store?.removeItem(IMPERSONATION_KEY);
    return record;
  } catch {
    return null;
  }
}

export function saveImpersonationRecord(originalUser: { id: string; email: string }, store: Store | null = storage()) {
  const record: ImpersonationRecord = { isImpersonating: true, originalUser: { id: originalUser.id, email: originalUser.email } };
  store?.setItem(IMPERSONATION_KEY, JSON.stringify(record));
}

export function clearImpersonationRecord(store: Store | null = storage()) {
  try {
    store?.removeItem(IMPERSONATION_KEY);
  } catch {
    // storage unavailable: nothing was kept either
  }
}
