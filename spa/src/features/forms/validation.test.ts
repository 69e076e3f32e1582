import { describe, expect, it } from 'vitest';
import { fieldError, validateAnswers } from './validation';
import type { FormField } from './types';

const field = (overrides: Partial<FormField>): FormField => ({ id: 'f', type: 'text', label: 'Full Name', required: true, ...overrides });

describe('investor answer validation', () => {
  it('requires required answers, with the field label', () => {
    expect(fieldError(field({}), '  ')).toBe('Full Name is required.');
    expect(fieldError(field({ required: false }), '')).toBeNull();
    expect(fieldError(field({ type: 'checkbox', label: 'I agree' }), '')).toBe('Please tick this box to continue.');
  });

  it('checks e-mail, phone and choices', () => {
    expect(fieldError(field({ type: 'email' }), 'ada@example')).toBe('Enter a valid email address.');
    expect(fieldError(field({ type: 'email' }), 'ada@example.com')).toBeNull();
    expect(fieldError(field({ type: 'phone' }), '12ab')).toBe('Enter a valid phone number.');
    expect(fieldError(field({ type: 'phone' }), '+1 (555) 123-4567')).toBeNull();
    expect(fieldError(field({ type: 'select', options: ['A', 'B'] }), 'C')).toBe('Choose one of the options.');
  });

  it('collects errors by field id', () => {
    const fields = [field({ id: 'a' }), field({ id: 'b', type: 'email' })];
    expect(validateAnswers(fields, { a: 'Ada', b: 'nope' })).toEqual({ b: 'Enter a valid email address.' });
  });
});
