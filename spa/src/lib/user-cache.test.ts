import { beforeEach, describe, expect, it, vi } from 'vitest';

const mutate = vi.fn((..._args: unknown[]) => Promise.resolve());
vi.mock('swr', () => ({ mutate: (...args: unknown[]) => mutate(...args) }));

const { currentUserKey, isUserKey, setCacheUser, userKey } = await import('./user-cache');
const { setActiveCompany } = await import('./active-company');

/** The keys the last clear would drop, out of a cache holding these. */
function cleared(keys: unknown[]): unknown[] {
  const filter = mutate.mock.calls.at(-1)![0] as (key: unknown) => boolean;
  return keys.filter(filter);
}

describe('server state scoped to the user', () => {
  beforeEach(() => mutate.mockClear());

  it('keys owner paths by user and asks nothing without one', () => {
    expect(userKey('/forms', 'user-a')).toEqual(['/forms', 'user-a']);
    expect(userKey('/forms', null)).toBeNull();
    expect(userKey(null, 'user-a')).toBeNull();
  });

  it('empties the user keys, and only those, when the user changes or signs in again', () => {
    setCacheUser('user-a');
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(cleared([['/forms', 'user-a'], ['/leads/recent', 'user-b'], '/check-subscription/plans', '/contact'])).toEqual([
      ['/forms', 'user-a'],
      ['/leads/recent', 'user-b'],
    ]);
    expect(mutate.mock.calls[0]![2]).toEqual({ revalidate: false });

    setCacheUser('user-a'); // a token refresh: same user, nothing dropped
    expect(mutate).toHaveBeenCalledTimes(1);
    setCacheUser('user-a', { signedIn: true });
    expect(mutate).toHaveBeenCalledTimes(2);
    setCacheUser('user-b');
    expect(mutate).toHaveBeenCalledTimes(3);
    // Keyed by the company acted for too: switching never shows the other company's answers.
    expect(currentUserKey('/forms')).toEqual(['/forms', 'user-b@own']);
    setActiveCompany('company-c');
    expect(currentUserKey('/forms')).toEqual(['/forms', 'user-b@company-c']);
    setActiveCompany(null);
    setCacheUser(null);
    expect(mutate).toHaveBeenCalledTimes(4);
    expect(currentUserKey('/forms')).toBeNull();
  });

  it('tells user keys from public ones', () => {
    expect(isUserKey(['/forms', 'user-a'])).toBe(true);
    expect(isUserKey('/forms')).toBe(false);
    expect(isUserKey(['/forms'])).toBe(false);
  });
});
