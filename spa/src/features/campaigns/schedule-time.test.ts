import { describe, expect, it } from 'vitest';
import { formatInZone, localInputToUtc, scheduleProblem, suggestedSchedule, timeZoneLabel, utcToLocalInput } from './schedule-time';

describe('localInputToUtc', () => {
  it('reads a winter time in New York as five hours behind UTC', () => {
    expect(localInputToUtc('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00Z');
  });

  it('reads a summer time in New York as four hours behind UTC', () => {
    expect(localInputToUtc('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00Z');
  });

  it('handles zones with half-hour offsets and zones ahead of UTC', () => {
    expect(localInputToUtc('2026-12-01T09:30', 'Asia/Kolkata')).toBe('2026-12-01T04:00:00Z');
    expect(localInputToUtc('2026-12-01T00:15', 'Europe/Paris')).toBe('2026-11-30T23:15:00Z');
  });

  it('moves a time skipped by the spring-forward change past the gap', () => {
    // 2026-03-08 02:30 does not exist in New York (02:00 → 03:00).
    expect(localInputToUtc('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00Z');
  });

  it('takes the first of the two 1:30s when clocks fall back', () => {
    expect(localInputToUtc('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00Z');
  });

  it('refuses what is not a local date-time', () => {
    expect(localInputToUtc('', 'UTC')).toBeNull();
    expect(localInputToUtc('tomorrow at 9', 'UTC')).toBeNull();
    expect(localInputToUtc('2026-12-01T09:30Z', 'UTC')).toBeNull();
  });
});

describe('utcToLocalInput', () => {
  it('is the inverse of localInputToUtc', () => {
    for (const zone of ['America/Los_Angeles', 'Europe/London', 'Australia/Sydney', 'UTC']) {
      const utc = localInputToUtc('2026-12-24T18:05', zone)!;
      expect(utcToLocalInput(utc, zone)).toBe('2026-12-24T18:05');
    }
  });
});

describe('suggestedSchedule', () => {
  it('suggests the next whole hour at least 30 minutes ahead', () => {
    expect(suggestedSchedule(new Date('2026-12-01T14:10:00Z'), 'UTC')).toBe('2026-12-01T15:00');
    expect(suggestedSchedule(new Date('2026-12-01T14:40:00Z'), 'UTC')).toBe('2026-12-01T16:00');
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it('accepts a time between 5 minutes and a year ahead', () => {
    expect(scheduleProblem('2026-12-01T12:10:00Z', now)).toBeNull();
  });
  it('names what is wrong otherwise', () => {
    expect(scheduleProblem(null, now)).toBe('Choose a date and time.');
    expect(scheduleProblem('2026-12-01T12:01:00Z', now)).toBe('Choose a time at least 5 minutes from now.');
    expect(scheduleProblem('2028-01-01T12:00:00Z', now)).toBe('Choose a time within the next year.');
  });
});

describe('time zone names', () => {
  it('names the zone in words, season by season', () => {
    expect(timeZoneLabel('America/New_York', new Date('2026-12-01T12:00:00Z'))).toBe('Eastern Standard Time');
    expect(timeZoneLabel('America/New_York', new Date('2026-07-01T12:00:00Z'))).toBe('Eastern Daylight Time');
  });

  it('writes a scheduled instant the app’s one way, in the zone, named after it', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(formatInZone('2026-12-01T14:30:00Z', 'America/New_York', now)).toBe('Dec 1, 9:30 AM EST');
    expect(formatInZone('2026-07-01T13:30:00Z', 'America/New_York', now)).toBe('Jul 1, 9:30 AM EDT');
    expect(formatInZone('2027-01-05T14:30:00Z', 'America/New_York', now)).toBe('Jan 5, 2027, 9:30 AM EST');
    // The year is the zone's: New Year's Eve in Los Angeles is already next year in UTC.
    expect(formatInZone('2027-01-01T05:00:00Z', 'America/Los_Angeles', now)).toBe('Dec 31, 9:00 PM PST');
    expect(formatInZone(undefined, 'UTC', now)).toBe('—');
    expect(formatInZone('not a date', 'UTC', now)).toBe('—');
  });
});
