import { describe, expect, it } from 'vitest';
import { fieldError, validateAnswers } from './validation';
import type { FormField } from './types';

const field = (overrides: Partial<FormField>): FormField => ({ id: 'f', type: 'text', label: 'Full Name', required: true, ...overrides });
const serverWords = { required: 'Please choose an amount range.', invalid: 'Please choose one of the options.', too_long: 'Please shorten this answer to 500 characters.' };

describe('investor answer validation', () => {
  it('says what the server says for a field that carries its sentences', () => {
    const amount = field({ type: 'select', options: ['Under $10,000', 'Over $100,000'], messages: serverWords });
    expect(fieldError(amount, '')).toBe('Please choose an amount range.');
    expect(fieldError(amount, 'A billion')).toBe('Please choose one of the options.');
    expect(fieldError(amount, 'Over $100,000')).toBeNull();
  });

  it('falls back to the generic sentences in the preview of unsaved fields', () => {
    expect(fieldError(field({}), '  ')).toBe('Please answer this question.');
    expect(fieldError(field({ required: false }), '')).toBeNull();
    expect(fieldError(field({ type: 'checkbox', label: 'I agree' }), '')).toBe('Please tick this box to continue.');
    expect(fieldError(field({ type: 'email' }), '')).toBe('Please enter your email.');
  });

  it('checks e-mail, phone and choices', () => {
    expect(fieldError(field({ type: 'email' }), 'ada@example')).toBe('Please enter a valid email address.');
    expect(fieldError(field({ type: 'email' }), 'ada@example.com')).toBeNull();
    expect(fieldError(field({ type: 'phone' }), '12ab')).toBe('Please enter a valid phone number.');
    expect(fieldError(field({ type: 'phone' }), '+1 (555) 123-4567')).toBeNull();
    expect(fieldError(field({ type: 'select', options: ['A', 'B'] }), 'C')).toBe('Please choose one of the options.');
  });

  it('collects errors by field id', () => {
    const fields = [field({ id: 'a' }), field({ id: 'b', type: 'email' })];
    expect(validateAnswers(fields, { a: 'Ada', b: 'nope' })).toEqual({ b: 'Please enter a valid email address.' });
  });
});
