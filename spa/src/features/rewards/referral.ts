import { REFERRAL_ID_KEY } from '@/features/auth/attribution';

/**
 * A referral code carried by a link (`/?ref=CODE` on any public page). Only the shape is
 * checked here; the server decides whether the code belongs to someone.
 */
export function referralFromSearch(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  return ref && /^[A-Za-z0-9]{4,32}$/.test(ref) ? ref.toUpperCase() : null;
}

/** Keeps the code for sign-up, which sends localStorage `referral_id` (spec 3). */
export function rememberReferral(search: string, storage: Pick<Storage, 'setItem'> = localStorage): string | null {
  const code = referralFromSearch(search);
  if (code) storage.setItem(REFERRAL_ID_KEY, code);
  return code;
}
