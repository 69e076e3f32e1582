import { describe, expect, it } from 'vitest';
import { formatUsd, yourCounted } from './format';

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

describe('yourCounted', () => {
  it.each([
    [1, 'your form'],
    [2, 'both of your forms'],
    [3, 'all 3 of your forms'],
    [1200, 'all 1,200 of your forms'],
  ])('says %d forms as "%s", never "all 2 of your forms"', (count, expected) => {
    expect(yourCounted(count)).toBe(expected);
  });

  it('has nothing to say about no forms, or a count that is not one', () => {
    expect(yourCounted(0)).toBeNull();
    expect(yourCounted(-1)).toBeNull();
    expect(yourCounted(1.5)).toBeNull();
    expect(yourCounted(Number.NaN)).toBeNull();
  });

  it('counts other things the same way', () => {
    expect(yourCounted(2, 'campaign')).toBe('both of your campaigns');
  });
});
