/** Trial upsell offer constants and arithmetic (spec 3 local storage keys, spec 9 timings). */
export const TIMER_END_KEY = 'specialDealTimerEnd';
export const EXPIRED_KEY = 'specialDealExpired';
export const SEEN_KEY = 'trialExtensionBannerSeen';
export const OFFER_SECONDS = 180;
export const BANNER_DELAY_MS = 5000;

export function remainingSeconds(endMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((endMs - nowMs) / 1000));
}

export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
