import { describe, expect, it } from 'vitest';
import { formatLeadDay, ordinal } from './format';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
  ])('gives %i the suffix of %s', (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

describe('formatLeadDay', () => {
  it('shows the short weekday and the ordinal day of the month, as the spec example Mon 1st', () => {
    expect(formatLeadDay(new Date(2024, 0, 1))).toBe('Mon 1st');
  });

  it.each([
    [new Date(2025, 3, 22), 'Tue 22nd'],
    [new Date(2025, 5, 1), 'Sun 1st'],
    [new Date(2025, 8, 3), 'Wed 3rd'],
    [new Date(2025, 8, 11), 'Thu 11th'],
    [new Date(2025, 1, 12), 'Wed 12th'],
    [new Date(2025, 4, 23), 'Fri 23rd'],
    [new Date(2025, 4, 31), 'Sat 31st'],
  ])('formats %s as %s', (date, expected) => {
    expect(formatLeadDay(date)).toBe(expected);
  });

  it('reads ISO timestamps in the viewer time zone', () => {
    const iso = new Date(2025, 3, 22, 23, 30).toISOString();
    expect(formatLeadDay(iso)).toBe('Tue 22nd');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatLeadDay('not a date')).toBe('—');
  });
});
