import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isValidReason, reasonLength, startImpersonation, type ImpersonateDeps } from './impersonate';

const admin = { id: 'admin-1', email: 'admin@raisespark.local' };
const target = { email: 'demo@raisespark.local', reason: '  Checking the embed on their site  ' };
const LINK = 'http://localhost:3000/auth/callback?token=abc&type=impersonation';

function deps(overrides: Partial<ImpersonateDeps> = {}) {
  const calls: string[] = [];
  const base: ImpersonateDeps = {
    request: vi.fn(async () => ({ signInLink: LINK })),
    saveRecord: vi.fn(() => void calls.push('save')),
    clearRecord: vi.fn(() => void calls.push('clear')),
    open: vi.fn(() => {
      calls.push('open');
      return {};
    }),
    notify: { success: vi.fn(), error: vi.fn() },
  };
  return { ...base, ...overrides, calls };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('startImpersonation', () => {
  it('stores the record before opening the link in a new tab, then says so', async () => {
    const d = deps();
    expect(await startImpersonation(admin, target, d)).toBe(true);
    expect(d.request).toHaveBeenCalledWith('demo@raisespark.local', 'Checking the embed on their site');
    expect(d.saveRecord).toHaveBeenCalledWith(admin);
    expect(d.open).toHaveBeenCalledWith(LINK);
    expect(d.calls).toEqual(['save', 'open']);
    expect(d.notify.success).toHaveBeenCalledWith('Opened impersonation session for demo@raisespark.local in a new tab');
    expect(d.notify.error).not.toHaveBeenCalled();
  });

  it('without a session asks nothing of the server', async () => {
    const d = deps();
    expect(await startImpersonation(null, target, d)).toBe(false);
    expect(d.request).not.toHaveBeenCalled();
    expect(d.notify.error).toHaveBeenCalledWith('You must be logged in to impersonate a user');
    expect(d.saveRecord).not.toHaveBeenCalled();
  });

  it('shows the server message after the catalogue prefix', async () => {
    const d = deps({ request: vi.fn(async () => Promise.reject(new Error('No confirmed account uses this email address.'))) });
    expect(await startImpersonation(admin, target, d)).toBe(false);
    expect(d.notify.error).toHaveBeenCalledWith('Failed to impersonate user: No confirmed account uses this email address.');
    expect(d.saveRecord).not.toHaveBeenCalled();
    expect(d.open).not.toHaveBeenCalled();
  });

  it('treats an answer without a link as a failure', async () => {
    const d = deps({ request: vi.fn(async () => ({})) });
    expect(await startImpersonation(admin, target, d)).toBe(false);
    expect(d.notify.error).toHaveBeenCalledWith('Failed to impersonate user: No sign-in link returned');
    expect(d.open).not.toHaveBeenCalled();
  });

  it('removes the record again when the browser blocks the tab', async () => {
    const d = deps({ open: vi.fn(() => null) });
    expect(await startImpersonation(admin, target, d)).toBe(false);
    expect(d.notify.error).toHaveBeenCalledWith('Failed to open new tab for impersonation session');
    expect(d.notify.success).not.toHaveBeenCalled();
    expect(d.calls).toEqual(['save', 'clear']);
  });
});

describe('the reason', () => {
  it.each([
    ['', false],
    ['abcd', false],
    ['    abcd    ', false],
    ['abcde', true],
    ['x'.repeat(500), true],
    ['x'.repeat(501), false],
    [`${'x'.repeat(500)}   `, true],
  ])('%j is valid: %s', (reason, valid) => {
    expect(isValidReason(reason)).toBe(valid);
  });

  it('counts characters, not UTF-16 units, as the server does', () => {
    expect(reasonLength('🙂🙂🙂🙂🙂')).toBe(5);
    expect(isValidReason('🙂🙂🙂🙂🙂')).toBe(true);
  });
});
