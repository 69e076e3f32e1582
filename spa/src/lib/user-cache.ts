import { mutate } from 'swr';
import { getActiveCompany } from './active-company';
import { api } from './api-client';

/**
 * Server state belongs to the signed-in user: every owner request is cached under
 * `[path, userId]`, never under the bare path, so one account's answers (or a late answer to
 * a request started before a sign-out) can never be shown to the next account in the tab.
 * The auth provider announces the user here and the cache of user keys is emptied whenever
 * the user signs in, signs out or changes.
 */
export type UserKey = readonly [path: string, userId: string];

let cacheUser: string | null = null;

export function isUserKey(key: unknown): key is UserKey {
  return Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'string';
}

/** The key of `path` for a user; null (no request) without one. */
export function userKey(path: string | null, userId: string | null | undefined): UserKey | null {
  return path && userId ? [path, userId] : null;
}

/** The cache scope of a user: their id and the company they act for. */
export function scopeOf(userId: string, company: string | null = getActiveCompany()) {
  return `${userId}@${company ?? 'own'}`;
}

/** The key of `path` for the user signed in now, in their active company (for mutations outside React). */
export function currentUserKey(path: string): UserKey | null {
  return userKey(path, cacheUser ? scopeOf(cacheUser) : null);
}

/** SWR fetcher for user keys: the user id only scopes the cache, the path is fetched. */
export const userFetcher = <T,>([path]: UserKey) => api<T>(path);

/** Called by the auth provider on every session change. */
export function setCacheUser(userId: string | null, { signedIn = false } = {}) {
  const changed = userId !== cacheUser;
  cacheUser = userId;
  if (changed || signedIn) clearUserCache();
}

/** Drops every user-scoped entry (public entries such as the plans stay). */
export function clearUserCache() {
  void mutate(isUserKey, undefined, { revalidate: false });
}

/** Re-reads the signed-in user's copy of `path` (or sets it to `data`). */
export function mutateUserKey<T>(path: string, ...args: [] | [data: T, options?: { revalidate?: boolean }]) {
  const key = currentUserKey(path);
  if (!key) return Promise.resolve(undefined);
  return args.length === 0 ? mutate(key) : mutate(key, args[0], args[1]);
}
