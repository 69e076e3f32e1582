/** How the impersonation banner shows the time left of a support session. */

/** Milliseconds until `expiresAt` (RFC 3339), never negative; null when it is not a date. */
export function msLeft(expiresAt: string, now: number): number | null {
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/**
 * '28 min left' (whole minutes, rounded up, so the last seconds read '1 min left'),
 * '1 h 5 min left' from an hour on, 'Session ended' at the end; null without a valid end.
 */
export function formatTimeLeft(expiresAt: string, now: number): string | null {
  const left = msLeft(expiresAt, now);
  if (left === null) return null;
  if (left === 0) return 'Session ended';
  const minutes = Math.ceil(left / 60_000);
  if (minutes < 60) return `${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min left` : `${hours} h left`;
}
