import { ApiError } from '@/lib/api-client';

/**
 * What the confirmation page does after an answer of `POST /api/auth/verify`. The server
 * decides everything; this only maps its answer to the page's steps:
 * - `password`: the link was opened outside the browser that signed up, so the page asks for
 *   the password chosen at that sign-up (the first answer, before any password was sent);
 * - `retry`: a wrong password or a limit: the form stays, with the server's message on the
 *   field (`fieldError`) or above the form (`alert`);
 * - `failed`: the link cannot be used (used, expired, replaced, or the address already has an
 *   account).
 */
export type LinkOutcome =
  | { step: 'password' }
  | { step: 'retry'; fieldError?: string; alert?: string }
  | { step: 'failed'; message: string };

export const LINK_FAILED = 'We could not sign you in.';
export const CONFIRM_FAILED = 'We could not confirm your e-mail. Please try again.';

export function linkOutcome(error: unknown, passwordSent: boolean): LinkOutcome {
  if (error instanceof ApiError) {
    if (error.code === 'password_required') return passwordSent ? { step: 'retry', fieldError: error.message } : { step: 'password' };
    if (passwordSent && error.code === 'wrong_password') return { step: 'retry', fieldError: error.message };
    if (passwordSent && error.status === 429) return { step: 'retry', alert: error.message };
    if (error.status < 500 && error.message) return { step: 'failed', message: error.message };
  }
  if (passwordSent) return { step: 'retry', alert: CONFIRM_FAILED };
  return { step: 'failed', message: error instanceof Error && error.message ? error.message : LINK_FAILED };
}

/**
 * Where a link lands once it has signed in: the server's `next` (the way back from a support
 * session says `/admin`) when it is a path of this app, the dashboard otherwise. Never another
 * origin: `//host` and `/\host` are refused.
 */
export function landingPath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) ? next : '/dashboard';
}
