import { describe, expect, it } from 'vitest';
import {
  IMPERSONATION_KEY,
  clearImpersonationRecord,
  parseImpersonationRecord,
  readImpersonationRecord,
  saveImpersonationRecord,
} from './record';

function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const admin = { id: '00000000-0000-4000-8000-00000000ad01', email: 'admin@raisespark.local' };

describe('parseImpersonationRecord', () => {
  it('reads the flag and the original admin user', () => {
    expect(parseImpersonationRecord(JSON.stringify({ isImpersonating: true, originalUser: admin }))).toEqual({
      isImpersonating: true,
      originalUser: admin,
    });
  });

  it('keeps only the id and e-mail of the original user', () => {
    const raw = JSON.stringify({ isImpersonating: true, originalUser: { ...admin, token: 'secret' }, extra: 1 });
    expect(parseImpersonationRecord(raw)).toEqual({ isImpersonating: true, originalUser: admin });
  });

  it.each([
    ['no value', null],
    ['an empty string', ''],
    ['bad JSON', '{isImpersonating: true'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['the flag off', JSON.stringify({ isImpersonating: false, originalUser: admin })],
    ['the flag as text', JSON.stringify({ isImpersonating: 'true', originalUser: admin })],
    ['no original user', JSON.stringify({ isImpersonating: true })],
    ['an original user without id', JSON.stringify({ isImpersonating: true, originalUser: { email: admin.email } })],
    ['a blank id', JSON.stringify({ isImpersonating: true, originalUser: { id: '  ', email: admin.email } })],
    ['a numeric id', JSON.stringify({ isImpersonating: true, originalUser: { id: 7, email: admin.email } })],
    ['no e-mail', JSON.stringify({ isImpersonating: true, originalUser: { id: admin.id } })],
  ])('is unreadable with %s', (_case, raw) => {
    expect(parseImpersonationRecord(raw)).toBeNull();
  });
});

describe('the stored record', () => {
  it('is saved under raisespark.impersonation in the spec shape and read back', () => {
    const store = memoryStore();
    saveImpersonationRecord(admin, store);
    expect(JSON.parse(store.items.get(IMPERSONATION_KEY)!)).toEqual({ isImpersonating: true, originalUser: admin });
    expect(readImpersonationRecord(store)).toEqual({ isImpersonating: true, originalUser: admin });
  });

  it('is discarded (removed) at start-up when unreadable', () => {
    const store = memoryStore({ [IMPERSONATION_KEY]: '{"isImpersonating":true,"originalUser":' , other: 'kept' });
    expect(readImpersonationRecord(store)).toBeNull();
    expect(store.items.has(IMPERSONATION_KEY)).toBe(false);
    expect(store.items.get('other')).toBe('kept');
  });

  it('is discarded when its shape is wrong', () => {
    const store = memoryStore({ [IMPERSONATION_KEY]: JSON.stringify({ isImpersonating: true, originalUser: 'admin' }) });
    expect(readImpersonationRecord(store)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('reads as none when nothing is stored, and removes nothing', () => {
    const store = memoryStore({ other: 'kept' });
    expect(readImpersonationRecord(store)).toBeNull();
    expect([...store.items.keys()]).toEqual(['other']);
  });

  it('is removed by clear', () => {
    const store = memoryStore();
    saveImpersonationRecord(admin, store);
    clearImpersonationRecord(store);
    expect(store.items.size).toBe(0);
  });

  it('reads as none when storage throws', () => {
    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => {}, removeItem: () => {} };
    expect(readImpersonationRecord(throwing)).toBeNull();
    expect(() => clearImpersonationRecord({ ...throwing, removeItem: () => { throw new Error('denied'); } })).not.toThrow();
  });
});
