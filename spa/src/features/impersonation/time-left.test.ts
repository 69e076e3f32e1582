import { describe, expect, it } from 'vitest';
import { formatTimeLeft, msLeft } from './time-left';

const END = '2026-11-23T10:30:00Z';
const at = (iso: string) => Date.parse(iso);

describe('formatTimeLeft', () => {
  it.each([
    ['2026-11-23T10:00:00Z', '30 min left'],
    ['2026-11-23T10:02:00Z', '28 min left'],
    ['2026-11-23T10:01:30Z', '29 min left'],
    ['2026-11-23T10:29:00Z', '1 min left'],
    ['2026-11-23T10:29:59Z', '1 min left'],
    ['2026-11-23T09:30:00Z', '1 h left'],
    ['2026-11-23T09:25:00Z', '1 h 5 min left'],
    ['2026-11-23T08:00:00Z', '2 h 30 min left'],
  ])('at %s reads %s', (now, expected) => {
    expect(formatTimeLeft(END, at(now))).toBe(expected);
  });

  it('reads Session ended at and after the end', () => {
    expect(formatTimeLeft(END, at(END))).toBe('Session ended');
    expect(formatTimeLeft(END, at('2026-11-23T11:00:00Z'))).toBe('Session ended');
  });

  it('is null for an end that is not a date', () => {
    expect(formatTimeLeft('soon', at(END))).toBeNull();
  });
});

describe('msLeft', () => {
  it('counts down to the end and stops at zero', () => {
    expect(msLeft(END, at('2026-11-23T10:29:30Z'))).toBe(30_000);
    expect(msLeft(END, at('2026-11-23T10:31:00Z'))).toBe(0);
    expect(msLeft('', 0)).toBeNull();
  });
});
