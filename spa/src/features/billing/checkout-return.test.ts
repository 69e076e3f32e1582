import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './components/checkout-return';
import { purchaseValue } from './api/track';

describe('return from checkout', () => {
  it('only follows in-app returnTo paths', () => {
    expect(safeReturnTo('/forms?create=true')).toBe('/forms?create=true');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });

  it('values a purchase at 997 USD for Pro and 497 otherwise', () => {
    expect(purchaseValue('pro')).toBe(997);
    expect(purchaseValue('standard')).toBe(497);
    expect(purchaseValue(null)).toBe(497);
  });
});
