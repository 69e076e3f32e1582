import { api } from '@/lib/api-client';
import type { User } from '../auth-context';
import { withSupportSession } from '../support-tab';

export type Session = { access_token: string; token_type: 'bearer'; expires_in: number; user: User };

/** Registration metadata (spec 3): attribution fields only when present. */
export type SignUpData = {
  name?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  referral_id?: string;
};

const noRetry = { retryOnExpiredToken: false } as const;

export const signInRequest = (email: string, password: string) =>
  api<Session>('/auth/signin', { method: 'POST', body: { email, password }, ...noRetry });

export const signUpRequest = (email: string, password: string, data: SignUpData) =>
  api<{ user: User; confirmation_sent: boolean }>('/auth/signup', { method: 'POST', body: { email, password, data }, ...noRetry });

/**
 * Exchanges a one-time link. A confirmation link opened outside the browser that signed up
 * answers 400 `password_required` until `password` is the one chosen at that sign-up.
 */
export const verifyLinkRequest = (token: string, type: string, password?: string) =>
  api<Session>('/auth/verify', { method: 'POST', body: password === undefined ? { token, type } : { token, type, password }, ...noRetry });

export const resendConfirmationRequest = (email: string) =>
  api<{ sent: boolean }>('/auth/resend', { method: 'POST', body: { email }, ...noRetry });

/**
 * The current session, or `undefined` (204) when the browser holds none. `support` names this
 * tab's support session (its own cookie); without it, the user's own session.
 */
export const refreshRequest = (support: string | null = null) =>
  api<Session | undefined>(withSupportSession('/auth/token', support), { method: 'POST', ...noRetry });

/** 'Forgot password?': always `{sent: true}`, whether or not an account exists. */
export const recoverRequest = (email: string) =>
  api<{ sent: boolean }>('/auth/recover', { method: 'POST', body: { email }, ...noRetry });

/** Whether a recovery link can still be used (400 `invalid_link` otherwise). */
export const checkRecoveryRequest = (token: string) =>
  api<{ valid: boolean }>('/auth/recover/check', { method: 'POST', body: { token }, ...noRetry });

/** Sets the new password; every other session of the user ends. */
export const completeRecoveryRequest = (token: string, newPassword: string) =>
  api<Session>('/auth/recover/complete', { method: 'POST', body: { token, new_password: newPassword }, ...noRetry });

export const signOutRequest = (support: string | null = null) => api<void>(withSupportSession('/auth/signout', support), { method: 'POST' });

export const updateNameRequest = (name: string) => api<User>('/auth/user', { method: 'PATCH', body: { name } });

export const changePasswordRequest = (currentPassword: string, newPassword: string) =>
  api<Session>('/auth/password', {
    method: 'POST',
    body: { current_password: currentPassword, new_password: newPassword },
  });
