import { describe, expect, it } from 'vitest';
import { describeSignups, formatDay, signupBars, signupTotal } from './signups';

const days = [
  { date: '2026-10-31', count: 0 },
  { date: '2026-11-01', count: 2 },
  { date: '2026-11-02', count: 4 },
  { date: '2026-11-03', count: 1 },
];

describe('formatDay', () => {
  it('shows a calendar day without moving it by the time zone', () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1');
    expect(formatDay('2026-12-31')).toBe('Dec 31');
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('signupBars', () => {
  it('gives every day a slot and the busiest day the full height', () => {
    const bars = signupBars(days, 40, 100, 2);
    expect(bars.map((bar) => bar.x)).toEqual([1, 11, 21, 31]);
    expect(bars.every((bar) => bar.width === 8)).toBe(true);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100, 25]);
    expect(bars.map((bar) => bar.y)).toEqual([100, 50, 0, 75]);
    expect(bars[2]!.day).toEqual({ date: '2026-11-02', count: 4 });
  });

  it('draws nothing above the axis for a month without sign-ups', () => {
    const bars = signupBars(days.map((day) => ({ ...day, count: 0 })), 40, 100, 2);
    expect(bars).toHaveLength(4);
    expect(bars.every((bar) => bar.height === 0 && bar.y === 100)).toBe(true);
  });

  it('has no bars without days', () => {
    expect(signupBars([], 40, 100, 2)).toEqual([]);
  });
});

describe('describeSignups', () => {
  it('names the period, the total and the busiest day', () => {
    expect(describeSignups(days)).toBe('Sign-ups per day, Oct 31 to Nov 3: 7 sign-ups in total, at most 4 on Nov 2.');
  });

  it('says one sign-up in the singular', () => {
    expect(describeSignups([{ date: '2026-11-01', count: 1 }])).toBe(
      'Sign-ups per day, Nov 1 to Nov 1: 1 sign-up in total, at most 1 on Nov 1.',
    );
  });

  it('says none when nobody signed up', () => {
    expect(describeSignups(days.map((day) => ({ ...day, count: 0 })))).toBe('Sign-ups per day, Oct 31 to Nov 3: none.');
  });

  it('totals the days', () => {
    expect(signupTotal(days)).toBe(7);
  });
});
