import { describe, expect, it } from 'vitest';
import { referralFromSearch, rememberReferral } from './referral';

describe('referral links', () => {
  it('reads ?ref= codes and ignores anything else', () => {
    expect(referralFromSearch('?ref=ab23cdef')).toBe('AB23CDEF');
    expect(referralFromSearch('?utm_source=x&ref= K7M2P9QA ')).toBe('K7M2P9QA');
    expect(referralFromSearch('?ref=<script>')).toBeNull();
    expect(referralFromSearch('?ref=')).toBeNull();
    expect(referralFromSearch('')).toBeNull();
  });

  it('stores a code under referral_id for sign-up', () => {
    const saved: Record<string, string> = {};
    const storage = { setItem: (key: string, value: string) => void (saved[key] = value) };
    expect(rememberReferral('?ref=K7M2P9QA', storage)).toBe('K7M2P9QA');
    expect(saved).toEqual({ referral_id: 'K7M2P9QA' });
    rememberReferral('?nothing=1', storage);
    expect(saved).toEqual({ referral_id: 'K7M2P9QA' });
  });
});
