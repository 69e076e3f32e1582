import { describe, expect, it } from 'vitest';
import { SUPPORT_TAB_KEY, rememberSupportSession, supportSessionOfTab, withSupportSession } from './support-tab';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const ID = '6f1c2d3e-aaaa-4bbb-8ccc-0123456789ab';

describe('the support session of a tab', () => {
  it('is remembered, read back and forgotten', () => {
    const store = memoryStore();
    expect(supportSessionOfTab(store)).toBeNull();
    rememberSupportSession(ID, store);
    expect(store.items.get(SUPPORT_TAB_KEY)).toBe(ID);
    expect(supportSessionOfTab(store)).toBe(ID);
    rememberSupportSession(null, store);
    expect(supportSessionOfTab(store)).toBeNull();
  });

  it.each([['../x'], ['a;b'], [''], ['x'.repeat(65)]])('ignores %j, which is no record id', (value) => {
    const store = memoryStore();
    store.setItem(SUPPORT_TAB_KEY, value);
    expect(supportSessionOfTab(store)).toBeNull();
    rememberSupportSession(value, memoryStore());
  });

  it('is named in the refresh and sign-out paths only when there is one', () => {
    expect(withSupportSession('/auth/token', null)).toBe('/auth/token');
    expect(withSupportSession('/auth/token', ID)).toBe(`/auth/token?support=${ID}`);
    expect(withSupportSession('/auth/signout', ID)).toBe(`/auth/signout?support=${ID}`);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(supportSessionOfTab(broken)).toBeNull();
    expect(() => rememberSupportSession(ID, broken)).not.toThrow();
  });
});
