import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './components/checkout-return';

describe('return from checkout', () => {
  it('only follows in-app returnTo paths', () => {
    expect(safeReturnTo('/forms?create=true')).toBe('/forms?create=true');
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('https://evil.example')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
