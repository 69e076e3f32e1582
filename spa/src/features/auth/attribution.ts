import type { SignUpData } from './api/session';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const REFERRAL_ID_KEY = 'referral_id';

/**
 * Registration metadata (spec 3): campaign parameters only when present in the address, the
 * document referrer if any, and the stored referral id if present.
 */
export function attribution(search: string, referrer: string, storedReferralId: string | null): SignUpData {
  const params = new URLSearchParams(search);
  const data: SignUpData = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) data[key] = value;
  }
  if (referrer.trim()) data.referrer = referrer.trim();
  if (storedReferralId?.trim()) data.referral_id = storedReferralId.trim();
  return data;
}

/** 'Good morning/afternoon/evening, {first name}' (spec 2, dashboard). */
export function greeting(now: Date, name: string | undefined): string {
  const hour = now.getHours();
  const part = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Good ${part}, ${first}` : `Good ${part}`;
}
