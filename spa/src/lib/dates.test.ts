import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFullDateTime, formatMinutes, formatTime, minutesBetween } from './dates';

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

describe('dates read one way everywhere', () => {
  const NY = { timeZone: 'America/New_York', now: new Date('2026-06-01T12:00:00Z') };

  it('leave the year out in the current year', () => {
    expect(formatDate('2026-11-24T20:05:00Z', NY)).toBe('Nov 24');
    expect(formatDateTime('2026-11-24T20:05:00Z', NY)).toBe('Nov 24, 3:05 PM');
  });

  it('give the year in any other year, past or future', () => {
    expect(formatDate('2025-11-24T20:05:00Z', NY)).toBe('Nov 24, 2025');
    expect(formatDateTime('2025-11-24T20:05:00Z', NY)).toBe('Nov 24, 2025, 3:05 PM');
    expect(formatDate('2027-01-02T17:00:00Z', NY)).toBe('Jan 2, 2027');
  });

  it('judge "this year" in the viewer\'s time zone, not in UTC', () => {
    // 03:00 UTC on Jan 1 2027 is still New Year's Eve 2026 in New York.
    const newYear = { timeZone: 'America/New_York', now: new Date('2026-12-31T12:00:00Z') };
    expect(formatDate('2027-01-01T03:00:00Z', newYear)).toBe('Dec 31');
    expect(formatDate('2027-01-01T06:00:00Z', newYear)).toBe('Jan 1, 2027');
  });

  it('spell the date and time out with the time zone for a hover title', () => {
    expect(formatFullDateTime('2026-11-24T20:05:00Z', NY)).toBe('Tuesday, November 24, 2026, 3:05 PM EST');
    expect(formatFullDateTime('2026-07-04T16:30:00Z', NY)).toBe('Saturday, July 4, 2026, 12:30 PM EDT');
    expect(formatFullDateTime('2026-11-24T20:05:00Z', { timeZone: 'UTC' })).toBe('Tuesday, November 24, 2026, 8:05 PM UTC');
  });

  it('read nanosecond timestamps, Dates and epoch milliseconds alike, never echoing the raw value', () => {
    expect(formatDateTime('2026-11-24T20:05:00.123456789Z', NY)).toBe('Nov 24, 3:05 PM');
    expect(formatDate(new Date('2026-11-24T20:05:00Z'), NY)).toBe('Nov 24');
    expect(formatDate(Date.parse('2026-11-24T20:05:00Z'), NY)).toBe('Nov 24');
  });

  it.each([null, undefined, '', 'not a date', '2026-13-45T99:00:00Z', Number.NaN])('show a dash, and no title, for %p', (value) => {
    expect(formatDate(value as string)).toBe('—');
    expect(formatDateTime(value as string)).toBe('—');
    expect(formatTime(value as string)).toBe('—');
    expect(formatFullDateTime(value as string)).toBe('');
  });
});
