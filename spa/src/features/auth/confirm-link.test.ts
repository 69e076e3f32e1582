import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CONFIRM_FAILED, landingPath, linkOutcome } from './confirm-link';

const REQUIRED = 'Enter the password you chose when you signed up to finish creating your account.';
const WRONG = 'That is not the password you chose when you signed up. Please try again.';
const LIMITED = 'Too many login attempts. Please wait a few minutes before trying again.';
const INVALID = 'This link is invalid or has expired. Request a new confirmation email from the sign-in page.';

describe('the confirmation page after the server answered', () => {
  it('asks for the password when the link was opened outside the signing-up browser', () => {
    expect(linkOutcome(new ApiError(400, 'password_required', REQUIRED), false)).toEqual({ step: 'password' });
  });

  it('keeps the password form with the server message on the field for a wrong password', () => {
    expect(linkOutcome(new ApiError(400, 'wrong_password', WRONG), true)).toEqual({ step: 'retry', fieldError: WRONG });
    expect(linkOutcome(new ApiError(400, 'password_required', REQUIRED), true)).toEqual({ step: 'retry', fieldError: REQUIRED });
  });

  it('keeps the form with the limit message above it when attempts are limited', () => {
    expect(linkOutcome(new ApiError(429, 'login_rate_limited', LIMITED), true)).toEqual({ step: 'retry', alert: LIMITED });
  });

  it('gives up on a link the server will never accept, before or after a password', () => {
    for (const sent of [false, true]) {
      expect(linkOutcome(new ApiError(400, 'invalid_link', INVALID), sent)).toEqual({ step: 'failed', message: INVALID });
    }
  });

  it('lets the person try again after a network or server failure once a password was typed', () => {
    expect(linkOutcome(new TypeError('Failed to fetch'), true)).toEqual({ step: 'retry', alert: CONFIRM_FAILED });
    expect(linkOutcome(new ApiError(503, 'unavailable', 'Service unavailable'), true)).toEqual({ step: 'retry', alert: CONFIRM_FAILED });
  });
});

describe('where a link lands once it has signed in', () => {
  it("goes to the server's path of this app, such as the admin area after a support session", () => {
    expect(landingPath('/admin')).toBe('/admin');
    expect(landingPath('/admin?tab=audit-log')).toBe('/admin?tab=audit-log');
  });

  it('goes to the dashboard without one, and never to another origin', () => {
    for (const next of [null, '', 'admin', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(landingPath(next)).toBe('/dashboard');
    }
  });
});
