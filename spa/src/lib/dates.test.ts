import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMinutes, minutesBetween } from './dates';

describe('formatMinutes', () => {
  it.each([
    [0, '0 minutes'],
    [1, '1 minute'],
    [12, '12 minutes'],
    [60, '1 h'],
    [65, '1 h 5 min'],
  ])('%i reads %s', (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });
});

describe('minutesBetween', () => {
  it('rounds up to whole minutes, at least one, as the server does', () => {
    expect(minutesBetween('2026-11-23T10:00:00Z', '2026-11-23T10:00:10Z')).toBe(1);
    expect(minutesBetween('2026-11-23T10:00:00Z', '2026-11-23T10:30:00Z')).toBe(30);
    expect(minutesBetween('2026-11-23T10:00:00Z', '2026-11-23T10:30:01Z')).toBe(31);
  });

  it('counts to now while the end is unknown', () => {
    expect(minutesBetween('2026-11-23T10:00:00Z', null, Date.parse('2026-11-23T10:04:30Z'))).toBe(5);
  });

  it('is null without a start', () => {
    expect(minutesBetween(null, '2026-11-23T10:00:00Z')).toBeNull();
  });
});

describe('dates', () => {
  it('show a dash for a missing or broken date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('show the year', () => {
    expect(formatDate('2026-11-23T12:00:00Z')).toMatch(/^Nov 2[34], 2026$/);
  });
});
