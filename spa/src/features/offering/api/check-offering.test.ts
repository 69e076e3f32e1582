import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkFromError } from './check-offering';

describe('checkFromError', () => {
  it("puts the server's problems at their fields", () => {
    const failure = new ApiError(400, 'status_backwards', 'The offering is Live; it can only move forward.', [
      { field: 'status', code: 'status_backwards', message: 'The offering is Live; it can only move forward.' },
      { field: 'filingDate', code: 'invalid_filing_date', message: 'Write the filing date as YYYY-MM-DD.' },
      { field: 'filingDate', code: 'filing_date_required', message: 'Enter the day your Form C was filed.' },
      { field: 'unknown', code: 'x', message: 'ignored' },
    ]);
    expect(checkFromError(failure)).toEqual({
      valid: false,
      message: 'The offering is Live; it can only move forward.',
      errors: { status: 'The offering is Live; it can only move forward.', filingDate: 'Write the filing date as YYYY-MM-DD.' },
    });
  });

  it('leaves any other failure an error', () => {
    const conflict = new ApiError(409, 'offering_changed', 'Reload.');
    expect(() => checkFromError(conflict)).toThrow(conflict);
    const malformed = new ApiError(400, 'invalid_json', 'The request body is not valid.');
    expect(() => checkFromError(malformed)).toThrow(malformed);
    expect(() => checkFromError(new TypeError('offline'))).toThrow('offline');
  });
});
