import { describe, expect, it } from 'vitest';
import { auditStatus, subscriptionLabel } from './labels';

describe('subscriptionLabel', () => {
  it('names a trial with its end', () => {
    expect(subscriptionLabel({ subscription_status: 'trialing', trial_end: '2020-11-30T12:00:00Z' })).toEqual({
      label: 'Trial until Nov 30, 2020',
      tone: 'sky',
    });
  });

  it.each([
    ['active', 'Paying'],
    ['trialing', 'Trial'],
    ['past_due', 'Past due'],
    ['canceled', 'Canceled'],
    ['paused_by_bank', 'paused by bank'],
  ])('%s reads %s', (status, label) => {
    expect(subscriptionLabel({ subscription_status: status, trial_end: null }).label).toBe(label);
  });

  it('reads No plan without a subscription', () => {
    expect(subscriptionLabel({ subscription_status: null, trial_end: null })).toEqual({ label: 'No plan', tone: 'gray' });
  });
});

describe('auditStatus', () => {
  it.each([
    [{ status: 'pending', ended_by: null }, 'Link not used'],
    [{ status: 'active', ended_by: null }, 'Active'],
    [{ status: 'ended', ended_by: 'revert' }, 'Ended by admin'],
    [{ status: 'ended', ended_by: 'expiry' }, 'Timed out'],
    [{ status: 'ended', ended_by: 'signout' }, 'Signed out'],
    [{ status: 'ended', ended_by: null }, 'Ended'],
  ] as const)('%j reads %s', (record, label) => {
    expect(auditStatus(record).label).toBe(label);
  });
});
