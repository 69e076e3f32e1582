import { describe, expect, it } from 'vitest';
import { formatUsd } from './format';

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [5000, '$5,000'],
    [37500, '$37,500'],
    [120000, '$120,000'],
    [1234567, '$1,234,567'],
    [12.6, '$13'],
  ])('formats %d as %s, in dollars without decimals', (amount, expected) => {
    expect(formatUsd(amount)).toBe(expected);
  });

  it('treats a missing amount as zero', () => {
    expect(formatUsd(Number.NaN)).toBe('$0');
  });
});
