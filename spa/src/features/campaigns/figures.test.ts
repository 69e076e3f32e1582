import { describe, expect, it } from 'vitest';
import { percent, plural, progress, rates, statsOf } from './figures';

describe('percent', () => {
  it('rounds to whole percents and keeps small shares visible', () => {
    expect(percent(1, 3)).toBe('33%');
    expect(percent(2, 3)).toBe('67%');
    expect(percent(1, 1000)).toBe('0.1%');
    expect(percent(1, 250)).toBe('0.4%');
    expect(percent(0, 12)).toBe('0%');
    expect(percent(12, 12)).toBe('100%');
  });

  it('shows a dash when there is nothing to divide by', () => {
    expect(percent(0, 0)).toBe('—');
  });
});

describe('statsOf', () => {
  it('fills figures the server has not counted yet with zeros', () => {
    const stats = statsOf({ recipients: 4, sent: 2 });
    expect(stats).toMatchObject({ recipients: 4, sent: 2, delivered: 0, opened: 0, unsubscribed: 0 });
  });
});

describe('progress', () => {
  it('counts every settled recipient, and reaches 100 only when all are', () => {
    expect(progress(statsOf({ recipients: 10, sent: 4, suppressed: 1 }))).toBe(50);
    expect(progress(statsOf({ recipients: 1000, sent: 999 }))).toBe(99);
    expect(progress(statsOf({ recipients: 10, sent: 8, failed: 1, unknown: 1 }))).toBe(100);
    expect(progress(statsOf({}))).toBe(0);
  });
});

describe('rates', () => {
  it('measures engagement against the messages sent', () => {
    const r = rates(statsOf({ recipients: 20, sent: 20, delivered: 19, opened: 10, clicked: 3, unsubscribed: 1 }));
    expect(r).toMatchObject({ delivered: '95%', opened: '50%', clicked: '15%', unsubscribed: '5%' });
  });
});

describe('plural', () => {
  it('agrees with the count', () => {
    expect(plural(1, 'recipient')).toBe('1 recipient');
    expect(plural(1204, 'recipient')).toBe('1,204 recipients');
    expect(plural(0, 'address', 'addresses')).toBe('0 addresses');
  });
});
