import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckScheduler, failedStatus, isSubscribed, SIGNED_OUT_STATUS } from './subscription-status';

const entry = (overrides: object) => ({ status: 'canceled', onTrial: false, trialEnd: null, plan: 'RaiseSpark', ...overrides });

describe('isSubscribed', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('holds when the check reports active or on trial', () => {
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, active: true }, now)).toBe(true);
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, onTrial: true }, now)).toBe(true);
  });

  it('holds when any subscription is active, marked trial, or has a future trial end', () => {
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, subscriptions: [entry({ status: 'active' })] }, now)).toBe(true);
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, subscriptions: [entry({ onTrial: true })] }, now)).toBe(true);
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, subscriptions: [entry({ trialEnd: '2026-12-01T00:00:00Z' })] }, now)).toBe(true);
    expect(isSubscribed({ ...SIGNED_OUT_STATUS, subscriptions: [entry({ trialEnd: '2026-11-01T00:00:00Z' })] }, now)).toBe(false);
  });

  it('fails open: an errored check counts as subscribed and records the error', () => {
    const status = failedStatus(new Error('network down'));
    expect(status).toMatchObject({ active: true, subscribed: true, onTrial: false, error: 'network down' });
    expect(isSubscribed(status, now)).toBe(true);
    expect(failedStatus('weird').error).toBe('Unknown error checking subscription');
  });

  it('is false for a signed-out user', () => {
    expect(isSubscribed(SIGNED_OUT_STATUS, now)).toBe(false);
  });
});

describe('CheckScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first check at once and defers one asked within 2 s by 3 s', async () => {
    const check = vi.fn(() => Promise.resolve());
    const scheduler = new CheckScheduler(check, () => Date.now());
    void scheduler.request();
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    const second = scheduler.request();
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    await expect(second).resolves.toBeUndefined();
  });

  it('defers a check asked while one runs, and coalesces repeated asks', async () => {
    let finish: () => void = () => {};
    const check = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const scheduler = new CheckScheduler(check, () => Date.now());
    void scheduler.request();
    await vi.advanceTimersByTimeAsync(2_500);
    void scheduler.request();
    void scheduler.request();
    finish();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
