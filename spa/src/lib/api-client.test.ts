import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './api-client';

describe('filenameFromDisposition', () => {
  it('reads a quoted file name', () => {
    expect(filenameFromDisposition('attachment; filename="leads-2025-04-22.csv"')).toBe('leads-2025-04-22.csv');
  });

  it('reads an unquoted file name', () => {
    expect(filenameFromDisposition('attachment; filename=leads.csv')).toBe('leads.csv');
  });

  it('prefers the UTF-8 extended name', () => {
    expect(filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''Sunrise%20Fund.csv`)).toBe('Sunrise Fund.csv');
  });

  it('gives nothing without a header or a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });
});
