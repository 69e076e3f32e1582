import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingSeconds } from './upsell';

describe('upsell countdown', () => {
  it('counts whole seconds down to zero and never below', () => {
    expect(remainingSeconds(180_000, 0)).toBe(180);
    expect(remainingSeconds(180_000, 179_001)).toBe(1);
    expect(remainingSeconds(180_000, 200_000)).toBe(0);
  });

  it('shows minutes and seconds', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
