import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, toError } from './api-client';

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

describe('toError', () => {
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it("carries the server's code and message, and its problems per field", async () => {
    const error = await toError(
      answer(400, {
        error: { code: 'filing_date_required', message: 'Enter the day your Form C was filed.' },
        errors: [
          { field: 'filingDate', code: 'filing_date_required', message: 'Enter the day your Form C was filed.' },
          { field: 'offeringUrl', code: 'invalid_url', message: "Enter the offering page's full address, starting with https://." },
          { field: 'broken' },
        ],
      }),
    );
    expect([error.status, error.code, error.message]).toEqual([400, 'filing_date_required', 'Enter the day your Form C was filed.']);
    expect(error.fields.map((f) => f.field)).toEqual(['filingDate', 'offeringUrl']);
  });

  it('has no problems per field when the server names none', async () => {
    const error = await toError(answer(409, { error: { code: 'offering_changed', message: 'Reload.' } }));
    expect(error.fields).toEqual([]);
    expect((await toError(new Response('<html>', { status: 502 }))).code).toBe('http_error');
  });
});
