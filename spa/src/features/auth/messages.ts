import { ApiError } from '@/lib/api-client';

/** Spec 8: login messages. The server already answers with the catalogue texts. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 500 && error.message) return error.message;
  if (error instanceof Error && error.message === 'No user returned from login') return error.message;
  return 'Failed to login. Please check your credentials and try again.';
}

/** Spec 8: registration messages, with the catalogue fallback. */
export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return 'Failed to register. Please try again.';
}
