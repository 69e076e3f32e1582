import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { revertImpersonation, type RevertDeps } from './revert';

const ADMIN_ID = '00000000-0000-4000-8000-00000000ad01';
const LINK = 'http://localhost:3000/auth/callback?token=xyz&type=magiclink';
const session = { id: 'rec-1', admin_id: 'session-admin', admin_email: 'admin@raisespark.local', expires_at: '2026-11-23T10:30:00Z' };
const record = { isImpersonating: true as const, originalUser: { id: ADMIN_ID, email: 'admin@raisespark.local' } };

function deps(overrides: Partial<RevertDeps> = {}) {
  const calls: string[] = [];
  const base: RevertDeps = {
    readRecord: vi.fn(() => record),
    clearRecord: vi.fn(() => void calls.push('clear')),
    request: vi.fn(async () => ({ signInLink: LINK })),
    notify: {
      success: vi.fn((message: string) => void calls.push(`success:${message}`)),
      error: vi.fn((message: string) => void calls.push(`error:${message}`)),
    },
    leaveFor: vi.fn((url: string) => void calls.push(`leave:${url}`)),
    endHere: vi.fn(() => void calls.push('end')),
  };
  return { ...base, ...overrides, calls };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('revertImpersonation', () => {
  it('asks for the stored original user, removes the record, says so and follows the link', async () => {
    const d = deps();
    expect(await revertImpersonation(session, d)).toBe(true);
    expect(d.request).toHaveBeenCalledWith(ADMIN_ID);
    expect(d.calls).toEqual(['clear', 'success:Returning to admin account', `leave:${LINK}`]);
  });

  it("falls back to the session's administrator when no record is stored", async () => {
    const d = deps({ readRecord: vi.fn(() => null) });
    expect(await revertImpersonation(session, d)).toBe(true);
    expect(d.request).toHaveBeenCalledWith('session-admin');
  });

  it('with neither shows the catalogue text and asks nothing of the server', async () => {
    const d = deps({ readRecord: vi.fn(() => null) });
    expect(await revertImpersonation(undefined, d)).toBe(false);
    expect(d.request).not.toHaveBeenCalled();
    expect(d.calls).toEqual(['error:Original user information is missing']);
  });

  it('shows the server message after the catalogue prefix and stays', async () => {
    const d = deps({ request: vi.fn(async () => Promise.reject(new ApiError(503, 'unavailable', 'Please try again.'))) });
    expect(await revertImpersonation(session, d)).toBe(false);
    expect(d.calls).toEqual(['error:Failed to revert impersonation: Please try again.']);
  });

  it('treats an answer without a link as a failure', async () => {
    const d = deps({ request: vi.fn(async () => ({ signInLink: '' })) });
    expect(await revertImpersonation(session, d)).toBe(false);
    expect(d.calls).toEqual(['error:Failed to revert impersonation: No sign-in link returned']);
  });

  it('signs out here when the support session already ended (nothing left to revert)', async () => {
    const ended = new ApiError(403, 'impersonation_ended', 'This support session has already ended.');
    const d = deps({ request: vi.fn(async () => Promise.reject(ended)) });
    expect(await revertImpersonation(session, d)).toBe(false);
    expect(d.calls).toEqual(['error:Failed to revert impersonation: This support session has already ended.', 'clear', 'end']);
  });

  it('does not sign out when the revert is refused for another reason', async () => {
    const refused = new ApiError(403, 'forbidden', 'Only the administrator of this support session can end it.');
    const d = deps({ request: vi.fn(async () => Promise.reject(refused)) });
    await revertImpersonation(session, d);
    expect(d.endHere).not.toHaveBeenCalled();
    expect(d.clearRecord).not.toHaveBeenCalled();
  });
});
