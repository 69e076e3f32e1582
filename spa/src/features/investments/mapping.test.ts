import { describe, expect, it } from 'vitest';
import { columnOf, completeMapping, MAPPING_FIELDS, mappingProblems, NEEDS_AMOUNT, NEEDS_INVESTOR, sameMapping, withColumn } from './mapping';

const headers = ['Investor Name', 'First Name', 'Last Name', 'Email', 'Investment Amount', 'Date', 'Status', 'Investment ID'];

describe('MAPPING_FIELDS', () => {
  it('labels every field of the mapping once, and needs only the amount on its own', () => {
    expect(MAPPING_FIELDS.map((field) => field.key)).toEqual(['email', 'name', 'firstName', 'lastName', 'amount', 'date', 'status', 'id']);
    expect(MAPPING_FIELDS.map((field) => field.label)).toEqual(['E-mail', 'Full name', 'First name', 'Last name', 'Amount', 'Date', 'Status', 'Investment ID']);
    expect(MAPPING_FIELDS.filter((field) => field.required).map((field) => field.key)).toEqual(['amount']);
  });
});

describe('mappingProblems', () => {
  it('takes the amount with the e-mail, a full name, or a first or last name', () => {
    expect(mappingProblems({ amount: 'Investment Amount', email: 'Email' })).toEqual([]);
    expect(mappingProblems({ amount: 'Investment Amount', name: 'Investor Name' })).toEqual([]);
    expect(mappingProblems({ amount: 'Investment Amount', firstName: 'First Name', lastName: 'Last Name' })).toEqual([]);
    expect(mappingProblems({ amount: 'Investment Amount', lastName: 'Last Name' })).toEqual([]);
  });

  it('needs the amount', () => {
    expect(mappingProblems({ email: 'Email', amount: null })).toEqual([NEEDS_AMOUNT]);
    expect(mappingProblems({ email: 'Email', amount: '  ' })).toEqual([NEEDS_AMOUNT]);
  });

  it('needs the e-mail or a name', () => {
    expect(mappingProblems({ amount: 'Investment Amount', date: 'Date', id: 'Investment ID' })).toEqual([NEEDS_INVESTOR]);
    expect(mappingProblems({})).toEqual([NEEDS_AMOUNT, NEEDS_INVESTOR]);
  });
});

describe('withColumn and columnOf', () => {
  it("sets a field to one of the file's headers, or to none", () => {
    const mapping = withColumn({ email: 'Email' }, 'amount', 'Investment Amount', headers);
    expect(mapping).toEqual({ email: 'Email', amount: 'Investment Amount' });
    expect(withColumn(mapping, 'email', '', headers)).toEqual({ email: null, amount: 'Investment Amount' });
  });

  it('treats a header the file lacks as none', () => {
    expect(withColumn({}, 'amount', 'Amount (USD)', headers)).toEqual({ amount: null });
    expect(columnOf({ amount: 'Amount (USD)' }, 'amount', headers)).toBe('');
    expect(columnOf({ amount: 'Investment Amount' }, 'amount', headers)).toBe('Investment Amount');
    expect(columnOf({}, 'date', headers)).toBe('');
  });
});

describe('completeMapping and sameMapping', () => {
  it('sends every field, null where no column is chosen', () => {
    expect(completeMapping({ email: 'Email', amount: 'Investment Amount', name: '' })).toEqual({
      email: 'Email',
      name: null,
      firstName: null,
      lastName: null,
      amount: 'Investment Amount',
      date: null,
      status: null,
      id: null,
    });
  });

  it('compares the chosen columns, whatever is left out', () => {
    expect(sameMapping({ email: 'Email', amount: 'A' }, { email: 'Email', amount: 'A', date: null })).toBe(true);
    expect(sameMapping({ email: 'Email', amount: 'A' }, { email: 'Email', amount: 'B' })).toBe(false);
  });
});
