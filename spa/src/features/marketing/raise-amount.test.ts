import { describe, expect, it } from 'vitest';
import { clamp, parseRaiseAmount } from './raise-amount';

describe('parseRaiseAmount', () => {
  it('reads whole dollars', () => {
    expect(parseRaiseAmount('750000')).toBe(750_000);
  });

  it('ignores dollar signs, thousands separators and spaces', () => {
    expect(parseRaiseAmount('$1,250,000')).toBe(1_250_000);
    expect(parseRaiseAmount(' 50 000 ')).toBe(50_000);
  });

  it('rounds cents to the nearest dollar', () => {
    expect(parseRaiseAmount('12.6')).toBe(13);
    expect(parseRaiseAmount('12.')).toBe(12);
  });

  it('gives null for empty or non-numeric input', () => {
    expect(parseRaiseAmount('')).toBeNull();
    expect(parseRaiseAmount('abc')).toBeNull();
    expect(parseRaiseAmount('-5000')).toBeNull();
    expect(parseRaiseAmount('1e6')).toBeNull();
  });
});

describe('clamp', () => {
  it('keeps values inside the range', () => {
    expect(clamp(5_000, 10_000, 5_000_000)).toBe(10_000);
    expect(clamp(6_000_000, 10_000, 5_000_000)).toBe(5_000_000);
    expect(clamp(250_000, 10_000, 5_000_000)).toBe(250_000);
  });
});
